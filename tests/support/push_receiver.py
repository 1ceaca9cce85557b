#!/usr/bin/python3
"""A Web Push service and browser stand-in for the tests: it checks what a real push service
checks (RFC 8030 headers, the VAPID token of RFC 8292) and reads the message as the browser would
(RFC 8291 "aes128gcm" decryption), so a test sees exactly what reached the "browser".

    push_receiver.py serve [--port 0] [--host 127.0.0.1] [--state-file F] [--exit-with-stdin]
    push_receiver.py decrypt --p256dh-private=B64 --auth=B64 --body FILE   (with "=": base64url may begin with "-")
    push_receiver.py verify-vapid --header "vapid t=..., k=..." --audience ORIGIN [--now UNIX]
    push_receiver.py selftest

serve: an HTTP server (threaded) that prints "READY <port>" on its standard output once it
listens, then serves until SIGTERM or SIGINT (or, with --exit-with-stdin, until its standard input
closes: the test that started it ended).
  POST /subscribe       a new subscription: the receiver makes the P-256 key pair and the auth
                        secret and keeps the private key. Answers 201 with
                        {"endpoint": "http://127.0.0.1:PORT/push/<id>",
                         "keys": {"p256dh": b64url, "auth": b64url}}.
                        An optional JSON body {"applicationServerKey": b64url} binds the
                        subscription to that VAPID key, as a browser's subscribe() does.
  POST /push/<id>       a push message. Needs "TTL" (seconds), "Authorization: vapid t=<JWT>,
                        k=<key>" (ES256 signature good for k, aud = http://127.0.0.1:PORT, exp in
                        the future and at most 24 h ahead, sub a mailto: or https: URI, k the
                        subscription's key if it was bound to one), and with a body
                        "Content-Encoding: aes128gcm" and a body that decrypts with the
                        subscription's keys. Optional "Urgency" (very-low, low, normal, high) and
                        "Topic" (at most 32 base64url characters). Answers 201; 403 for a bad
                        VAPID token; 400 for a bad header or a body that does not decrypt; 413 for
                        a body over 4096 bytes; 404 for an unknown subscription, 410 for an
                        expired one.
  POST /expire/<id>     the subscription answers 410 Gone from then on (204; 404 if unknown).
  GET  /received        JSON list of every push request in arrival order: accepted ones
                        {"id", "status": 201, "refused": false, "plaintext" (UTF-8 text, or null
                        without a body), "plaintext_b64", "ttl", "urgency", "topic", "vapid_sub"}
                        and refused ones {"id", "status", "refused": true, "reason", ...}.
  With --state-file F the same list is written to F (whole, atomically) after each push request.

decrypt: decrypts an aes128gcm body (FILE) for the subscription whose private key is B64 (the
32-byte P-256 scalar, base64url) and auth secret B64; the plaintext goes to standard output.
verify-vapid: checks an Authorization header's value as serve does, for the audience ORIGIN;
prints the claims as JSON. selftest: decrypts RFC 8291's own example (Appendix A).
Each subcommand exits 0 on success and 1, saying why on standard error, on failure.
"""
import argparse
import base64
import binascii
import hashlib
import hmac
import json
import os
import re
import secrets
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAX_BODY = 4096          # RFC 8030 section 7.2: what a push service must accept, at least
MAX_VAPID_AHEAD = 86400  # RFC 8292 section 2: exp at most 24 hours ahead
URGENCIES = ("very-low", "low", "normal", "high")
BASE64URL = re.compile(r"^[A-Za-z0-9_-]*={0,2}$")


class Refused(Exception):
    """A request refused with an HTTP status and a reason."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status
        self.reason = reason


def b64url_decode(text):
    """Bytes of base64url `text` (padding optional); ValueError for anything else."""
    if not isinstance(text, str) or not BASE64URL.match(text):
        raise ValueError("not base64url")
    text = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as e:
        raise ValueError(f"not base64url: {e}") from None


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hmac_sha256(key, data):
    return hmac.new(key, data, hashlib.sha256).digest()


def public_raw(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def point_key(raw, what):
    """The P-256 public key of an uncompressed point, or ValueError."""
    if len(raw) != 65 or raw[0] != 4:
        raise ValueError(f"{what} is not an uncompressed P-256 point (65 bytes starting 0x04)")
    try:
        return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        raise ValueError(f"{what} is not a point of P-256") from None


def decrypt(body, ua_private, auth):
    """The plaintext of an RFC 8291 message (bytes) for the browser key `ua_private` and `auth`.
    ValueError says why it does not decrypt. Written from the RFCs independently of the C++ side,
    with the standard library's HMAC for HKDF, so a shared mistake is unlikely."""
    if len(auth) != 16:
        raise ValueError("the auth secret is not 16 bytes")
    if len(body) < 21:
        raise ValueError("the body is shorter than an aes128gcm header")
    salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    if rs < 18:
        raise ValueError(f"record size {rs} is below 18")
    if idlen != 65 or len(body) < 21 + idlen:
        raise ValueError(f"keyid is {idlen} bytes, not the sender's 65-byte public key")
    keyid = body[21:21 + idlen]
    ciphertext = body[21 + idlen:]
    sender = point_key(keyid, "the keyid")
    # RFC 8291 section 4: a push message is a single record.
    if not 17 <= len(ciphertext) <= rs:
        raise ValueError(f"the ciphertext ({len(ciphertext)} bytes) is not one record of at most {rs}")
    shared = ua_private.exchange(ec.ECDH(), sender)
    # RFC 8291 section 3.4, HKDF written out: extract with auth, expand with key_info.
    prk_key = hmac_sha256(auth, shared)
    ikm = hmac_sha256(prk_key, b"WebPush: info\x00" + public_raw(ua_private.public_key()) + keyid + b"\x01")
    prk = hmac_sha256(salt, ikm)
    cek = hmac_sha256(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
    nonce = hmac_sha256(prk, b"Content-Encoding: nonce\x00\x01")[:12]  # record 0: XOR 0
    try:
        record = AESGCM(cek).decrypt(nonce, ciphertext, None)
    except InvalidTag:
        raise ValueError("the record does not decrypt (wrong keys, or changed on the way)") from None
    end = len(record.rstrip(b"\x00"))
    if end == 0 or record[end - 1] != 2:
        raise ValueError("the last record does not end with the padding delimiter 0x02")
    return record[:end - 1]


def verify_vapid(header, audience, now=None, bound_key=None):
    """The claims of a good "vapid t=..., k=..." header value for `audience`; Refused(403) says
    what is wrong. `bound_key`: the raw public key the subscription was made with, if any."""
    now = int(time.time()) if now is None else now
    if not header:
        raise Refused(403, "no Authorization header")
    scheme, _, rest = header.strip().partition(" ")
    if scheme.lower() != "vapid":
        raise Refused(403, f"the Authorization scheme is {scheme!r}, not vapid")
    params = {}
    for part in rest.split(","):
        name, eq, value = part.strip().partition("=")
        if not eq:
            raise Refused(403, f"malformed vapid parameter {part.strip()!r}")
        params[name.strip().lower()] = value.strip()
    if "t" not in params or "k" not in params:
        raise Refused(403, "the vapid header needs t= and k=")
    try:
        key_raw = b64url_decode(params["k"])
        key = point_key(key_raw, "k")
    except ValueError as e:
        raise Refused(403, f"bad k: {e}") from None
    if bound_key is not None and key_raw != bound_key:
        raise Refused(403, "k is not the applicationServerKey the subscription was made with")
    parts = params["t"].split(".")
    if len(parts) != 3:
        raise Refused(403, "the token is not a JWS of three parts")
    try:
        head = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except (ValueError, UnicodeDecodeError) as e:
        raise Refused(403, f"the token does not decode: {e}") from None
    if not isinstance(head, dict) or head.get("alg") != "ES256" or head.get("typ", "JWT") != "JWT":
        raise Refused(403, f"the token's header is {head!r}, not ES256 JWT")
    if len(signature) != 64:
        raise Refused(403, f"the signature is {len(signature)} bytes, not r|s of 64")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        key.verify(der, (parts[0] + "." + parts[1]).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise Refused(403, "the token's signature is not k's") from None
    if not isinstance(claims, dict):
        raise Refused(403, "the claims are not a JSON object")
    if claims.get("aud") != audience:
        raise Refused(403, f"aud is {claims.get('aud')!r}, not {audience!r}")
    exp = claims.get("exp")
    if not isinstance(exp, int) or isinstance(exp, bool):
        raise Refused(403, f"exp is {exp!r}, not an integer")
    if exp <= now:
        raise Refused(403, f"the token expired (exp {exp}, now {now})")
    if exp > now + MAX_VAPID_AHEAD:
        raise Refused(403, f"exp {exp} is more than 24 hours ahead of {now}")
    sub = claims.get("sub")
    if not isinstance(sub, str) or not (sub.startswith("mailto:") or sub.startswith("https:")):
        raise Refused(403, f"sub is {sub!r}, not a mailto: or https: URI")
    return claims


class Service:
    """The subscriptions and everything received, shared by the request threads."""

    def __init__(self, state_file):
        self.lock = threading.Lock()
        self.subscriptions = {}  # id -> {"private", "auth", "expired", "server_key"}
        self.received = []
        self.state_file = state_file
        self.origin = None

    def record(self, entry):
        with self.lock:
            self.received.append(entry)
            count = len(self.received)
            if self.state_file:
                tmp = f"{self.state_file}.tmp"
                with open(tmp, "w", encoding="utf-8") as f:
                    json.dump(self.received, f, indent=1)
                os.replace(tmp, self.state_file)  # readers never see half a file
        return count


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "push_receiver/1"
    service = None  # set by serve()
    verbose = False

    def log_message(self, fmt, *args):
        if self.verbose:
            sys.stderr.write("push_receiver: " + fmt % args + "\n")

    def reply(self, status, body=b"", content_type="text/plain; charset=utf-8", headers=()):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if body:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def reply_json(self, status, value, headers=()):
        self.reply(status, json.dumps(value), "application/json", headers)

    def read_body(self, limit):
        """The request body, Refused(413) when longer than `limit` (the connection then closes)."""
        length = self.headers.get("Content-Length")
        if length is None:
            if self.headers.get("Transfer-Encoding"):
                self.close_connection = True
                raise Refused(411, "a Content-Length is needed")
            return b""
        if not length.isdigit():
            self.close_connection = True
            raise Refused(400, "bad Content-Length")
        if int(length) > limit:
            self.close_connection = True
            raise Refused(413, f"the body has {length} bytes, more than {limit}")
        return self.rfile.read(int(length))

    def guarded(self, route):
        try:
            route()
        except Refused as e:
            self.reply(e.status, e.reason + "\n")
        except Exception as e:  # a bug here must not take the receiver down mid-test
            sys.stderr.write(f"push_receiver: {self.command} {self.path}: {e!r}\n")
            self.close_connection = True
            try:
                self.reply(500, f"internal error: {e!r}\n")
            except OSError:
                pass

    def do_GET(self):
        self.guarded(self.get)

    def do_POST(self):
        self.guarded(self.post)

    def do_PUT(self):
        self.guarded(lambda: self.reply(405, "method not allowed\n", headers=[("Allow", "GET, POST")]))

    do_DELETE = do_PUT
    do_PATCH = do_PUT

    def get(self):
        if self.path == "/received":
            with self.service.lock:
                self.reply_json(200, self.service.received)
        else:
            self.reply(404, "not found\n")

    def post(self):
        path = self.path.split("?", 1)[0]
        if path == "/subscribe":
            self.subscribe()
        elif path.startswith("/push/"):
            self.push(path[len("/push/"):])
        elif path.startswith("/expire/"):
            sub_id = path[len("/expire/"):]
            self.read_body(1 << 16)
            with self.service.lock:
                sub = self.service.subscriptions.get(sub_id)
                if sub:
                    sub["expired"] = True
            self.reply(204 if sub else 404, b"" if sub else "no such subscription\n")
        else:
            self.read_body(1 << 16)
            self.reply(404, "not found\n")

    def subscribe(self):
        body = self.read_body(1 << 16)
        server_key = None
        if body.strip():
            try:
                options = json.loads(body)
                if not isinstance(options, dict):
                    raise ValueError("not a JSON object")
                if "applicationServerKey" in options:
                    server_key = b64url_decode(options["applicationServerKey"])
                    point_key(server_key, "applicationServerKey")
            except (ValueError, UnicodeDecodeError) as e:
                raise Refused(400, f"bad subscribe options: {e}") from None
        private = ec.generate_private_key(ec.SECP256R1())
        auth = secrets.token_bytes(16)
        sub_id = secrets.token_urlsafe(12)
        with self.service.lock:
            self.service.subscriptions[sub_id] = {"private": private, "auth": auth, "expired": False,
                                                  "server_key": server_key}
        self.reply_json(201, {"endpoint": f"{self.service.origin}/push/{sub_id}",
                              "keys": {"p256dh": b64url_encode(public_raw(private.public_key())),
                                       "auth": b64url_encode(auth)}},
                        headers=[("Location", f"/push/{sub_id}")])

    def push(self, sub_id):
        with self.service.lock:
            sub = self.service.subscriptions.get(sub_id)
        if sub is None:
            self.read_body(1 << 16)
            raise Refused(404, "no such subscription")
        if sub["expired"]:
            self.read_body(1 << 16)
            raise Refused(410, "the subscription expired")
        entry = {"id": sub_id, "ttl": self.headers.get("TTL"), "urgency": self.headers.get("Urgency"),
                 "topic": self.headers.get("Topic")}
        try:
            body = self.read_body(MAX_BODY)
            claims = verify_vapid(self.headers.get("Authorization"), self.service.origin,
                                  bound_key=sub["server_key"])
            entry["vapid_sub"] = claims["sub"]
            ttl = self.headers.get("TTL")
            if ttl is None or not ttl.isdigit():
                raise Refused(400, f"TTL is {ttl!r}, not a number of seconds")
            entry["ttl"] = int(ttl)
            urgency = self.headers.get("Urgency")
            if urgency is not None and urgency not in URGENCIES:
                raise Refused(400, f"Urgency {urgency!r} is not one of {', '.join(URGENCIES)}")
            topic = self.headers.get("Topic")
            if topic is not None and not (0 < len(topic) <= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", topic)):
                raise Refused(400, f"Topic {topic!r} is not 1 to 32 base64url characters")
            plaintext = None
            if body:
                encoding = self.headers.get("Content-Encoding")
                if encoding != "aes128gcm":
                    raise Refused(400, f"Content-Encoding is {encoding!r}, not aes128gcm")
                try:
                    plaintext = decrypt(body, sub["private"], sub["auth"])
                except ValueError as e:
                    raise Refused(400, f"the body does not decrypt: {e}") from None
        except Refused as e:
            entry.update(status=e.status, refused=True, reason=e.reason)
            self.service.record(entry)
            raise
        entry.update(status=201, refused=False,
                     plaintext=None if plaintext is None else plaintext.decode("utf-8", "replace"),
                     plaintext_b64=None if plaintext is None else b64url_encode(plaintext))
        count = self.service.record(entry)
        self.reply(201, headers=[("Location", f"/message/{count}")])


def serve(args):
    service = Service(args.state_file)
    Handler.service = service
    Handler.verbose = args.verbose
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    service.origin = f"http://{args.host}:{port}"
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if args.exit_with_stdin:
        def watch():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except (OSError, ValueError):
                pass
            stop.set()
        threading.Thread(target=watch, daemon=True).start()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"READY {port}", flush=True)
    while not stop.wait(0.5):
        pass
    server.shutdown()
    server.server_close()
    return 0


def read_private(text):
    scalar = b64url_decode(text)
    if len(scalar) != 32:
        raise ValueError("the private key is not 32 bytes")
    value = int.from_bytes(scalar, "big")
    try:
        return ec.derive_private_key(value, ec.SECP256R1())
    except ValueError:
        raise ValueError("the private key is not a P-256 scalar") from None


def decrypt_command(args):
    private = read_private(args.p256dh_private)
    auth = b64url_decode(args.auth)
    with open(args.body, "rb") as f:
        body = f.read()
    sys.stdout.buffer.write(decrypt(body, private, auth))
    sys.stdout.flush()
    return 0


def verify_command(args):
    try:
        claims = verify_vapid(args.header, args.audience, now=args.now)
    except Refused as e:
        raise ValueError(e.reason) from None
    print(json.dumps(claims))
    return 0


def selftest_command(_args):
    # RFC 8291 Appendix A: the browser's private key, the auth secret and the whole body.
    private = read_private("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")
    auth = b64url_decode("BTBZMqHH6r4Tts7J_aSIgg")
    body = b64url_decode("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
                         "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
                         "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    plaintext = decrypt(body, private, auth)
    if plaintext != b"When I grow up, I want to be a watermelon":
        raise ValueError(f"RFC 8291's example decrypted to {plaintext!r}")
    print("ok: RFC 8291 Appendix A decrypts")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description="A Web Push service stand-in for the tests.")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("serve", help="run the push service")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--state-file")
    p.add_argument("--exit-with-stdin", action="store_true")
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(run=serve)
    p = commands.add_parser("decrypt", help="decrypt an aes128gcm body")
    p.add_argument("--p256dh-private", required=True)
    p.add_argument("--auth", required=True)
    p.add_argument("--body", required=True)
    p.set_defaults(run=decrypt_command)
    p = commands.add_parser("verify-vapid", help="check a VAPID Authorization value")
    p.add_argument("--header", required=True)
    p.add_argument("--audience", required=True)
    p.add_argument("--now", type=int)
    p.set_defaults(run=verify_command)
    p = commands.add_parser("selftest", help="decrypt RFC 8291's example")
    p.set_defaults(run=selftest_command)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (ValueError, OSError) as e:
        print(f"push_receiver {args.command}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
