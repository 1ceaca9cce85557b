#!/usr/bin/env python3
"""The operator's side of starting loyang-server, checked with the real binary.

    data_dir_test.py SERVER_BINARY CASE

CASE is one of:
  lock      a second server on the same data directory exits 2 with one sentence naming the
            first one's pid; `backup` still works meanwhile; once the first has stopped, a
            new server starts on the directory.
  kill9     a server killed with SIGKILL leaves no stale lock: the next one starts.
  port      a port already taken is one readable sentence and exit status 2, without library
            internals.
  readonly  a data directory, or a database file, that cannot be written: exit 2 and a
            sentence, instead of a server that starts and fails every write. The tests run as
            root, which ignores permission bits, so the directory is made read-only for real
            with a read-only bind mount in a private mount namespace (`unshare -rm`); exit 77
            (skipped) where that is not allowed.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import queue

from server_process import SKIP, Failure, run_case, server_args, stop_process


class Server:
    """A loyang-server process, started and waited for until it listens."""

    def __init__(self, argv):
        self.lines = []
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, errors="replace")
        ports = queue.Queue()

        def drain():
            for line in self.process.stdout:
                self.lines.append(line)
                found = re.search(r"listening on http://[^ ]*:(\d+)/", line)
                if found:
                    ports.put(int(found.group(1)))
            ports.put(None)

        threading.Thread(target=drain, daemon=True).start()
        try:
            self.port = ports.get(timeout=60)
        except queue.Empty:
            self.port = None

    def output(self):
        return "".join(self.lines)

    def stop(self, sig=signal.SIGTERM):
        return stop_process(self.process, sig)


def start(argv):
    s = Server(argv)
    if s.port is None:
        s.stop(signal.SIGKILL)
        raise Failure(f"the server did not start ({' '.join(argv)}):\n{s.output()}")
    return s


def refused(argv, expected_pattern):
    """Runs a server that must refuse to start: exit 2 and a sentence matching the pattern."""
    s = Server(argv)
    if s.port is not None:
        s.stop(signal.SIGKILL)
        raise Failure(f"the server started although it must not:\n{s.output()}")
    rc = s.process.wait(timeout=60)
    out = s.output()
    if rc != 2:
        raise Failure(f"exit status {rc}, expected 2:\n{out}")
    if not re.search(expected_pattern, out):
        raise Failure(f"the output does not say /{expected_pattern}/:\n{out}")
    if re.search(r"boost|system:\d+|\.hpp|\.cpp", out):
        raise Failure(f"the output shows library internals:\n{out}")
    print(f"refused as expected: {out.strip()}")


def case_lock(binary, tmp):
    data = os.path.join(tmp, "data")
    first = start(server_args(binary, data))
    try:
        refused(server_args(binary, data),
                rf"^loyang-server: data directory {re.escape(data)} is in use by another "
                rf"loyang-server \(pid {first.process.pid}\); stop it first$")
        # The refused server changed nothing: the first one still serves.
        backup = subprocess.run([binary, "backup", "--data", data, "--out",
                                 os.path.join(tmp, "copy.db")],
                                capture_output=True, text=True, timeout=60)
        if backup.returncode != 0:
            raise Failure(f"backup while a server runs failed ({backup.returncode}): "
                          f"{backup.stdout}{backup.stderr}")
        # The commands that write to the directory wait for the server to stop; the operator
        # command says how to grant online instead.
        grant = subprocess.run([binary, "operator", "grant", "nobody", "--data", data],
                               capture_output=True, text=True, timeout=60)
        if grant.returncode != 2 or "in use by another loyang-server" not in grant.stderr \
                or "stop the server" not in grant.stderr \
                or "PUT /api/moderation/operators/nobody" not in grant.stderr:
            raise Failure(f"operator grant while a server runs: {grant.returncode} "
                          f"{grant.stdout}{grant.stderr}")
        if first.process.poll() is not None:
            raise Failure("the first server died")
    finally:
        rc = first.stop()
    if rc != 0:
        raise Failure(f"the first server exited with {rc}:\n{first.output()}")
    start(server_args(binary, data)).stop()


def case_kill9(binary, tmp):
    data = os.path.join(tmp, "data")
    crashed = start(server_args(binary, data))
    crashed.stop(signal.SIGKILL)
    if not os.path.exists(os.path.join(data, "loyang.lock")):
        raise Failure("no lock file was left behind: the case proves nothing")
    start(server_args(binary, data)).stop()


def case_port(binary, tmp):
    first = start(server_args(binary, os.path.join(tmp, "a")))
    try:
        refused(server_args(binary, os.path.join(tmp, "b"), first.port),
                rf"^loyang-server: cannot listen on 127\.0\.0\.1:{first.port}: "
                r"the address is already in use$")
    finally:
        first.stop()


def case_readonly(binary, tmp):
    unshare = shutil.which("unshare")
    probe = subprocess.run([unshare or "unshare", "-rm", "true"], capture_output=True) \
        if unshare else None
    if probe is None or probe.returncode != 0:
        print("skipped: `unshare -rm` (a private mount namespace) is not allowed here, and root "
              "ignores permission bits, so nothing can be made read-only for this test")
        return SKIP
    data = os.path.join(tmp, "data")
    # A database with a schema, made by a server that stopped cleanly.
    start(server_args(binary, data)).stop()

    def read_only(target, *argv):
        script = ('mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && shift && '
                  'exec "$@"')
        return [unshare, "-rm", "sh", "-c", script, "sh", target, *argv]

    # The whole directory.
    refused(read_only(data, *server_args(binary, data)),
            rf"^loyang-server: data directory {re.escape(data)} cannot be written: "
            r"Read-only file system$")
    # Only the database file: the directory (lock, -wal, -shm) is writable.
    db = os.path.join(data, "loyang.db")
    refused(read_only(db, *server_args(binary, data)),
            rf"^loyang-server: database {re.escape(db)} cannot be written: "
            r"attempt to write a readonly database$")
    return 0


def main():
    binary, case = sys.argv[1], sys.argv[2]
    cases = {"lock": case_lock, "kill9": case_kill9, "port": case_port, "readonly": case_readonly}
    return run_case(cases[case], binary, prefix="loyang-data-dir-test-")


if __name__ == "__main__":
    sys.exit(main())
