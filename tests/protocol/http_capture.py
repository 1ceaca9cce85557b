#!/usr/bin/env python3
"""Walks every operation of protocol/openapi.json against a real loyang-server and checks each
exchange against the document (tests/protocol/openapi_check.py).

It starts the server binary on a free port with a temporary data directory (as
capture_traffic.py does), makes an operator and a bot account, then sends real requests: the
success answer of each operation and its main refusals (400 bad fields, 401 bad_token, 403, 404,
409, ...), and writes every exchange as one JSON line:

    {"method": "POST", "path": "/api/games/12/join", "status": 200, "request": {...} | null,
     "response": {...} | null}

(the line format `openapi_check.py http` reads; a text/plain answer is its text as a JSON
string). Then it validates them all, and fails when an operation of the document was never
exercised (but for the few in NOT_EXERCISED, each with its reason). It also replays the record
of a game with the `loyang` tool, when it is built beside the server, and validates the full
state it prints against protocol/schema/state.schema.json.

    tests/protocol/http_capture.py [--server build/debug/server/loyang-server] [--out FILE]

Needs the standard library and, for the check, the `jsonschema` module.
"""

import argparse
import base64
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from capture_traffic import Server, WebSocket, clean_up
import openapi_check

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PASSWORD = "capture-password"

# Operations no walk can answer with success here, and why. Each is still exercised (its refusal).
NOT_EXERCISED = {
    # The success answers need a mailed link's token: no mail relay in a test.
    ("GET", "/api/notify/verify", "200"): "needs the token of a verification mail (an SMTP relay)",
    ("POST", "/api/notify/verify", "200"): "needs the token of a verification mail (an SMTP relay)",
    ("GET", "/api/notify/unsubscribe", "200"): "needs the token of a mail's unsubscribe link (an SMTP relay)",
    ("POST", "/api/notify/unsubscribe", "200"): "needs the token of a mail's unsubscribe link (an SMTP relay)",
    # Clocks are at least 60 s; a nudge needs a game that stood still for an hour.
    ("POST", "/api/games/{id}/vote", "200"): "needs a clock that ran out (60 s at least)",
    ("POST", "/api/games/{id}/nudge", "200"): "needs a game that stood still for an hour",
}


class Stub:
    """capture_traffic's WebSocket records its messages: here nobody reads them."""

    def add(self, line):
        pass


class Walk:
    def __init__(self, base, port):
        self.base, self.port = base, port
        self.lines = []
        self.tokens = {}
        self.failures = []

    # One request, recorded. `expect`: the status it must get (the walk goes wrong otherwise).
    def call(self, method, path, body=None, who=None, expect=None, raw=None, headers=None, bad=False):
        """`bad`: a body sent to be refused, which the document's schema must refuse too."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        token = self.tokens.get(who, who) if who else None
        if token:
            request.add_header("Authorization", "Bearer " + token)
        for k, v in (headers or {}).items():
            request.add_header(k, v)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text, kind = response.status, response.read(), response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            status, text, kind = e.code, e.read(), e.headers.get("Content-Type", "")
        if kind.startswith("application/json"):
            answer = json.loads(text) if text else None
        else:
            answer = text.decode() if text else None
        self.lines.append({"method": method, "path": path, "status": status,
                           "request": None if raw is not None else body, "response": answer})
        if bad:
            self.lines[-1]["expect"] = "invalid"
        if expect is not None and status != expect:
            self.failures.append(f"{method} {path}: expected {expect}, got {status} {str(answer)[:300]}")
        return answer

    def ok(self, method, path, body=None, who=None, expect=200):
        return self.call(method, path, body, who, expect)

    def ws(self, name):
        ws = WebSocket(self.port, Stub(), name)
        ws.send({"type": "hello", "token": self.tokens[name]})
        ws.wait_for(lambda m: m["type"] == "welcome")
        return ws

    def play(self, game, names, commands):
        """Sends `commands` legal commands (the first of each view that is not undo) in `game`,
        each from the seat to act; names: seat -> account."""
        for _ in range(commands):
            ws = self.ws(names[0])
            ws.send({"type": "subscribe", "game": game, "as": "spectator"})
            snap, _ = ws.wait_for(lambda m: m["type"] == "snapshot")
            ws.close()
            seat = snap["view"]["to_act"][0]
            ws = self.ws(names[seat])
            ws.send({"type": "subscribe", "game": game})
            snap, _ = ws.wait_for(lambda m: m["type"] == "snapshot")
            cmd = next(c for c in snap["view"]["legal"] if c["type"] != "undo")
            ws.send({"type": "command", "game": game, "version": snap["version"], "id": "c", "cmd": cmd})
            answer, _ = ws.wait_for(lambda m: m.get("id") == "c" and m["type"] in ("patch", "result", "error"))
            ws.close()
            if answer["type"] != "patch":
                raise RuntimeError(f"command {cmd} refused: {answer}")

    # ---- the walk ------------------------------------------------------------------------------

    def run(self):
        self.operational()
        self.accounts()
        self.games()
        self.seats()
        self.finished()
        self.clocks_and_bots()
        self.social()
        self.chat()
        self.messages()
        self.notifications()
        self.tournaments()
        self.ratings_and_daily()
        self.moderation()

    def operational(self):
        self.ok("GET", "/healthz")
        self.ok("GET", "/readyz")
        self.ok("GET", "/metrics")
        self.documents()

    def documents(self):
        """The documents served are the repository's, byte for byte (the binary embeds them), and
        every schema file they refer to is served beside them."""
        protocol = os.path.join(REPO, "protocol")
        served = {"openapi.json": self.ok("GET", "/api/openapi.json"),
                  "asyncapi.json": self.ok("GET", "/api/asyncapi.json")}
        for path in sorted(glob.glob(os.path.join(protocol, "schema", "*.schema.json"))):
            name = os.path.basename(path)
            served["schema/" + name] = self.ok("GET", "/api/schema/" + name)
        for name, answer in served.items():
            with open(os.path.join(protocol, name), encoding="utf-8") as f:
                if answer != json.load(f):
                    self.failures.append(f"/api/{name} is not protocol/{name}: rebuild the server")
        referred = set(re.findall(r'"\$ref": "(schema/[^"#]+)', json.dumps(served["openapi.json"]) +
                                  json.dumps(served["asyncapi.json"])))
        for name in sorted(referred - set(served)):
            self.failures.append(f"the documents refer to {name}, which is not served")
        self.call("GET", "/api/schema/nothing.schema.json", expect=404)

    def accounts(self):
        self.call("POST", "/api/accounts", {"name": "ann"}, expect=400, bad=True)
        self.call("POST", "/api/accounts", raw=b"{not json", expect=400)
        self.call("POST", "/api/accounts", {"name": "x", "password": PASSWORD}, expect=400)
        self.call("POST", "/api/accounts", {"name": "zed", "password": "short"}, expect=400)
        self.call("POST", "/api/accounts", {"name": "zed", "password": PASSWORD, "bot": "yes"}, expect=400, bad=True)
        self.call("POST", "/api/accounts", {"name": "ANN", "password": PASSWORD}, expect=409)
        self.ok("POST", "/api/accounts", {"name": "zed", "password": PASSWORD}, expect=201)
        self.ok("POST", "/api/accounts", {"name": "robo2", "password": PASSWORD, "bot": True}, expect=201)
        self.call("POST", "/api/sessions", {"name": "zed", "password": "wrong password"}, expect=401)
        self.call("POST", "/api/sessions", {"name": "zed"}, expect=400, bad=True)
        for name in ["ann", "bob", "cat", "dan", "ops", "robo", "zed"]:
            self.tokens[name] = self.ok("POST", "/api/sessions", {"name": name, "password": PASSWORD},
                                        expect=201)["token"]
        # zed: a second login, a password change (the other token revoked), a logout.
        other = self.ok("POST", "/api/sessions", {"name": "zed", "password": PASSWORD}, expect=201)["token"]
        self.call("POST", "/api/account/password", {"old_password": "nope nope", "new_password": "battery staple"},
                  who="zed", expect=403)
        self.call("POST", "/api/account/password", {"old_password": PASSWORD}, who="zed", expect=400, bad=True)
        self.call("POST", "/api/account/password", {"old_password": PASSWORD, "new_password": "x"},
                  who="zed", expect=400)
        self.call("POST", "/api/account/password", {"old_password": PASSWORD, "new_password": "y" * 9},
                  who="not-a-token", expect=401)
        self.ok("POST", "/api/account/password", {"old_password": PASSWORD, "new_password": "battery staple"},
                who="zed")
        self.call("DELETE", "/api/sessions", who=other, expect=401)
        self.ok("DELETE", "/api/sessions", who="zed")
        self.call("DELETE", "/api/sessions", expect=401)

    def games(self):
        self.call("POST", "/api/games", {"players": 2}, who="nobody's token", expect=401)
        self.call("POST", "/api/games", {"players": 2, "colour": "red"}, who="ann", expect=400, bad=True)
        self.call("POST", "/api/games", {"players": 7}, who="ann", expect=400, bad=True)
        self.call("POST", "/api/games", {"players": 2, "invite": ["nobody_here"]}, who="ann", expect=400)
        # An open public game of ann's, a private one inviting bob and cat, a solo game.
        self.open = self.ok("POST", "/api/games", {"players": 3, "watch": "everyone", "chat": "everyone"},
                            who="ann", expect=201)["id"]
        self.private = self.ok("POST", "/api/games", {"players": 3, "invite": ["bob", "cat"]}, who="ann",
                               expect=201)["id"]
        self.solo = self.ok("POST", "/api/games", {"players": 1}, who="dan", expect=201)["id"]
        self.ok("POST", "/api/games", {"players": 4, "ruleset": "original", "bots": ["random", "easy"],
                                       "takeover_level": "strong",
                                       "time_control": {"type": "bank", "initial": 3600, "increment": 60,
                                                        "cap": 7200, "on_timeout": "vote"}},
                who="cat", expect=201)
        self.ok("GET", "/api/games?limit=2", who="bob")
        page = self.ok("GET", "/api/games?limit=1&players=3,4&time_control=none,bank", who="bob")
        if page and page.get("next_cursor"):
            self.ok("GET", "/api/games?limit=1&players=3,4&time_control=none,bank&cursor=" + page["next_cursor"],
                    who="bob")
        self.call("GET", "/api/games?limt=10", who="bob", expect=400)
        self.call("GET", "/api/games", who="bad-token", expect=401)
        self.ok("GET", "/api/my/games", who="ann")
        self.call("GET", "/api/my/games?players=2", who="ann", expect=400)
        self.ok("GET", f"/api/games/{self.open}", who="bob")
        self.call("GET", f"/api/games/{self.private}", who="dan", expect=404)
        self.call("GET", "/api/games/999", who="dan", expect=404)
        self.ok("GET", "/api/games/live?limit=5")
        self.call("GET", "/api/games/live?limit=x", expect=400)
        self.ok("GET", "/api/friends/games", who="ann")

    def seats(self):
        self.call("POST", f"/api/games/{self.open}/join", {"seat": "one"}, who="bob", expect=400, bad=True)
        self.ok("POST", f"/api/games/{self.open}/join", {"seat": 1}, who="bob")
        self.call("POST", f"/api/games/{self.open}/join", {}, who="bob", expect=409)
        self.call("POST", f"/api/games/{self.open}/join", {"seat": 1}, who="cat", expect=409)
        self.call("POST", "/api/games/999/join", {}, who="cat", expect=404)
        self.ok("POST", f"/api/games/{self.open}/leave", who="bob")
        self.call("POST", f"/api/games/{self.open}/leave", who="bob", expect=409)
        self.call("POST", "/api/games/999/leave", who="bob", expect=404)
        self.ok("POST", f"/api/games/{self.private}/decline", who="cat")
        self.call("POST", f"/api/games/{self.private}/decline", who="dan", expect=404)
        self.call("POST", f"/api/games/{self.open}/decline", who="bob", expect=409)

    def finished(self):
        """A 2-player game between ann and bob, resigned: finished. Its record, history, analysis,
        a rematch."""
        game = self.ok("POST", "/api/games", {"players": 2}, who="ann", expect=201)["id"]
        self.call("GET", f"/api/games/{game}/history", who="ann", expect=409)
        self.call("GET", f"/api/games/{game}/record", who="ann", expect=409)
        self.ok("POST", f"/api/games/{game}/join", {}, who="bob")
        self.call("POST", f"/api/games/{game}/leave", who="bob", expect=409)
        self.ok("GET", f"/api/games/{game}/history", who="ann")
        self.ok("GET", f"/api/games/{game}/history?version=0&view=spectator", who="cat")
        self.call("GET", f"/api/games/{game}/history?view=1", who="ann", expect=403)
        self.call("GET", f"/api/games/{game}/history?version=99", who="ann", expect=400)
        self.call("GET", f"/api/games/{game}/history", who="bad-token", expect=401)
        self.call("GET", "/api/games/999/history", expect=404)
        self.call("POST", f"/api/games/{game}/rematch", who="ann", expect=409)
        self.call("POST", f"/api/games/{game}/analysis", who="ann", expect=409)
        self.call("POST", f"/api/games/{game}/resign", who="cat", expect=409)
        # A few commands over the WebSocket (the home plantings), so the record and the history
        # have some.
        self.play(game, {0: "ann", 1: "bob"}, 2)
        self.ok("GET", f"/api/games/{game}/history?version=1", who="bob")
        self.ok("POST", f"/api/games/{game}/resign", who="bob")
        self.call("POST", f"/api/games/{game}/resign", who="bob", expect=409)
        self.game = game
        self.ok("GET", f"/api/games/{game}", who="ann")
        self.ok("GET", f"/api/games/{game}/history?view=all")
        self.ok("GET", f"/api/games/{game}/history?version=0&view=0", who="cat")
        self.record = self.ok("GET", f"/api/games/{game}/record")
        self.call("GET", "/api/games/999/record", expect=404)
        self.ok("GET", f"/api/games/{game}/analysis", who="cat")
        self.ok("POST", f"/api/games/{game}/analysis", who="cat", expect=202)
        for _ in range(100):
            if self.ok("POST", f"/api/games/{game}/analysis", who="cat").get("status") == "done":
                break
            time.sleep(0.1)
        self.ok("GET", f"/api/games/{game}/analysis", who="ann")
        self.call("GET", "/api/games/999/analysis", who="ann", expect=404)
        self.rematch = self.ok("POST", f"/api/games/{game}/rematch", who="ann", expect=201)["id"]
        self.call("POST", f"/api/games/{game}/rematch", who="bob", expect=409)
        self.call("POST", f"/api/games/{game}/rematch", who="cat", expect=409)

    def clocks_and_bots(self):
        # Against a bot with a per-move clock: a hint, a nudge too early, a vote with no vote.
        game = self.ok("POST", "/api/games", {"players": 2, "bots": 1, "time_control":
                                              {"type": "per_move", "seconds": 3600}}, who="bob", expect=201)["id"]
        self.ok("POST", f"/api/games/{game}/hint", who="bob")
        self.call("POST", f"/api/games/{game}/hint", who="cat", expect=409)
        self.call("POST", "/api/games/999/hint", who="cat", expect=404)
        self.call("POST", f"/api/games/{game}/nudge", who="bob", expect=409)
        self.call("POST", f"/api/games/{game}/nudge", who="cat", expect=409)
        self.call("POST", f"/api/games/{game}/vote", {"wait": True}, who="bob", expect=409)
        self.call("POST", f"/api/games/{game}/vote", {"wait": "yes"}, who="bob", expect=400, bad=True)
        self.call("POST", f"/api/games/{self.solo}/hint", who="dan")
        # A rated game of two people: no hints.
        rated = self.ok("POST", "/api/games", {"players": 2, "rated": True}, who="cat", expect=201)["id"]
        self.ok("POST", f"/api/games/{rated}/join", {}, who="dan")
        self.call("POST", f"/api/games/{rated}/hint", who="cat", expect=403)
        # Vacations.
        self.ok("GET", "/api/account/vacation", who="bob")
        self.call("DELETE", "/api/account/vacation", who="bob", expect=409)
        self.call("POST", "/api/account/vacation", {"days": 0}, who="bob", expect=400, bad=True)
        self.ok("POST", "/api/account/vacation", {"days": 2}, who="bob")
        self.call("POST", "/api/account/vacation", {"days": 2}, who="bob", expect=409)
        self.ok("GET", f"/api/games/{game}", who="bob")  # the clock paused, the seat away
        self.ok("DELETE", "/api/account/vacation", who="bob")
        self.ok("POST", f"/api/games/{game}/resign", who="bob")

    def social(self):
        self.ok("GET", "/api/account/relations", who="ann")
        for kind in ("friends", "mutes", "blocks"):
            self.ok("PUT", f"/api/account/{kind}/bob", who="ann")
            self.call("PUT", f"/api/account/{kind}/nobody_here", who="ann", expect=404)
            self.call("PUT", f"/api/account/{kind}/ann", who="ann", expect=400)
        self.ok("PUT", "/api/account/friends/cat", who="ann")
        self.ok("GET", "/api/friends/games", who="ann")
        # bob is blocked by ann: he cannot join her game.
        self.call("POST", f"/api/games/{self.open}/join", {}, who="bob", expect=403)
        for kind in ("friends", "mutes", "blocks"):
            self.ok("DELETE", f"/api/account/{kind}/bob", who="ann")
            self.call("DELETE", f"/api/account/{kind}/nobody_here", who="ann", expect=404)

    def chat(self):
        game = self.open
        self.ok("POST", f"/api/games/{game}/join", {}, who="cat")
        self.ok("GET", f"/api/games/{game}/chat?limit=10")
        self.call("GET", f"/api/games/{game}/chat?limit=0", expect=400)
        self.call("GET", "/api/games/999/chat", expect=404)
        self.ok("GET", f"/api/games/{game}/notes", who="ann")
        self.ok("PUT", f"/api/games/{game}/notes", {"text": "bob hoards wheat"}, who="ann")
        self.ok("GET", f"/api/games/{game}/notes", who="ann")
        self.call("PUT", f"/api/games/{game}/notes", {"txt": "x"}, who="ann", expect=400, bad=True)
        self.call("PUT", f"/api/games/{game}/notes", {"text": "a\u202eb"}, who="ann", expect=400)
        self.call("GET", f"/api/games/{game}/notes", who="dan", expect=403)
        # A chat message over the WebSocket, then the chat page over HTTP.
        self.ok("POST", f"/api/games/{game}/join", {}, who="dan")  # the game starts
        ws = self.ws("ann")
        ws.send({"type": "subscribe", "game": game, "chat": True})
        ws.wait_for(lambda m: m["type"] == "chat_history")
        ws.send({"type": "chat", "game": game, "id": "m1", "text": "hello @cat"})
        msg, _ = ws.wait_for(lambda m: m["type"] == "chat" and m.get("id") == "m1")
        ws.close()
        self.chat_game, self.chat_message = game, msg["message"]["id"]
        self.ok("GET", f"/api/games/{game}/chat", who="bob")
        self.ok("GET", f"/api/games/{game}/chat?before={self.chat_message}&limit=5", who="cat")

    def messages(self):
        self.ok("POST", "/api/messages/with/bob", {"text": "hello bob"}, who="ann", expect=201)
        sent = self.ok("POST", "/api/messages/with/ann", {"text": "hello ann"}, who="bob", expect=201)
        self.private_message = sent["message"]["id"]
        self.call("POST", "/api/messages/with/ann", {"text": ""}, who="bob", expect=400)
        self.call("POST", "/api/messages/with/ann", {"txt": "x"}, who="bob", expect=400, bad=True)
        self.call("POST", "/api/messages/with/nobody_here", {"text": "x"}, who="bob", expect=404)
        self.call("POST", "/api/messages/with/bob", {"text": "x"}, who="bob", expect=400)
        self.ok("GET", "/api/messages", who="ann")
        self.call("GET", "/api/messages?before=x", who="ann", expect=400)
        self.ok("GET", "/api/messages/unread", who="ann")
        self.ok("GET", "/api/messages/with/bob", who="ann")
        self.ok("GET", f"/api/messages/with/bob?before={self.private_message}", who="ann")
        self.call("GET", "/api/messages/with/nobody_here", who="ann", expect=404)
        self.ok("POST", "/api/messages/with/bob/read", {"up_to": self.private_message}, who="ann")
        self.ok("POST", "/api/messages/with/bob/read", None, who="ann")
        self.call("POST", "/api/messages/with/bob/read", {"up_to": "all"}, who="ann", expect=400, bad=True)
        self.call("POST", "/api/messages/with/nobody_here/read", {}, who="ann", expect=404)

    def notifications(self):
        self.ok("GET", "/api/account/notifications", who="cat")
        self.ok("PUT", "/api/account/notifications",
                {"email": "cat@example.org", "email_events": ["turn", "end"], "digest_minutes": 60,
                 "hold_minutes": 5, "webhook": {"url": "https://hooks.example.org/x", "format": "json"},
                 "webhook_events": ["turn"], "push_events": ["turn", "message"]}, who="cat")
        self.ok("PUT", "/api/account/notifications", {"new_webhook_secret": True}, who="cat")
        self.call("PUT", "/api/account/notifications", {"digest_minutes": "often"}, who="cat", expect=400, bad=True)
        self.call("PUT", "/api/account/notifications", {"colour": 1}, who="cat", expect=400, bad=True)
        self.ok("GET", "/api/account/locale", who="cat")
        self.ok("PUT", "/api/account/locale", {"language": "fr", "time_zone": "Europe/Paris"}, who="cat")
        self.ok("PUT", "/api/account/locale", {"language": None}, who="cat")
        self.call("PUT", "/api/account/locale", {"language": "xx"}, who="cat", expect=400)
        self.call("PUT", "/api/account/locale", {"time_zone": "Mars/Olympus"}, who="cat", expect=400)
        key = self.call("GET", "/api/notify/push")
        # The P-256 base point: a valid public key; any 16 bytes are a valid secret.
        point = bytes.fromhex("04" "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                              "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
        b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()  # noqa: E731
        sub = {"endpoint": "https://push.example.org/send/abc", "expirationTime": None,
               "keys": {"p256dh": b64(point), "auth": b64(bytes(range(16)))}}
        self.ok("POST", "/api/account/push", sub, who="cat")
        self.call("POST", "/api/account/push", {"endpoint": "https://push.example.org/x",
                                                "keys": {"p256dh": "AAAA", "auth": "AAAA"}}, who="cat", expect=400)
        self.ok("GET", "/api/account/notifications", who="cat")
        self.ok("DELETE", "/api/account/push", {"endpoint": sub["endpoint"]}, who="cat")
        self.call("DELETE", "/api/account/push", {"endpoint": sub["endpoint"]}, who="cat", expect=404)
        self.call("DELETE", "/api/account/push", {}, who="cat", expect=400, bad=True)
        for method in ("GET", "POST"):
            self.call(method, "/api/notify/verify?token=0123456789abcdef", expect=404)
            self.call(method, "/api/notify/unsubscribe?token=0123456789abcdef", expect=404)
        return key

    def tournaments(self):
        setup = {"name": "Walk cup", "format": "swiss", "rounds": 2, "max_players": 4,
                 "time_control": {"type": "per_move", "seconds": 86400}}
        self.call("POST", "/api/tournaments", dict(setup, rounds=99), who="ann", expect=400, bad=True)
        self.call("POST", "/api/tournaments", dict(setup, colour="red"), who="ann", expect=400, bad=True)
        self.call("POST", "/api/tournaments", setup, who="robo", expect=403)
        t = self.ok("POST", "/api/tournaments", setup, who="ann", expect=201)["id"]
        rr = self.ok("POST", "/api/tournaments", {"name": "Walk robin", "format": "round_robin", "max_players": 3,
                                                  "time_control": {"type": "bank", "initial": 86400,
                                                                   "increment": 3600, "cap": 172800}},
                     who="cat", expect=201)["id"]
        self.ok("GET", "/api/tournaments", who="bob")
        self.ok("GET", f"/api/tournaments/{t}")
        self.call("GET", "/api/tournaments/999")
        self.ok("POST", f"/api/tournaments/{t}/join", who="bob")
        self.call("POST", f"/api/tournaments/{t}/join", who="bob", expect=409)
        self.call("POST", f"/api/tournaments/{t}/join", who="robo", expect=403)
        self.call("POST", "/api/tournaments/999/join", who="bob", expect=404)
        self.ok("POST", f"/api/tournaments/{t}/withdraw", who="bob")
        self.call("POST", f"/api/tournaments/{t}/withdraw", who="bob", expect=409)
        self.call("POST", f"/api/tournaments/{t}/cancel", who="bob", expect=403)
        self.ok("POST", f"/api/tournaments/{t}/cancel", who="ann")
        self.call("POST", f"/api/tournaments/{t}/join", who="dan", expect=409)
        # The round robin fills up and starts: its games, standings and crosstable.
        self.ok("POST", f"/api/tournaments/{rr}/join", who="ann")
        self.ok("POST", f"/api/tournaments/{rr}/join", who="dan")
        self.call("POST", f"/api/tournaments/{rr}/cancel", who="cat", expect=409)
        # The leader makes the first round's game within a second: ann resigns it, and it counts.
        for _ in range(50):
            whole = self.ok("GET", f"/api/tournaments/{rr}", who="ann")
            games = [g["game"] for r in whole["rounds_played"] for g in r["games"] if g["game"]]
            if games:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("the round robin's first game was not made")
        self.ok("GET", f"/api/games/{games[0]}", who="ann")
        self.ok("POST", f"/api/games/{games[0]}/resign", who="ann")
        time.sleep(1.2)
        self.ok("GET", f"/api/tournaments/{rr}")
        self.call("POST", f"/api/tournaments/{rr}/withdraw", who="bob", expect=409)
        self.ok("POST", f"/api/tournaments/{rr}/withdraw", who="dan")
        self.ok("GET", "/api/tournaments", who="bob")

    def ratings_and_daily(self):
        self.ok("GET", "/api/leaderboard?offset=0&limit=10")
        self.call("GET", "/api/leaderboard?limit=0", expect=400)
        self.ok("GET", "/api/players/ann", who="bob")
        self.ok("GET", "/api/players/robo")
        self.call("GET", "/api/players/nobody_here", expect=404)
        self.ok("GET", "/api/players/ann/ratings")
        self.call("GET", "/api/players/nobody_here/ratings", expect=404)
        self.ok("GET", "/api/daily", who="ann")
        self.call("GET", "/api/daily/leaderboard", who="ann", expect=403)
        self.call("GET", "/api/daily/leaderboard?date=tomorrow", who="ann", expect=400)
        self.ok("GET", "/api/daily/leaderboard?date=2020-01-01", who="ann")
        daily = self.ok("POST", "/api/daily", who="ann", expect=201)["id"]
        self.call("POST", "/api/daily", who="ann", expect=409)
        self.call("POST", "/api/daily", who="robo", expect=403)
        self.ok("GET", "/api/daily", who="ann")
        self.call("POST", f"/api/games/{daily}/hint", who="ann", expect=403)
        self.ok("POST", f"/api/games/{daily}/resign", who="ann")
        self.call("GET", "/api/daily/leaderboard", who="ann", expect=403)  # a resigned game does not count
        self.ok("GET", f"/api/games/{daily}/record", who="ann")
        self.call("GET", f"/api/games/{daily}/history?view=all", who="ann", expect=403)
        self.call("POST", f"/api/games/{daily}/analysis", who="ann", expect=403)
        self.ok("GET", "/api/players/ann", who="bob")

    def moderation(self):
        self.ok("POST", "/api/reports", {"player": "bob", "reason": "rude"}, who="ann", expect=201)
        self.ok("POST", "/api/reports", {"game": self.chat_game, "message": self.chat_message, "reason": "spam"},
                who="cat", expect=201)
        report = self.ok("POST", "/api/reports", {"private_message": self.private_message, "reason": "spam"},
                         who="ann", expect=201)["id"]
        self.call("POST", "/api/reports", {"player": "bob"}, who="ann", expect=400, bad=True)
        self.call("POST", "/api/reports", {"player": "bob", "game": 3, "reason": "x"}, who="ann", expect=400)
        self.call("POST", "/api/reports", {"player": "nobody_here", "reason": "x"}, who="ann", expect=404)
        self.call("GET", "/api/moderation/reports", who="ann", expect=403)
        self.ok("GET", "/api/moderation/reports?open=1", who="ops")
        self.call("GET", "/api/moderation/reports?open=x", who="ops", expect=400)
        self.ok("POST", f"/api/moderation/reports/{report}/close", {"outcome": "warned"}, who="ops")
        self.call("POST", f"/api/moderation/reports/{report}/close", None, who="ops", expect=409)
        self.call("POST", "/api/moderation/reports/999/close", None, who="ops", expect=404)
        self.ok("GET", "/api/moderation/reports", who="ops")
        self.ok("DELETE", f"/api/moderation/messages/{self.private_message}", {"reason": "spam"}, who="ops")
        self.call("DELETE", f"/api/moderation/messages/{self.private_message}", None, who="ops", expect=409)
        self.call("DELETE", "/api/moderation/messages/999", None, who="ops", expect=404)
        self.ok("GET", "/api/messages/with/bob", who="ann")  # a deleted message
        self.ok("DELETE", f"/api/games/{self.chat_game}/chat/{self.chat_message}", who="ops")
        self.call("DELETE", f"/api/games/{self.chat_game}/chat/{self.chat_message}", who="ops", expect=409)
        self.call("DELETE", f"/api/games/{self.chat_game}/chat/999", who="ops", expect=404)
        self.call("DELETE", f"/api/games/{self.chat_game}/chat/{self.chat_message}", who="ann", expect=403)
        self.ok("PUT", "/api/moderation/bans/zed", {"reason": "spam"}, who="ops")
        self.call("PUT", "/api/moderation/bans/zed", None, who="ops", expect=409)
        self.call("PUT", "/api/moderation/bans/ops", None, who="ops", expect=400)
        self.call("PUT", "/api/moderation/bans/zed", {"why": "x"}, who="ops", expect=400, bad=True)
        self.call("POST", "/api/sessions", {"name": "zed", "password": "battery staple"}, expect=403)
        self.ok("DELETE", "/api/moderation/bans/zed", None, who="ops")
        self.call("DELETE", "/api/moderation/bans/zed", None, who="ops", expect=409)
        self.call("DELETE", "/api/moderation/bans/nobody_here", None, who="ops", expect=404)
        self.ok("PUT", "/api/moderation/operators/cat", {"reason": "helps"}, who="ops")
        self.call("PUT", "/api/moderation/operators/cat", None, who="ops", expect=409)
        self.ok("DELETE", "/api/moderation/operators/cat", None, who="ops")
        self.call("DELETE", "/api/moderation/operators/cat", None, who="ops", expect=409)
        self.call("DELETE", "/api/moderation/operators/ops", None, who="ops", expect=400)
        self.ok("POST", f"/api/games/{self.rematch}/cancel", {"reason": "test"}, who="ops")
        self.call("POST", f"/api/games/{self.rematch}/cancel", None, who="ops", expect=409)
        self.call("POST", "/api/games/999/cancel", None, who="ops", expect=404)
        self.ok("GET", "/api/moderation/log", who="ops")
        self.call("GET", "/api/moderation/log?before=x", who="ops", expect=400)


def replay_record(record, loyang, walk):
    """The full state `loyang play` prints for the walk's record, checked against state.schema.json."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
    try:
        out = subprocess.run([loyang, "play", f.name], capture_output=True, text=True, timeout=60)
    finally:
        os.remove(f.name)
    if out.returncode != 0:
        walk.failures.append(f"loyang play RECORD: exit {out.returncode}: {out.stderr[:300]}")
        return 0
    state = json.loads(out.stdout)["state"]
    errors = openapi_check.validate_named("state.schema.json", state)
    walk.failures += [f"loyang play RECORD: state: {e}" for e in errors]
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default=os.environ.get("LOYANG_SERVER") or
                        os.path.join(REPO, "build", "debug", "server", "loyang-server"),
                        help="the loyang-server binary (default: $LOYANG_SERVER, else build/debug's)")
    parser.add_argument("--loyang", default=None,
                        help="the loyang tool (default: tools/loyang beside the server's build, if there)")
    parser.add_argument("--out", default=None, help="the exchanges file (default: a temporary file)")
    parser.add_argument("--no-check", action="store_true", help="only record")
    args = parser.parse_args()

    started = time.monotonic()
    data = tempfile.mkdtemp(prefix="loyang-http-capture-")
    out = args.out or os.path.join(data, "http.jsonl")
    names = ["ann", "bob", "cat", "dan", "ops"]
    try:
        server = Server(args.server, data)
        server.start()
        try:
            pre = Walk(server.base, server.port)
            for name in names:
                pre.ok("POST", "/api/accounts", {"name": name, "password": PASSWORD}, expect=201)
            pre.ok("POST", "/api/accounts", {"name": "robo", "password": PASSWORD, "bot": True}, expect=201)
        finally:
            server.stop()
        subprocess.run([args.server, "operator", "grant", "ops", "--data", data], check=True,
                       stdout=subprocess.DEVNULL)
        server.start()
        walk = Walk(server.base, server.port)
        walk.lines = pre.lines
        try:
            walk.run()
        except Exception as e:  # noqa: BLE001 (reported with the exchanges so far)
            walk.failures.append(f"the walk stopped: {type(e).__name__}: {e}")
        finally:
            server.stop()
        with open(out, "w", encoding="utf-8") as f:
            for line in walk.lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        print(f"{len(walk.lines)} exchanges in {time.monotonic() - started:.1f} s, written to {out}")
        if args.no_check:
            for f in walk.failures:
                print("FAILED: " + f)
            return 1 if walk.failures else 0
        loyang = args.loyang or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(args.server))),
                                             "tools", "loyang")
        states = 0
        if args.loyang and not os.access(args.loyang, os.X_OK):
            walk.failures.append(f"{args.loyang}: not an executable")
        elif getattr(walk, "record", None) and os.access(loyang, os.X_OK):
            states = replay_record(walk.record, loyang, walk)
        check = openapi_check.Checker()
        check.run_lines(walk.lines, out)
        check.report(len(walk.lines))
        missing = check.unexercised(NOT_EXERCISED)
        for m in missing:
            walk.failures.append("never exercised: " + m)
        print(f"states from `loyang play`: {states} checked")
        for reason in sorted(set(NOT_EXERCISED.values())):
            skipped = [f"{m} {p} {s}" for (m, p, s), r in NOT_EXERCISED.items() if r == reason]
            print(f"not exercised ({reason}): {', '.join(skipped)}")
        for f in walk.failures:
            print("FAILED: " + f)
        return 1 if walk.failures or check.failures else 0
    finally:
        clean_up(data, out, args.out is not None)


if __name__ == "__main__":
    sys.exit(main())
