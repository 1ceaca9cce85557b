#!/usr/bin/env python3
"""Connections and file descriptors (issue 34, section 1), checked with the real binary.

    descriptors_test.py SERVER_BINARY CASE

CASE is one of:
  exhaust      a server started with an open-file limit of 64 (hard limit too, so that its
               raise to the hard limit cannot undo it) and 240 idle connections, more than it
               has descriptors for: over 3 s of that it uses little CPU and its log grows by
               kilobytes, not megabytes (before: a busy accept loop logging every failure);
               once the connections close, a new client is served again at once, and
               /metrics counts the failed accepts.
  per_address  a server started with an open-file limit of 100 under a hard one of 2048 raises
               it to 2048 and logs it. --max-connections-per-address 3
               --max-websockets-per-address 2: the third
               WebSocket from 127.0.0.1 and its fourth connection get `429
               too_many_connections` (at most 64 wait for their answer at once, the others
               are closed at once), while 127.0.0.2 (Linux routes all of 127/8 to lo) is
               served; closing one lets 127.0.0.1 in again. Behind the trusted proxy
               127.0.0.3 connections are not limited per peer, and WebSockets count per
               X-Forwarded-For client, IPv6 by its /64.
"""
import base64
import json
import os
import re
import resource
import socket
import subprocess
import sys
import time

from server_process import SKIP, Failure, run_case, server_args, stop_process

SERVER_FILES = 64  # the server's open-file limit in the `exhaust` case
CLIENTS = 240      # idle connections opened against it


class Server:
    """A loyang-server process logging to a file, waited for until it listens."""

    def __init__(self, binary, tmp, args, files=None):
        self.log_path = os.path.join(tmp, "server.log")
        self.log = open(self.log_path, "wb")
        if isinstance(files, int):
            files = (files, files)
        limit = None if files is None else (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, files))
        self.process = subprocess.Popen(server_args(binary, os.path.join(tmp, "data")) + args,
                                        stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limit)
        self.port = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            output = self.output()
            found = re.search(r"listening on http://[^ ]*:(\d+)/", output)
            if found and "open-file limit" in output:  # logged right after
                self.port = int(found.group(1))
                return
            time.sleep(0.05)
        self.stop()
        raise Failure(f"the server did not start:\n{self.output()}")

    def output(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")

    def log_size(self):
        return os.path.getsize(self.log_path)

    def open_files(self):
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def cpu_seconds(self):
        """User plus system CPU time the server has used (/proc/PID/stat, fields 14 and 15)."""
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        rc = stop_process(self.process)
        self.log.close()
        return rc


def connect(port, source="127.0.0.1", timeout=5):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def read_response(s):
    """(status, body) of one HTTP response on `s`; body parsed as JSON when it is."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            raise Failure(f"the connection closed before a response: {data!r}")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    want = int(length.group(1)) if length else 0
    while len(body) < want:
        chunk = s.recv(4096)
        if not chunk:
            break
        body += chunk
    try:
        return status, json.loads(body) if body else None
    except ValueError:
        return status, body.decode(errors="replace")


def request(s, path, forwarded_for=None, upgrade=False):
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if forwarded_for:
        head += f"X-Forwarded-For: {forwarded_for}\r\n"
    if upgrade:
        key = base64.b64encode(os.urandom(16)).decode()
        head += ("Upgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    s.sendall((head + "\r\n").encode())
    return read_response(s)


def websocket(port, source="127.0.0.1", forwarded_for=None):
    """(status, body, socket): a WebSocket upgrade on a new connection from `source`."""
    s = connect(port, source)
    status, body = request(s, "/ws", forwarded_for, upgrade=True)
    return status, body, s


def healthz(port, source="127.0.0.1", timeout=5):
    s = connect(port, source, timeout)
    try:
        return request(s, "/healthz")[0]
    finally:
        s.close()


def metric(port, line_start):
    s = connect(port, "127.0.0.2")
    try:
        status, body = request(s, "/metrics")
    finally:
        s.close()
    for line in body.splitlines():
        if line.startswith(line_start + " "):
            return float(line.rsplit(" ", 1)[1])
    raise Failure(f"/metrics has no {line_start}:\n{body}")


def closed_by_server(s):
    try:
        return s.recv(1) == b""
    except OSError:
        return True


def closed_now(s):
    """Whether the server has closed `s` already (without waiting)."""
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.settimeout(5)


def refused(status, body, what):
    if status != 429 or not isinstance(body, dict) or body["error"]["code"] != "too_many_connections":
        raise Failure(f"{what}: expected 429 too_many_connections, got {status} {body}")


def case_exhaust(binary, tmp):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < CLIENTS + 64:
        print(f"this process may open only {hard} files; {CLIENTS + 64} are needed")
        return SKIP
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    server = Server(binary, tmp, ["--max-connections-per-address", "0", "--max-websockets-per-address", "0"],
                    files=SERVER_FILES)
    clients = []
    try:
        if f"open-file limit: {SERVER_FILES} " not in server.output():
            raise Failure(f"the server does not log its open-file limit:\n{server.output()}")
        # One connection's whole life first (a request, then the client closes), and the store's
        # writer idle past its first probe (every 2 s): in a build with the sanitizers, the first
        # check of a virtual call needs a spare descriptor (a pipe), which the server will not
        # have, and is then reported as "invalid vptr"; once checked, a call's type is cached.
        warm = connect(server.port)
        if request(warm, "/healthz")[0] != 200:
            raise Failure("/healthz is not answered")
        warm.close()
        time.sleep(2.5)
        for _ in range(CLIENTS):  # the kernel completes each handshake into the listen backlog
            clients.append(connect(server.port))
        deadline = time.monotonic() + 20
        while server.open_files() < SERVER_FILES:
            if time.monotonic() > deadline:
                raise Failure(f"the server never ran out of descriptors ({server.open_files()} open):\n"
                              f"{server.output()[-3000:]}")
            time.sleep(0.1)
        time.sleep(0.5)  # into the back-off
        cpu, size = server.cpu_seconds(), server.log_size()
        time.sleep(3)
        cpu, size = server.cpu_seconds() - cpu, server.log_size() - size
        print(f"out of descriptors for 3 s: {cpu:.2f} s of CPU, the log grew by {size} bytes")
        if cpu > 0.3:
            raise Failure(f"the server used {cpu:.2f} s of CPU in 3 s without descriptors (a busy loop)")
        if size > 8192:
            raise Failure(f"the log grew by {size} bytes in 3 s:\n{server.output()[-2000:]}")
        if not re.search(r"Too many open files \(open-file limit 64;", server.output()):
            raise Failure(f"the log does not name the limit:\n{server.output()[-2000:]}")
        for c in clients:
            c.close()
        clients = []
        # Served again once the descriptors are free: the back-off waits at most 1 s.
        deadline, status = time.monotonic() + 15, None
        while status != 200 and time.monotonic() < deadline:
            try:
                status = healthz(server.port, timeout=2)
            except (OSError, Failure):
                time.sleep(0.2)
        if status != 200:
            raise Failure(f"no new client was served after the connections closed:\n{server.output()[-2000:]}")
        failures = metric(server.port, "loyang_accept_failures_total")
        if failures < 1:
            raise Failure("loyang_accept_failures_total does not count the failed accepts")
        print(f"served again after the connections closed; {failures:.0f} failed accepts counted")
        for line in server.output().splitlines():
            if "listener:" in line or "open-file limit" in line:
                print(f"  server: {line}")
    finally:
        for c in clients:
            c.close()
        rc = server.stop()
    if rc != 0:
        raise Failure(f"the server exited with {rc}:\n{server.output()[-3000:]}")
    return 0


def case_per_address(binary, tmp):
    # Started with a soft open-file limit under the hard one: it raises it and says so.
    server = Server(binary, tmp, ["--max-connections-per-address", "3", "--max-websockets-per-address", "2",
                                  "--trusted-proxies", "127.0.0.3"], files=(100, 2048))
    with open(f"/proc/{server.process.pid}/limits") as f:
        limits = re.search(r"Max open files\s+(\d+)\s+(\d+)", f.read())
    if "open-file limit: 2048 (raised from 100, the hard limit)" not in server.output() or \
            limits.groups() != ("2048", "2048"):
        server.stop()
        raise Failure(f"the open-file limit was not raised to the hard one ({limits.groups()}):\n{server.output()}")
    held = []
    try:
        port = server.port
        for i in range(2):
            status, body, s = websocket(port)
            held.append(s)
            if status != 101:
                raise Failure(f"WebSocket {i + 1} from 127.0.0.1: {status} {body}")
        status, body, third = websocket(port)
        refused(status, body, "the third WebSocket from 127.0.0.1")
        if not closed_by_server(third):
            raise Failure("the refused upgrade's connection stays open")
        third.close()
        # A third connection (the refused one is gone: retry while the server lets it go).
        deadline = time.monotonic() + 5
        while True:
            h = connect(port)
            status, body = request(h, "/healthz")
            if status == 200:
                break
            h.close()
            if time.monotonic() > deadline:
                raise Failure(f"a third connection from 127.0.0.1 was refused: {status} {body}")
            time.sleep(0.1)
        held.append(h)
        fourth = connect(port)
        refused(*request(fourth, "/healthz"), "the fourth connection from 127.0.0.1")
        if not closed_by_server(fourth):
            raise Failure("the refused connection stays open")
        fourth.close()
        # Refusals wait for their request at most 64 at a time; beyond, closed without an answer.
        silent = [connect(port) for _ in range(70)]
        time.sleep(1)
        closed = sum(1 for s in silent if closed_now(s))
        if closed < 6:
            raise Failure(f"{closed} of 70 over-limit connections were closed at once, expected at least 6")
        refused(*request(silent[0], "/healthz"), "a waiting over-limit connection")
        for s in silent:
            s.close()
        # Another address is served meanwhile, a WebSocket and plain HTTP.
        status, body, other = websocket(port, "127.0.0.2")
        if status != 101:
            raise Failure(f"a WebSocket from 127.0.0.2 while 127.0.0.1 is full: {status} {body}")
        held.append(other)
        if healthz(port, "127.0.0.2") != 200:
            raise Failure("127.0.0.2 is refused while 127.0.0.1 is full")
        # Closing one lets 127.0.0.1 in again.
        held.pop(0).close()
        deadline = time.monotonic() + 5
        while True:
            status, body, again = websocket(port)
            if status == 101:
                held.append(again)
                break
            again.close()
            if time.monotonic() > deadline:
                raise Failure(f"127.0.0.1 stays refused after closing a WebSocket: {status} {body}")
            time.sleep(0.1)
        # Behind the trusted proxy: not limited per peer; WebSockets count per client, IPv6 by /64.
        for i in range(5):
            s = connect(port, "127.0.0.3")
            held.append(s)
            status, body = request(s, "/healthz")
            if status != 200:
                raise Failure(f"connection {i + 1} from the trusted proxy: {status} {body}")
        for client, expected in [("2001:db8:1:2::1", 101), ("2001:db8:1:2::2", 101), ("2001:db8:1:2:ff::3", 429),
                                 ("2001:db8:1:3::1", 101), ("198.51.100.1", 101), ("198.51.100.1", 101),
                                 ("198.51.100.1", 429), ("198.51.100.2", 101)]:
            status, body, s = websocket(port, "127.0.0.3", client)
            held.append(s)
            if expected == 429:
                refused(status, body, f"a third WebSocket of {client} through the proxy")
            elif status != 101:
                raise Failure(f"a WebSocket of {client} through the proxy: {status} {body}")
        per_address = metric(port, 'loyang_connections_refused_total{limit="connections_per_address"}')
        websockets = metric(port, 'loyang_connections_refused_total{limit="websockets_per_address"}')
        if per_address < 1 or websockets < 3:
            raise Failure(f"/metrics counts {per_address} and {websockets} refusals, expected 1 and 3")
        print(f"refused as expected; /metrics: {per_address:.0f} connections, {websockets:.0f} WebSockets")
    finally:
        for s in held:
            s.close()
        rc = server.stop()
    if rc != 0:
        raise Failure(f"the server exited with {rc}:\n{server.output()[-3000:]}")
    return 0


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("exhaust", "per_address"):
        print(__doc__)
        return 2
    binary, case = sys.argv[1], sys.argv[2]
    return run_case({"exhaust": case_exhaust, "per_address": case_per_address}[case], binary)


if __name__ == "__main__":
    sys.exit(main())
