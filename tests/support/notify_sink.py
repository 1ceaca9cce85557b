#!/usr/bin/python3
"""A real SMTP server (aiosmtpd) and a webhook receiver (http.server) for the notification tests.

    notify_sink.py DIR [--tls CERT KEY] [--login USER PASSWORD] [--http-host ADDRESS]

With --tls the SMTP server offers STARTTLS with that certificate and requires it before mail;
with --login it requires that login (AUTH PLAIN or LOGIN, only over TLS).

With --http-host the webhook receiver listens on that IPv4 address instead of 127.0.0.1.

Listens on 127.0.0.1 on free ports and writes {"smtp": P, "http": Q} to DIR/ports.json once
both listen. Every mail received is written to DIR/mail-N.eml, every webhook request to
DIR/hook-N.json ({"path", "headers", "body"}), N counting from 1 in arrival order. While the
file DIR/down exists the receiver answers 503 (and stores nothing); while DIR/broken exists it
answers 500. Exits when its standard input closes (the test ended) or on SIGTERM.
"""
import json
import os
import socket
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

out = sys.argv[1]
lock = threading.Lock()
counts = {"mail": 0, "hook": 0}


def store(kind, suffix, data):
    with lock:
        counts[kind] += 1
        name = os.path.join(out, f"{kind}-{counts[kind]}{suffix}")
    with open(name + ".tmp", "wb") as f:
        f.write(data)
    os.rename(name + ".tmp", name)  # readers never see half a file


class Mailbox:
    async def handle_DATA(self, server, session, envelope):
        store("mail", ".eml", envelope.original_content or envelope.content)
        return "250 Message accepted for delivery"


class Hooks(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if os.path.exists(os.path.join(out, "down")):
            self.send_response(503)
        elif os.path.exists(os.path.join(out, "broken")):
            self.send_response(500)
        else:
            store("hook", ".json", json.dumps({"path": self.path, "headers": dict(self.headers),
                                               "body": body.decode("utf-8")}).encode())
            self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def free_port():
    # aiosmtpd's controller cannot take port 0 (it connects to its port to see it listen).
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


options = {}
args = sys.argv[2:]
if "--tls" in args:
    i = args.index("--tls")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args[i + 1], args[i + 2])
    options.update(tls_context=context, require_starttls=True)
if "--login" in args:
    i = args.index("--login")
    user, password = args[i + 1].encode(), args[i + 2].encode()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == user and auth_data.password == password
        return AuthResult(success=ok)

    options.update(authenticator=authenticator, auth_required=True, auth_require_tls=True)

controller = Controller(Mailbox(), hostname="127.0.0.1", port=free_port(), **options)
controller.start()
http_host = args[args.index("--http-host") + 1] if "--http-host" in args else "127.0.0.1"
http = ThreadingHTTPServer((http_host, 0), Hooks)
threading.Thread(target=http.serve_forever, daemon=True).start()
smtp_port = controller.port
with open(os.path.join(out, "ports.json.tmp"), "w") as f:
    json.dump({"smtp": smtp_port, "http": http.server_address[1]}, f)
os.rename(os.path.join(out, "ports.json.tmp"), os.path.join(out, "ports.json"))
sys.stdin.read()  # until the test closes our standard input
http.shutdown()
controller.stop()
