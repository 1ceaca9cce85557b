#!/usr/bin/python3
"""A crash between commit and delivery still delivers every notification, exactly once.

    notify_crash_test.py SERVER_BINARY NOTIFY_SINK

Starts a real SMTP server and webhook receiver (NOTIFY_SINK, tests/support/notify_sink.py)
with the receiver down (503), and the real server binary. Two accounts ask for webhooks and
start a game: its notifications are committed with the game and fail to deliver. The server is
killed with SIGKILL, the receiver comes back, the server starts again on the same data: every
notification arrives, none twice (by its X-Loyang-Delivery id), and nothing is left queued.
Exits 77 when aiosmtpd is missing (scripts/install-deps.sh installs it).
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

try:
    import aiosmtpd  # noqa: F401  (the sink needs it)
except ImportError:
    print("SKIP: needs python3-aiosmtpd (scripts/install-deps.sh installs it)")
    sys.exit(77)

binary, sink_script = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="loyang-notify-crash-")
sink_dir = os.path.join(work, "sink")
os.mkdir(sink_dir)
data = os.path.join(work, "data")


def fail(message):
    print("FAIL:", message)
    print(server_output[-4000:] if server_output else "")
    sys.exit(1)


sink = subprocess.Popen(["/usr/bin/python3", sink_script, sink_dir], stdin=subprocess.PIPE)
for _ in range(200):
    if os.path.exists(os.path.join(sink_dir, "ports.json")):
        break
    time.sleep(0.05)
ports = json.load(open(os.path.join(sink_dir, "ports.json")))
open(os.path.join(sink_dir, "down"), "w").close()

server_output = ""
process = None


def start_server():
    global process
    process = subprocess.Popen(
        [binary, "--address", "127.0.0.1", "--port", "0", "--data", data, "--password-cost", "minimal",
         "--signups-per-hour", "0", "--threads", "2", "--public-url", "https://loyang.test",
         "--smtp-url", f"smtp://127.0.0.1:{ports['smtp']}", "--smtp-tls", "off",
         "--webhook-allow-networks", "127.0.0.0/8", "--notify-retry-base", "1s"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = []

    def drain():
        global server_output
        for line in process.stdout:
            server_output += line
            m = re.search(r"listening on http://[^ ]*:(\d+)/", line)
            if m:
                found.append(int(m.group(1)))

    threading.Thread(target=drain, daemon=True).start()
    for _ in range(600):
        if found:
            return found[0]
        time.sleep(0.05)
    fail("the server did not start")


def call(port, method, path, body=None, token=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read()
            return answer.status, json.loads(text) if text else None
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith(name + " "):
                return int(float(line.split()[1]))
    fail(f"no metric {name}")


def hooks():
    out = []
    n = 1
    while os.path.exists(os.path.join(sink_dir, f"hook-{n}.json")):
        out.append(json.load(open(os.path.join(sink_dir, f"hook-{n}.json"))))
        n += 1
    return out


try:
    port = start_server()
    tokens = []
    for name in ("ann", "bob"):
        call(port, "POST", "/api/accounts", {"name": name, "password": "crash-test-password"})
        status, login = call(port, "POST", "/api/sessions", {"name": name, "password": "crash-test-password"})
        if status != 201:
            fail(f"login of {name}: {status}")
        tokens.append(login["token"])
        status, _ = call(port, "PUT", "/api/account/notifications",
                         {"webhook": {"url": f"http://127.0.0.1:{ports['http']}/{name}", "format": "json"}},
                         login["token"])
        if status != 200:
            fail(f"settings of {name}: {status}")
    status, game = call(port, "POST", "/api/games", {"players": 2}, tokens[0])
    status, _ = call(port, "POST", f"/api/games/{game['id']}/join", {}, tokens[1])
    if status != 200:
        fail(f"join: {status}")
    # Committed with the game, tried, refused by the receiver: still queued.
    deadline = time.time() + 30
    while metric(port, "loyang_notifications_retried_total") < 1:
        if time.time() > deadline:
            fail("no delivery was tried")
        time.sleep(0.05)
    queued = metric(port, "loyang_notifications_queued")
    if queued < 2:
        fail(f"expected at least the two start notifications queued, found {queued}")
    if hooks():
        fail("the receiver was down but got something")
    process.send_signal(signal.SIGKILL)
    process.wait()

    os.remove(os.path.join(sink_dir, "down"))
    port = start_server()
    deadline = time.time() + 60
    while metric(port, "loyang_notifications_queued") > 0 or len(hooks()) < queued:
        if time.time() > deadline:
            fail(f"after the restart only {len(hooks())} of {queued} notifications arrived")
        time.sleep(0.1)
    time.sleep(1)  # anything sent twice would arrive now
    received = hooks()
    ids = [h["headers"]["X-Loyang-Delivery"] for h in received]
    if len(ids) != len(set(ids)):
        fail(f"delivered twice: {ids}")
    if len(received) != queued:
        fail(f"{queued} were queued, {len(received)} arrived")
    events = sorted((h["path"], json.loads(h["body"])["event"]) for h in received)
    for name in ("/ann", "/bob"):
        if (name, "start") not in events:
            fail(f"{name} was not told the game started: {events}")
    process.send_signal(signal.SIGTERM)
    if process.wait(timeout=30) != 0:
        fail("the server did not stop cleanly")
    print(f"ok: {len(received)} notifications queued before a kill -9, each delivered once after it: {events}")
finally:
    if process and process.poll() is None:
        process.kill()
    sink.stdin.close()
    sink.wait()
