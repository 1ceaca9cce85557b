#!/usr/bin/env python3
"""The TLS-proxy example, tested: deploy/nginx.conf (with deploy/nginx-loyang-locations.conf)
run by a real nginx in front of a real loyang-server.

    nginx_proxy_test.py SERVER_BINARY DEPLOY_DIR

The shipped site file is used as it is, with only what a test cannot have replaced: the
ports (free ones on 127.0.0.1 instead of 80, 443 and 8080), the certificate (a self-signed
one made with openssl), the include path, and the server name. Through the proxy, over TLS,
it checks /healthz and /readyz, that /metrics is refused (the server's own port serves it), the HTTP API (an account, a login, a game), and a WebSocket
through the upgrade: hello/welcome, subscribe/snapshot, and a command answered by its patch.
Plain HTTP must redirect to HTTPS. nginx runs as an ordinary process with its own prefix,
pid and log files in a temporary directory. Exit 77 (skipped) when nginx or openssl is
missing (scripts/install-deps.sh installs nginx-light).
"""
import asyncio
import json
import os
import queue
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

SKIP = 77


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def substitute(text, pattern, replacement, count_expected=None):
    new, n = re.subn(pattern, replacement, text, flags=re.M)
    if n == 0 or (count_expected is not None and n != count_expected):
        raise Failure(f"deploy/nginx.conf changed: /{pattern}/ matched {n} times; update the test")
    return new


def site_for_test(site, deploy, server_port, http_port, https_port, cert, key):
    """deploy/nginx.conf with only the machine-specific parts replaced."""
    site = substitute(site, r"^(\s*server) 127\.0\.0\.1:8080;", rf"\1 127.0.0.1:{server_port};", 1)
    site = substitute(site, r"^\s*listen \[::\]:.*$", "")  # the test machine may have no IPv6
    site = substitute(site, r"^(\s*listen) 80;", rf"\1 127.0.0.1:{http_port};", 1)
    site = substitute(site, r"^(\s*listen) 443 ssl", rf"\1 127.0.0.1:{https_port} ssl", 1)
    site = substitute(site, r"^(\s*ssl_certificate) \S+;", rf"\1 {cert};", 1)
    site = substitute(site, r"^(\s*ssl_certificate_key) \S+;", rf"\1 {key};", 1)
    site = substitute(site, r"^(\s*include) snippets/nginx-loyang-locations\.conf;",
                      rf"\1 {deploy}/nginx-loyang-locations.conf;", 1)
    return site


def check_locations_file(text):
    """Settings whose absence a short test cannot notice by behaviour."""
    ws = re.search(r"location = /ws \{(.*?)\}", text, re.S)
    if not ws:
        raise Failure("nginx-loyang-locations.conf has no `location = /ws`")
    timeout = re.search(r"proxy_read_timeout (\d+)s;", ws.group(1))
    if not timeout or int(timeout.group(1)) < 600:
        raise Failure("the /ws location must keep idle game sockets open: proxy_read_timeout of "
                      "at least 600s (nginx's default closes them after 60 s)")
    for header in ("X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Proto $scheme"):
        if text.count("proxy_set_header " + header) != 2:
            raise Failure(f"both locations must set {header}")


class Process:
    """A child process whose output is collected; `ready` is a regex to wait for (or None)."""

    def __init__(self, argv, ready=None):
        self.lines = []
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, errors="replace")
        found = queue.Queue()

        def drain():
            for line in self.process.stdout:
                self.lines.append(line)
                if ready:
                    m = re.search(ready, line)
                    if m:
                        found.put(m)
            found.put(None)

        threading.Thread(target=drain, daemon=True).start()
        self.match = found.get(timeout=60) if ready else None

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def output(self):
        return "".join(self.lines)


def wait_for_port(port, process, limit=30):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if process.process.poll() is not None:
            raise Failure(f"nginx exited with {process.process.returncode}:\n{process.output()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise Failure(f"nginx does not listen on {port}")


def request(url, method="GET", body=None, token=None, context=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=20, context=context) as r:
            return r.status, json.loads(r.read() or b"null"), r.headers
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null"), e.headers


def expect(condition, what):
    if not condition:
        raise Failure(what)
    print("ok:", what)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


async def play_through_websocket(url, token, game, context):
    import websockets
    async with websockets.connect(url, ssl=context, max_size=None) as ws:
        async def receive():
            return json.loads(await asyncio.wait_for(ws.recv(), timeout=20))

        await ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = await receive()
        expect(welcome["type"] == "welcome", "hello through the proxy is answered by welcome")
        await ws.send(json.dumps({"type": "subscribe", "game": game, "as": "player"}))
        view = version = seat = None
        sent = None
        for _ in range(200):
            message = await receive()
            if message["type"] == "snapshot":
                view, version, seat = message["view"], message["version"], message["seat"]
                print("ok: subscribe is answered by a snapshot at version", version)
            elif message["type"] == "patch":
                if sent and message.get("id") == sent:
                    expect(message["from"] == version,
                           "the command is answered by its patch through the proxy")
                    return
                view = None  # someone else moved: ask for the view again
                await ws.send(json.dumps({"type": "subscribe", "game": game, "as": "player"}))
            elif message["type"] == "result" and message.get("id") == sent:
                raise Failure(f"the command was refused: {message}")
            if view is not None and sent is None and seat in view["to_act"]:
                legal = [c for c in view["legal"] if c["type"] != "undo"]
                sent = "proxy-1"
                await ws.send(json.dumps({"type": "command", "game": game, "version": version,
                                          "id": sent, "cmd": legal[0]}))
        raise Failure("no answer to the command through the proxy")


def run(binary, deploy, tmp):
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    openssl = shutil.which("openssl")
    if not nginx or not openssl:
        print("skipped: nginx and openssl are needed (scripts/install-deps.sh installs nginx-light)")
        return SKIP

    with open(os.path.join(deploy, "nginx-loyang-locations.conf")) as f:
        check_locations_file(f.read())
    print("ok: the /ws location keeps idle sockets and both locations set X-Forwarded-*")

    cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)

    # nginx reaches the server from 127.0.0.2 (proxy_bind below), the only trusted proxy; the
    # test's own requests come from 127.0.0.1, directly or through nginx.
    server = Process([binary, "--address", "127.0.0.1", "--port", "0", "--data",
                      os.path.join(tmp, "data"), "--password-cost", "minimal", "--threads", "2",
                      "--trusted-proxies", "127.0.0.2", "--signups-per-hour", "2"],
                     ready=r"listening on http://[^ ]*:(\d+)/")
    nginx_process = None
    try:
        if server.match is None:
            raise Failure(f"loyang-server did not start:\n{server.output()}")
        server_port = int(server.match.group(1))
        http_port, https_port = free_port(), free_port()
        with open(os.path.join(deploy, "nginx.conf")) as f:
            site = site_for_test(f.read(), deploy, server_port, http_port, https_port, cert, key)
        with open(os.path.join(tmp, "site.conf"), "w") as f:
            f.write(site)
        with open(os.path.join(tmp, "nginx.conf"), "w") as f:
            f.write(f"""pid {tmp}/nginx.pid;
error_log {tmp}/error.log info;
events {{ worker_connections 64; }}
http {{
    access_log {tmp}/access.log;
    proxy_bind 127.0.0.2;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/site.conf;
}}
""")
        # No master process: nginx runs as this user alone, whoever that is.
        nginx_process = Process([nginx, "-p", tmp, "-e", f"{tmp}/error.log", "-c",
                                 f"{tmp}/nginx.conf", "-g", "daemon off; master_process off;"])
        wait_for_port(https_port, nginx_process)
        wait_for_port(http_port, nginx_process)

        context = ssl.create_default_context(cafile=cert)
        context.check_hostname = False  # the certificate is for "localhost", the URL an IP
        base = f"https://127.0.0.1:{https_port}"

        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(f"http://127.0.0.1:{http_port}/healthz", timeout=20)
            raise Failure("plain HTTP was served instead of redirected")
        except urllib.error.HTTPError as e:
            expect(e.code == 301 and e.headers["Location"].startswith("https://"),
                   "plain HTTP redirects to HTTPS")

        status, body, _ = request(base + "/healthz", context=context)
        expect(status == 200 and body["status"] == "ok", "/healthz through TLS")
        status, body, _ = request(base + "/readyz", context=context)
        expect(status == 200 and body == {"status": "ready"}, "/readyz through TLS")
        # /metrics is the operator's: refused through the public site (also to a forged
        # X-Forwarded-For, also by HEAD), served only to whoever reaches the server itself.
        for method, headers in (("GET", None), ("HEAD", None), ("GET", {"X-Forwarded-For": "127.0.0.1"})):
            try:
                with urllib.request.urlopen(urllib.request.Request(base + "/metrics", method=method,
                                                                   headers=headers or {}),
                                            timeout=20, context=context) as r:
                    status, text = r.status, r.read().decode(errors="replace")
            except urllib.error.HTTPError as e:
                status, text = e.code, e.read().decode(errors="replace")
            expect(status == 403 and "loyang_" not in text,
                   f"{method} /metrics through the proxy is refused ({status})")
        with urllib.request.urlopen(f"http://127.0.0.1:{server_port}/metrics", timeout=20) as r:
            expect(r.status == 200 and "loyang_http_requests_total" in r.read().decode(),
                   "/metrics is served on the server's own address (for Prometheus)")

        status, body, _ = request(base + "/api/accounts", "POST",
                                  {"name": "proxied", "password": "proxy password"}, context=context)
        expect(status == 201, f"an account is created through the proxy ({status} {body})")
        status, body, _ = request(base + "/api/accounts", "POST",
                                  {"name": "proxied2", "password": "proxy password"}, context=context)
        expect(status == 201, f"a second account through the proxy ({status} {body})")
        # The sign-up limit (2 an hour) counts the client's address from X-Forwarded-For: a
        # third sign-up is refused, and a client's own X-Forwarded-For does not get around it
        # (nginx appends the real address, and the server takes the right-most untrusted one).
        status, body, _ = request(base + "/api/accounts", "POST",
                                  {"name": "proxied3", "password": "proxy password"}, context=context)
        expect(status == 429, f"a third sign-up through the proxy is limited ({status} {body})")
        status, body, _ = request(base + "/api/accounts", "POST",
                                  {"name": "proxied3", "password": "proxy password"}, context=context,
                                  headers={"X-Forwarded-For": "10.9.9.9"})
        expect(status == 429, f"a forged X-Forwarded-For through the proxy is not believed ({status} {body})")
        # Counted against 127.0.0.1, the client, not 127.0.0.2, the proxy: a direct sign-up
        # from 127.0.0.1 (whose forged header the server ignores: not a trusted proxy) is over
        # the limit too.
        status, body, _ = request(f"http://127.0.0.1:{server_port}/api/accounts", "POST",
                                  {"name": "proxied3", "password": "proxy password"},
                                  headers={"X-Forwarded-For": "10.9.9.9"})
        expect(status == 429, f"the proxied sign-ups counted for the client's address ({status} {body})")
        status, body, _ = request(base + "/api/sessions", "POST",
                                  {"name": "proxied", "password": "proxy password"}, context=context)
        expect(status == 201 and "token" in body, "a login through the proxy")
        token = body["token"]
        status, body, _ = request(base + "/api/games", "POST", {"players": 2, "bots": 1},
                                  token=token, context=context)
        expect(status == 201 and body["status"] == "active", "a game with a bot through the proxy")

        try:
            asyncio.run(play_through_websocket(f"wss://127.0.0.1:{https_port}/ws", token,
                                               body["id"], context))
        except Failure:
            raise
        except Exception as e:  # the handshake refused, a timeout, a closed connection
            raise Failure(f"the WebSocket through the proxy failed: {e!r}")
        return 0
    except Failure as e:
        print(f"FAIL: {e}")
        print("---- loyang-server ----\n" + server.output())
        if nginx_process:
            print("---- nginx ----\n" + nginx_process.output())
            try:
                with open(os.path.join(tmp, "error.log")) as f:
                    print("---- nginx error.log ----\n" + f.read()[-5000:])
            except OSError:
                pass
        return 1
    finally:
        if nginx_process:
            nginx_process.stop()
        server.stop()


def main():
    binary, deploy = sys.argv[1], os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="loyang-nginx-test-") as tmp:
        rc = run(binary, deploy, tmp)
    if rc == 0:
        print("ok")
    return rc


if __name__ == "__main__":
    sys.exit(main())
