#!/usr/bin/env python3
"""Records real WebSocket traffic of loyang-server, both ways, to check it against the JSON
Schemas of protocol/schema/ (tests/protocol/schema_check.py).

It starts the server binary on a free port with a temporary data directory, makes an operator,
signs up accounts over HTTP, creates games (2 players against a bot, a solo game, 4 players with
bots, two people against each other, games that are resigned, taken over by a bot or cancelled),
plays them to their end with random legal commands, also sends bad messages (not JSON, unknown
types and fields, an illegal command, a stale version, too many at once...) and writes every
message as one JSON line:

    {"dir": "in" | "out", "conn": "ann-game", "msg": {...}}

"in" is client -> server, "out" server -> client; `conn` names the connection. A message sent to
be refused carries `"expect": "invalid"` (the schema must refuse it too); a client text that is
not JSON at all is `"raw"` instead of `"msg"`. Then it runs `schema_check.py traffic` on the file.

    tests/protocol/capture_traffic.py [--server build/debug/server/loyang-server] [--out FILE]

Needs only the standard library (its WebSocket client is the few lines below) and, for the check,
the `jsonschema` module.
"""

import argparse
import base64
import copy
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from json_patch import apply_patch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PASSWORD = "capture-password"


# ---- the record ---------------------------------------------------------------------------------

class Recorder:
    """The traffic, as text at once: the clients change the messages they keep (a snapshot's view
    is patched in place)."""

    def __init__(self):
        self.lines = []
        self.kinds = {}
        self.lock = threading.Lock()

    def add(self, line):
        text = json.dumps(line, ensure_ascii=False)
        msg = line.get("msg")
        key = (line["dir"], str(msg.get("type")) if isinstance(msg, dict) else "(raw)")
        with self.lock:
            self.lines.append(text)
            self.kinds[key] = self.kinds.get(key, 0) + 1

    def write(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for text in self.lines:
                f.write(text + "\n")


# ---- a minimal WebSocket client (RFC 6455, text frames) ----------------------------------------

class Closed(Exception):
    pass


class WebSocket:
    def __init__(self, port, recorder, conn):
        self.recorder, self.conn = recorder, conn
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("no answer to the upgrade")
            data += chunk
        head, self.buffer = data.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise Closed(head.decode(errors="replace"))
        self.send_lock = threading.Lock()

    def _exact(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("connection closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _frame(self, opcode, payload):
        data = self._encode(opcode, payload)
        with self.send_lock:
            self.sock.sendall(data)

    @staticmethod
    def _encode(opcode, payload):
        head = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return head + mask + masked

    def send(self, msg, expect=None):
        line = {"dir": "in", "conn": self.conn, "msg": msg}
        if expect:
            line["expect"] = expect
        self.recorder.add(line)
        self._frame(1, json.dumps(msg).encode())

    def send_many(self, msgs):
        """Several messages in one write: the server reads them back to back."""
        data = b""
        for msg in msgs:
            self.recorder.add({"dir": "in", "conn": self.conn, "msg": msg})
            data += self._encode(1, json.dumps(msg).encode())
        with self.send_lock:
            self.sock.sendall(data)

    def send_raw(self, text):
        """A text that is not a JSON object the schema could accept."""
        self.recorder.add({"dir": "in", "conn": self.conn, "raw": text, "expect": "invalid"})
        self._frame(1, text.encode())

    def recv(self, timeout=30):
        """The next server message (recorded), or None after `timeout` seconds."""
        self.sock.settimeout(timeout)
        text = b""
        try:
            while True:
                b0, b1 = self._exact(2)
                opcode, n = b0 & 0x0F, b1 & 0x7F
                if n == 126:
                    n = struct.unpack("!H", self._exact(2))[0]
                elif n == 127:
                    n = struct.unpack("!Q", self._exact(8))[0]
                payload = self._exact(n)
                if opcode == 9:  # ping
                    self._frame(10, payload)
                    continue
                if opcode == 8:
                    raise Closed("close frame")
                if opcode in (0, 1):
                    text += payload
                    if b0 & 0x80:
                        break
        except socket.timeout:
            if text:
                raise
            return None
        try:
            msg = json.loads(text)
        except ValueError:
            self.recorder.add({"dir": "out", "conn": self.conn, "raw": text.decode(errors="replace")})
            raise
        self.recorder.add({"dir": "out", "conn": self.conn, "msg": msg})
        return msg

    def wait_for(self, pred, timeout=30):
        """Reads until a message for which pred(msg) holds; returns it (and the ones before)."""
        end = time.monotonic() + timeout
        seen = []
        while time.monotonic() < end:
            msg = self.recv(timeout=max(0.1, end - time.monotonic()))
            if msg is None:
                break
            seen.append(msg)
            if pred(msg):
                return msg, seen
        raise TimeoutError(f"{self.conn}: no awaited message; got {[m.get('type') for m in seen]}")

    def drain(self, seconds):
        end = time.monotonic() + seconds
        out = []
        while time.monotonic() < end:
            msg = self.recv(timeout=max(0.05, end - time.monotonic()))
            if msg is None:
                break
            out.append(msg)
        return out

    def close(self):
        try:
            self._frame(8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


# ---- HTTP ---------------------------------------------------------------------------------------

def api(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def need(status_body, *ok):
    status, body = status_body
    if status not in ok:
        raise RuntimeError(f"HTTP {status}: {body}")
    return body


# ---- a seat playing random legal commands -----------------------------------------------------

class Seat:
    """One connection's view of one game, kept current from snapshots and patches."""

    def __init__(self, ws, game, rng, as_player=True):
        self.ws, self.game, self.rng = ws, game, rng
        self.view, self.version, self.seat = None, None, None
        self.history = {}  # version -> view, the last few (while keep_history)
        self.keep_history = False
        self.pending = None
        self.sent = 0  # commands sent (their ids)
        self.moves = 0  # commands chosen by play()
        self.tokens, self.at = 40.0, time.monotonic()
        self.as_player = as_player
        self.table_status = None

    def pace(self):
        """18 messages a second, bursts of 40: under the server's 20 and 60."""
        while True:
            now = time.monotonic()
            self.tokens = min(40.0, self.tokens + (now - self.at) * 18)
            self.at = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            time.sleep((1 - self.tokens) / 18)

    def send(self, msg, expect=None):
        self.pace()
        self.ws.send(msg, expect)

    def subscribe(self, **extra):
        msg = {"type": "subscribe", "game": self.game, "as": "player" if self.as_player else "spectator"}
        msg.update(extra)
        self.send(msg)

    def handle(self, msg):
        kind = msg.get("type")
        if msg.get("game") not in (None, self.game):
            return
        if kind == "snapshot":
            self.view, self.version, self.seat = msg["view"], msg["version"], msg["seat"]
            self.table_status = self.view["table"]["status"]
        elif kind == "patch":
            if msg.get("id") is not None and msg["id"] == self.pending:
                self.pending = None
            if msg["from"] == self.version:
                self.view = apply_patch(self.view, msg["ops"])
                self.version = msg["to"]
                self.table_status = self.view["table"]["status"]
            elif self.version is not None and msg["to"] > self.version:
                raise RuntimeError(f"{self.ws.conn}: a gap in the patch chain: {self.version} -> {msg['from']}")
        elif kind == "table":
            if self.view is not None:
                self.view["table"] = msg["table"]
                self.table_status = msg["table"]["status"]
        elif kind == "subscribed":
            self.seat = msg["seat"]
        elif kind == "result" and msg.get("id") == self.pending:
            self.pending = None
            if not msg["ok"] and msg["error"]["code"] not in ("stale",):
                raise RuntimeError(f"{self.ws.conn}: command refused: {msg['error']}")
        elif kind == "error" and msg.get("id") == self.pending:
            self.pending = None
            if msg["error"]["code"] == "too_fast":
                time.sleep(1)
            else:
                raise RuntimeError(f"{self.ws.conn}: error: {msg['error']}")
        if self.keep_history and self.view is not None and self.version is not None:
            self.history[self.version] = copy.deepcopy(self.view)
            for v in [v for v in self.history if v < self.version - 6]:
                del self.history[v]

    def finished(self):
        return self.view is not None and (self.view["game"]["phase"] == "finished" or
                                          self.table_status in ("finished", "cancelled"))

    def my_turn(self):
        return (self.view is not None and self.seat is not None and self.seat in self.view["to_act"]
                and self.table_status == "active")

    def choose(self):
        legal = self.view["legal"]
        plain = [c for c in legal if c["type"] != "undo"]
        undo = [c for c in legal if c["type"] == "undo"]
        if undo and self.rng.random() < 0.04:
            return undo[0]
        return self.rng.choice(plain) if plain else None

    def command(self, cmd, version=None, ident=None, expect=None):
        self.sent += 1
        ident = ident or f"c{self.sent}"
        self.send({"type": "command", "game": self.game,
                   "version": self.version if version is None else version, "id": ident, "cmd": cmd}, expect)
        return ident

    def step(self, timeout=30):
        msg = self.ws.recv(timeout)
        if msg is None:
            raise TimeoutError(f"{self.ws.conn}: nothing from the server for {timeout} s")
        self.handle(msg)
        return msg

    def wait_for(self, pred, timeout=30):
        """Reads (and applies) messages until one for which pred(msg) holds; returns it."""
        end = time.monotonic() + timeout
        while True:
            if time.monotonic() > end:
                raise TimeoutError(f"{self.ws.conn}: no awaited message")
            msg = self.step(timeout=max(0.1, end - time.monotonic()))
            if pred(msg):
                return msg

    def drain(self, seconds):
        end = time.monotonic() + seconds
        out = []
        while time.monotonic() < end:
            msg = self.ws.recv(timeout=max(0.05, end - time.monotonic()))
            if msg is None:
                break
            self.handle(msg)
            out.append(msg)
        return out

    def play(self, until=None, hooks=None):
        """Plays until the game is over (or until(self) holds); hooks: {moves made: fn(self)},
        each run once when the seat is to act."""
        hooks = dict(hooks or {})
        while not self.finished() and not (until and until(self)):
            if self.pending is None and self.my_turn():
                if self.moves in hooks:
                    hooks.pop(self.moves)(self)
                    continue
                cmd = self.choose()
                if cmd is not None:
                    self.moves += 1
                    self.pending = self.command(cmd)
            self.step()


def wait_until(seat, pred, timeout=30):
    end = time.monotonic() + timeout
    while not pred(seat):
        if time.monotonic() > end:
            raise TimeoutError(f"{seat.ws.conn}: condition not met")
        seat.step(timeout=max(0.1, end - time.monotonic()))


# ---- the server ---------------------------------------------------------------------------------

class Server:
    def __init__(self, binary, data):
        self.binary, self.data, self.proc, self.port = binary, data, None, None

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "--address", "127.0.0.1", "--port", "0", "--data", self.data,
             "--password-cost", "minimal", "--threads", "2", "--signups-per-hour", "0",
             "--write-budgets", "off",
             "--web", os.path.join(REPO, "web")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in self.proc.stdout:
            found = re.search(r"listening on http://[^ ]*:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                break
            if "warn" not in line and "info" not in line:
                sys.stderr.write("server: " + line)
        if self.port is None:
            raise RuntimeError("the server did not start")
        threading.Thread(target=lambda: [None for _ in self.proc.stdout], daemon=True).start()
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ---- the scenarios ------------------------------------------------------------------------------

class Capture:
    def __init__(self, server, recorder, seed):
        self.server, self.recorder = server, recorder
        self.base, self.port = server.base, server.port
        self.rng = random.Random(seed)
        self.tokens = {}
        self.errors = []
        self.chat_message_id = None
        self.stop_lobby = threading.Event()
        self.ann_game_ready = threading.Event()
        self.counts = {}

    def ws(self, conn):
        return WebSocket(self.port, self.recorder, conn)

    def hello(self, conn, name):
        ws = self.ws(conn)
        ws.send({"type": "hello", "token": self.tokens[name]})
        welcome, _ = ws.wait_for(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] != "welcome":
            raise RuntimeError(f"{conn}: {welcome}")
        return ws

    def new_game(self, name, body):
        return need(api(self.base, "POST", "/api/games", body, self.tokens[name]), 201)["id"]

    def seat(self, conn, name, game, **subscribe):
        ws = self.hello(conn, name)
        s = Seat(ws, game, random.Random(self.rng.random()))
        s.subscribe(**subscribe)
        return s

    # 2 players against the easy bot, with a bank clock, chat, resumes and refused commands.
    def ann(self):
        game = self.new_game("ann", {"players": 2, "bots": 1, "time_control":
                                     {"type": "bank", "initial": 3600, "increment": 60, "cap": 7200}})
        s = self.seat("ann-game", "ann", game, chat=True)
        s.keep_history = True
        self.ann_game = game

        def chat(s):
            s.send({"type": "chat", "game": game, "id": "m1", "text": "good luck"})
            msg = s.wait_for(lambda m: m["type"] == "chat" and m.get("id") == "m1")
            self.chat_message_id = msg["message"]["id"]
            s.send({"type": "chat", "game": game, "id": "m2", "text": "   "})
            s.wait_for(lambda m: m["type"] == "result" and m.get("id") == "m2")
            s.send({"type": "chat_history", "game": game, "before": self.chat_message_id})
            s.wait_for(lambda m: m["type"] == "chat_history" and "before" in m)
            s.send({"type": "chat_history", "game": game})
            s.wait_for(lambda m: m["type"] == "chat_history" and "before" not in m)
            self.ann_game_ready.set()  # the operator deletes the message now

        def refused(s):
            s.send({"type": "ping"})
            s.wait_for(lambda m: m["type"] == "pong")
            # Stale: a version the game has left.
            s.command(s.view["legal"][0], version=s.version - 1, ident="stale")
            s.wait_for(lambda m: m.get("id") == "stale")
            # Readable but not allowed now (a rule error).
            s.command({"type": "advance", "steps": 100}, ident="illegal")
            s.wait_for(lambda m: m.get("id") == "illegal")
            s.command({"type": "finish_offer"}, ident="solo-only")
            s.wait_for(lambda m: m.get("id") == "solo-only")
            # Unreadable commands: bad_command.
            s.command({"type": "sow", "crop": "bean", "field": "PF3-A", "extra": 1}, ident="unknown-field",
                      expect="invalid")
            s.wait_for(lambda m: m.get("id") == "unknown-field")
            s.command({"type": "dance"}, ident="unknown-command", expect="invalid")
            s.wait_for(lambda m: m.get("id") == "unknown-command")
            s.command({"type": "buy", "crop": "rice"}, ident="unknown-crop", expect="invalid")
            s.wait_for(lambda m: m.get("id") == "unknown-crop")
            # Subscribing again with since: "am I up to date?"
            s.subscribe(since=s.version)
            s.wait_for(lambda m: m["type"] == "table")

        def resume(s):
            # A command, then unsubscribe at once: its answer may be result ok (a sender who left).
            before = s.version
            s.sent += 1
            s.pending = f"c{s.sent}"
            s.pace()
            s.ws.send_many([{"type": "command", "game": game, "version": s.version, "id": s.pending,
                             "cmd": s.choose() or s.view["legal"][0]},
                            {"type": "unsubscribe", "game": game}])
            sent = s.pending
            msgs = s.drain(1.0)
            answered = any(m.get("id") == sent for m in msgs)
            s.pending = None
            if not answered:
                raise RuntimeError("ann: the command sent before unsubscribing got no answer")
            # Resume from two versions back: one patch, then subscribed and table.
            old = max(v for v in s.history if v <= before - 2) if any(v <= before - 2 for v in s.history) else before
            s.view, s.version = copy.deepcopy(s.history[old]), old
            s.subscribe(since=old, chat=True)
            s.wait_for(lambda m: m["type"] == "table")
            s.keep_history = False
            # Resume from further back than the server keeps: a snapshot.

        def snapshot_again(s):
            s.subscribe()
            s.wait_for(lambda m: m["type"] == "snapshot")

        s.play(hooks={3: chat, 6: refused, 10: resume, 14: snapshot_again})
        # The game is over: commands answer game_over.
        s.command({"type": "end_turn"}, ident="after-end")
        s.wait_for(lambda m: m.get("id") == "after-end")
        s.ws.close()

    # The lobby's live notices to ann: games_changed, open_games_changed, messages_changed,
    # tournament_changed.
    def ann_lobby(self, ready):
        ws = self.hello("ann-lobby", "ann")
        ws.send({"type": "watch_lobby"})
        ready.set()
        while not self.stop_lobby.is_set():
            ws.recv(timeout=0.5)
        ws.drain(0.3)
        ws.close()

    def solo(self):
        game = self.new_game("bob", {"players": 1})
        s = self.seat("bob-solo", "bob", game)
        s.play()
        s.ws.close()

    # 4 players, 3 bots, a clock per move; a guest watches.
    def four(self):
        game = self.new_game("cat", {"players": 4, "bots": ["random", "easy", "random"],
                                     "time_control": {"type": "per_move", "seconds": 3600}})
        self.four_game = game
        s = self.seat("cat-4p", "cat", game)
        spectator = threading.Thread(target=self.guard(self.guest, game))
        spectator.start()
        s.play()
        s.ws.close()
        spectator.join()

    def guest(self, game):
        ws = self.ws("guest")
        ws.send({"type": "hello"})
        ws.wait_for(lambda m: m["type"] == "welcome")
        ws.send({"type": "subscribe", "game": game})  # a guest has no seat: not_your_seat
        ws.wait_for(lambda m: m["type"] == "error")
        s = Seat(ws, game, random.Random(1), as_player=False)
        s.subscribe(chat=True)
        wait_until(s, lambda s: s.view is not None)
        s.command({"type": "end_turn"}, ident="spectator-command")
        s.wait_for(lambda m: m.get("id") == "spectator-command")
        s.send({"type": "chat", "game": game, "id": "g1", "text": "hi"})
        s.wait_for(lambda m: m.get("id") == "g1")
        wait_until(s, lambda s: s.finished() or s.version > 60, timeout=60)
        s.send({"type": "unsubscribe", "game": game})
        s.wait_for(lambda m: m["type"] == "unsubscribed")
        ws.close()

    # Two people against each other (the original rules, the Introductory version); only the
    # players may watch; they chat.
    def people(self):
        game = self.new_game("dave", {"players": 2, "watch": "players", "ruleset": "original", "introductory": True})
        need(api(self.base, "POST", f"/api/games/{game}/join", {}, self.tokens["erin"]), 200)
        done = []

        def run(conn, name, hooks):
            s = self.seat(conn, name, game, chat=True)
            s.play(hooks=hooks)
            s.drain(0.2)
            s.ws.close()
            done.append(name)

        def erin_chat(s):
            s.send({"type": "chat", "game": game, "id": "e1", "text": "have fun @dave"})
            s.wait_for(lambda m: m.get("id") == "e1")

        threads = [threading.Thread(target=self.guard(run, "dave-game", "dave", {})),
                   threading.Thread(target=self.guard(run, "erin-game", "erin", {2: erin_chat}))]
        for t in threads:
            t.start()
        # Someone else may not watch it.
        ws = self.hello("fay-watch", "fay")
        ws.send({"type": "subscribe", "game": game, "as": "spectator"})
        ws.wait_for(lambda m: m["type"] == "error")
        ws.close()
        for t in threads:
            t.join()

    # A resignation in a 2-player game ends it; in a 3-player game a bot takes the seat over.
    def resign(self):
        game = self.new_game("hal", {"players": 2, "bots": 1})
        s = self.seat("hal-resign", "hal", game)
        s.play(until=lambda s: s.sent >= 3)
        need(api(self.base, "POST", f"/api/games/{game}/resign", None, self.tokens["hal"]), 200)
        wait_until(s, lambda s: s.table_status == "finished")
        s.command({"type": "end_turn"}, ident="after-resign")
        s.wait_for(lambda m: m.get("id") == "after-resign")
        s.ws.close()

    def takeover(self):
        game = self.new_game("ivy", {"players": 3, "bots": ["random", "random"], "time_control":
                                     {"type": "per_move", "seconds": 600, "on_timeout": "vote"}})
        s = self.seat("ivy-takeover", "ivy", game)
        s.play(until=lambda s: s.sent >= 3)
        need(api(self.base, "POST", f"/api/games/{game}/resign", None, self.tokens["ivy"]), 200)
        wait_until(s, lambda s: s.view["table"]["seats"][0]["gone"] == "resigned")
        s.command({"type": "end_turn"}, ident="after-takeover")
        s.wait_for(lambda m: m.get("id") == "after-takeover")
        wait_until(s, lambda s: s.finished(), timeout=60)
        s.ws.close()

    # An operator cancels a running game; its players are told by a table.
    def cancel(self):
        game = self.new_game("gus", {"players": 2, "bots": 1})
        s = self.seat("gus-cancel", "gus", game)
        s.play(until=lambda s: s.sent >= 2)
        need(api(self.base, "POST", f"/api/games/{game}/cancel", {"reason": "a test"}, self.tokens["ops"]), 200)
        wait_until(s, lambda s: s.table_status == "cancelled")
        s.command({"type": "end_turn"}, ident="after-cancel")
        s.wait_for(lambda m: m.get("id") == "after-cancel")
        s.ws.close()

    # Everything a transport refuses.
    def refusals(self):
        ws = self.ws("errors")
        ws.send({"type": "ping", "id": "early"}, expect="invalid")  # an unknown field, before hello
        ws.wait_for(lambda m: m["type"] == "error")
        ws.send({"type": "ping"})
        ws.wait_for(lambda m: m["type"] == "error")
        ws.send({"type": "hello", "token": "not-a-token"})
        ws.wait_for(lambda m: m["type"] == "error")
        ws.send({"type": "hello", "token": self.tokens["ops"]})
        welcome, _ = ws.wait_for(lambda m: m["type"] in ("welcome", "error"))
        ws.send({"type": "hello", "token": self.tokens["ops"]})
        ws.wait_for(lambda m: m["type"] == "error")
        bad = [
            ("raw", "{not json"),
            ("raw", "[1, 2]"),
            ("raw", '"hello"'),
            ("raw", "[" * 40 + "]" * 40),
            ("msg", {"no_type": 1, "id": "x1"}),
            ("msg", {"type": "", "id": "x2"}),
            ("msg", {"type": 7, "id": "x3"}),
            ("msg", {"type": "dance", "id": "x4"}),
            ("msg", {"type": "ping", "extra": True}),
            ("msg", {"type": "subscribe", "game": "12"}),
            ("msg", {"type": "subscribe", "game": 0}),
            ("msg", {"type": "subscribe", "game": 12, "as": "referee"}),
            ("msg", {"type": "subscribe", "game": 12, "since": -1}),
            ("msg", {"type": "subscribe", "game": 12, "since": 4294967296}),
            ("msg", {"type": "subscribe", "game": 12, "chat": "yes"}),
            ("msg", {"type": "command", "game": 12, "version": 4.0, "id": "x5", "cmd": {"type": "end_turn"}}),
            ("msg", {"type": "command", "game": 12, "version": 1, "id": "x" * 65, "cmd": {"type": "end_turn"}}),
            ("msg", {"type": "command", "game": 12, "version": 1, "id": "x6"}),
            ("msg", {"type": "command", "game": 12, "version": 1, "id": 7, "cmd": {"type": "end_turn"}}),
            ("msg", {"type": "hello", "token": "t" * 257}),
            ("msg", {"type": "chat", "game": 12, "id": "x7", "text": "t" * 4097}),
            ("msg", {"type": "chat_history", "game": 12, "before": 0}),
            ("msg", {"type": "unsubscribe"}),
        ]
        for kind, what in bad:
            if kind == "raw":
                ws.send_raw(what)
            else:
                ws.send(what, expect="invalid")
            ws.wait_for(lambda m: m["type"] == "error")
        # Valid messages the server refuses for what they name.
        ws.send({"type": "subscribe", "game": 4503599627370497})
        ws.wait_for(lambda m: m["type"] == "error")
        ws.send({"type": "subscribe", "game": self.open_game, "as": "spectator"})
        ws.wait_for(lambda m: m["type"] == "error")
        ws.send({"type": "command", "game": self.open_game, "version": 0, "id": "x8", "cmd": {"type": "end_turn"}})
        ws.wait_for(lambda m: m.get("id") == "x8")
        ws.send({"type": "chat", "game": self.open_game, "id": "x9", "text": "anyone?"})
        ws.wait_for(lambda m: m.get("id") == "x9")
        ws.send({"type": "chat_history", "game": self.open_game, "before": 5})
        ws.wait_for(lambda m: m["type"] == "chat_history")
        ws.send({"type": "unsubscribe", "game": self.open_game})
        ws.wait_for(lambda m: m["type"] == "unsubscribed")
        # Too many at once: too_fast (the bucket holds 60; refilled first, so that fewer than 50
        # are refused in a row, which would close the connection).
        time.sleep(3)
        ws.send_many([{"type": "ping"} if i % 2 else {"type": "chat_history", "game": 1, "before": 1}
                      for i in range(100)])
        try:
            ws.drain(1.5)
        except (Closed, OSError):
            pass  # 50 refused in a row close the connection
        ws.close()

    def guard(self, fn, *args):
        def run():
            try:
                fn(*args)
            except Exception as e:  # noqa: BLE001 (reported at the end)
                import traceback
                self.errors.append(f"{fn.__name__}: {e!r}\n{traceback.format_exc()}")
        return run

    def run(self):
        for name in ["ann", "bob", "cat", "dave", "erin", "fay", "gus", "hal", "ivy", "ops"]:
            body = need(api(self.base, "POST", "/api/sessions", {"name": name, "password": PASSWORD}), 201)
            self.tokens[name] = body["token"]
        self.open_game = self.new_game("fay", {"players": 3})  # waits for players: not started
        ready = threading.Event()
        lobby = threading.Thread(target=self.guard(self.ann_lobby, ready))
        lobby.start()
        ready.wait(10)
        time.sleep(0.2)
        games = [threading.Thread(target=self.guard(f)) for f in
                 (self.ann, self.solo, self.four, self.people, self.resign, self.takeover, self.cancel,
                  self.refusals)]
        for t in games:
            t.start()
        # Lobby notices: a new open game, a private message, a tournament.
        self.new_game("gus", {"players": 4})
        need(api(self.base, "POST", "/api/messages/with/ann", {"text": "hello ann"}, self.tokens["bob"]), 201)
        need(api(self.base, "POST", "/api/tournaments", {
            "name": "Capture cup", "format": "swiss", "rounds": 1,
            "time_control": {"type": "per_move", "seconds": 3600}}, self.tokens["dave"]), 201)
        # An operator deletes ann's chat message: chat_deleted.
        if self.ann_game_ready.wait(60):
            need(api(self.base, "DELETE", f"/api/games/{self.ann_game}/chat/{self.chat_message_id}", None,
                     self.tokens["ops"]), 200)
        for t in games:
            t.join()
        self.stop_lobby.set()
        lobby.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default=os.environ.get("LOYANG_SERVER") or
                        os.path.join(REPO, "build", "debug", "server", "loyang-server"),
                        help="the loyang-server binary (default: $LOYANG_SERVER, else build/debug's)")
    parser.add_argument("--out", default=None, help="the traffic file (default: a temporary file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-check", action="store_true", help="only record")
    args = parser.parse_args()

    started = time.monotonic()
    recorder = Recorder()
    data = tempfile.mkdtemp(prefix="loyang-capture-")
    out = args.out or os.path.join(data, "traffic.jsonl")
    try:
        # First run: the accounts; then the operator is made with the server stopped.
        server = Server(args.server, data)
        server.start()
        for name in ["ann", "bob", "cat", "dave", "erin", "fay", "gus", "hal", "ivy", "ops"]:
            need(api(server.base, "POST", "/api/accounts", {"name": name, "password": PASSWORD}), 201)
        server.stop()
        subprocess.run([args.server, "operator", "grant", "ops", "--data", data], check=True,
                       stdout=subprocess.DEVNULL)
        server.start()
        try:
            capture = Capture(server, recorder, args.seed)
            capture.run()
        finally:
            server.stop()
        recorder.write(out)
        kinds = recorder.kinds
        print(f"{len(recorder.lines)} messages in {time.monotonic() - started:.1f} s, written to {out}")
        for (direction, kind), n in sorted(kinds.items()):
            print(f"  {direction:3} {kind!s:20} {n}")
        seen = {(d, k) for d, k in kinds}
        with open(os.path.join(REPO, "protocol", "schema", "ws-client.schema.json"), encoding="utf-8") as f:
            client_types = set(json.load(f)["$defs"])
        with open(os.path.join(REPO, "protocol", "schema", "ws-server.schema.json"), encoding="utf-8") as f:
            server_types = {k for k in json.load(f)["$defs"] if k != "chatMessage"}
        missing = sorted([f"in {t}" for t in client_types if ("in", t) not in seen] +
                         [f"out {t}" for t in server_types if ("out", t) not in seen])
        if missing:
            print("message types not seen: " + ", ".join(missing))
        if capture.errors:
            for e in capture.errors:
                print("capture failed: " + e, file=sys.stderr)
            return 1
        if args.no_check:
            return 0
        return subprocess.call([sys.executable, os.path.join(HERE, "schema_check.py"), "traffic", out])
    finally:
        clean_up(data, out, args.out is not None)

def clean_up(data, out, written_elsewhere):
    """Removes the server's temporary directory `data`; when the capture `out` was written in it,
    only the server's files go (the capture stays for a look)."""
    if written_elsewhere:
        shutil.rmtree(data, ignore_errors=True)
        return
    for name in os.listdir(data):
        if name != os.path.basename(out):
            path = os.path.join(data, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)


if __name__ == "__main__":
    sys.exit(main())
