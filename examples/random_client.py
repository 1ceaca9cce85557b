#!/usr/bin/env python3
"""A small third-party client for loyang-server: it plays one game with random legal moves.

It signs up (or logs in), creates a game whose other seats are the server's bots, subscribes
to it over the WebSocket, keeps its view of the game current by applying the server's JSON
Patches, and whenever it is to act sends one of the commands its view lists as legal. When the
game is over it prints the ranking and exits 0.

    python3 examples/random_client.py --url http://127.0.0.1:8080 --name ann --players 2

With LOYANG_TRACE=FILE in the environment, every WebSocket message sent and received is appended
to FILE, one JSON line each (see `trace`).

Needs only the standard library and `websockets` (Debian: python3-websockets).
"""

import argparse
import asyncio
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request

import websockets

# The protocol version this client was written for (docs/protocol.md, "Versions and
# compatibility"); a server that no longer speaks it refuses the hello (unsupported_protocol).
PROTOCOL = 1


# ---- HTTP API -------------------------------------------------------------------------------

def api(base, method, path, body=None, token=None):
    """One JSON request; returns (status, parsed body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:  # 4xx/5xx still carry a JSON error envelope
        return e.code, json.loads(e.read() or b"null")


def log_in(base, name, password):
    """Creates the account unless it exists, then logs in. Returns the bearer token."""
    status, body = api(base, "POST", "/api/accounts", {"name": name, "password": password})
    if status != 201 and body.get("error", {}).get("code") != "name_taken":
        sys.exit(f"cannot create account {name}: {body}")
    status, body = api(base, "POST", "/api/sessions", {"name": name, "password": password})
    if status != 201:
        sys.exit(f"cannot log in as {name}: {body}")
    return body["token"]


def trace(conn, direction, text):
    """With LOYANG_TRACE=FILE, appends a WebSocket message to FILE as one JSON line:
    {"conn": "1234 game 5", "dir": "in" (to the server) or "out" (from it), "msg": {...}}.
    tests/protocol/schema_check.py traffic FILE checks such a file against the protocol's schemas."""
    if os.environ.get("LOYANG_TRACE"):
        with open(os.environ["LOYANG_TRACE"], "a", encoding="utf-8") as f:
            f.write(json.dumps({"conn": conn, "dir": direction, "msg": json.loads(text)}) + "\n")


# ---- RFC 6902 JSON Patch ----------------------------------------------------------------------

def split_pointer(pointer):
    """'/a/b~1c' -> ['a', 'b/c'] (RFC 6901)."""
    if pointer == "":
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def child(container, key):
    return container[int(key)] if isinstance(container, list) else container[key]


def resolve(doc, pointer):
    for key in split_pointer(pointer):
        doc = child(doc, key)
    return doc


def apply_patch(doc, ops):
    """Applies the operations to `doc` in place and returns the (possibly new) root."""
    for op in ops:
        kind, path = op["op"], op["path"]
        if kind in ("move", "copy"):
            value = resolve(doc, op["from"])
            if kind == "move":
                doc = remove(doc, op["from"])
            doc = add(doc, path, json.loads(json.dumps(value)))
        elif kind == "add":
            doc = add(doc, path, op["value"])
        elif kind == "remove":
            doc = remove(doc, path)
        elif kind == "replace":
            doc = add(remove(doc, path), path, op["value"])
        elif kind == "test":
            if resolve(doc, path) != op["value"]:
                raise ValueError(f"patch test failed at {path}")
        else:
            raise ValueError(f"unknown patch operation {kind}")
    return doc


def parent_of(doc, keys):
    for key in keys[:-1]:
        doc = child(doc, key)
    return doc


def add(doc, path, value):
    keys = split_pointer(path)
    if not keys:
        return value
    parent, last = parent_of(doc, keys), keys[-1]
    if isinstance(parent, list):
        parent.insert(len(parent) if last == "-" else int(last), value)
    else:
        parent[last] = value
    return doc


def remove(doc, path):
    keys = split_pointer(path)
    if not keys:
        return None
    parent, last = parent_of(doc, keys), keys[-1]
    if isinstance(parent, list):
        del parent[int(last)]
    else:
        del parent[last]
    return doc


# ---- the game -------------------------------------------------------------------------------

class Pace:
    """A token bucket a little under the server's per-connection limit (20/s, burst 60)."""

    def __init__(self, rate=18.0, burst=50.0):
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    async def take(self):
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
            self.at = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


async def say_hello(ws, conn, token):
    """Says hello on `ws` (named `conn` in the trace); returns its send(message) and receive()."""
    async def send(message):
        text = json.dumps(message)
        trace(conn, "in", text)
        await ws.send(text)

    async def receive():
        text = await ws.recv()
        trace(conn, "out", text)
        return json.loads(text)

    await send({"type": "hello", "token": token, "protocol": PROTOCOL})
    welcome = await receive()
    if welcome["type"] != "welcome":
        raise RuntimeError(f"hello refused: {welcome}")
    return send, receive


async def play(ws_url, token, game, rng, verbose):
    """Plays `game` to its end; returns the final view."""
    async with websockets.connect(ws_url, max_size=None) as ws:
        send, receive = await say_hello(ws, f"{os.getpid()} game {game}", token)
        await send({"type": "subscribe", "game": game, "as": "player"})

        view, version, seat = None, None, None
        pending = None  # id of the command awaiting its answer
        sent = 0
        pace = Pace()
        while True:
            message = await receive()
            kind = message["type"]
            if kind == "snapshot":
                view, version, seat = message["view"], message["version"], message["seat"]
            elif kind == "patch":
                if "id" in message and message["id"] == pending:
                    pending = None  # our command's own patch: it was accepted
                if message["from"] == version:
                    view = apply_patch(view, message["ops"])
                    version = message["to"]
                elif message["to"] > version:  # missed something: ask for the view again
                    await send({"type": "subscribe", "game": game, "as": "player", "since": version})
                # else: a patch we already have (the server never sends one twice; defensive)
            elif kind == "result" and message["id"] == pending:
                # A refusal (an accepted command is answered by its patch, above).
                pending = None
                if not message["ok"]:
                    code = message["error"]["code"]
                    # `stale`: the server has already sent what we missed; any other refusal of
                    # a legal command is a real problem.
                    if code != "stale":
                        raise RuntimeError(f"command refused: {message['error']}")
            elif kind == "error":
                if message["error"]["code"] != "too_fast":
                    raise RuntimeError(f"server error: {message['error']}")
                pending = None
                await asyncio.sleep(1)
            if view is None:
                continue
            if view["game"]["phase"] == "finished":
                print(f"{sent} commands sent")
                return view
            if pending is None and seat in view["to_act"]:
                legal = [c for c in view["legal"] if c["type"] != "undo"]
                if not legal:
                    continue
                command = rng.choice(legal)
                await pace.take()
                sent += 1
                pending = f"c{sent}"
                if verbose:
                    print(f"v{version}: {json.dumps(command)}")
                await send({"type": "command", "game": game, "version": version, "id": pending,
                            "cmd": command})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server's base URL")
    parser.add_argument("--name", default="random-player")
    parser.add_argument("--password", default="random-player-password")
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4],
                        help="seats in the game; all but ours are bots")
    parser.add_argument("--seed", type=int, help="seed of the random choices")
    parser.add_argument("--verbose", action="store_true", help="print every command sent")
    args = parser.parse_args()

    base = args.url.rstrip("/")
    token = log_in(base, args.name, args.password)
    status, created = api(base, "POST", "/api/games",
                          {"players": args.players, "bots": args.players - 1}, token)
    if status != 201:
        sys.exit(f"cannot create a game: {created}")
    game = created["id"]
    print(f"game {game}: {args.players} players, {args.players - 1} bot(s)")

    ws_url = "ws" + base[len("http"):] + "/ws"
    view = asyncio.run(play(ws_url, token, game, random.Random(args.seed), args.verbose))

    print(f"game {game} finished; ranking:")
    for r in sorted(view["game"]["ranking"], key=lambda r: r["rank"]):
        who = "me" if r["player"] == view["seat"] else "bot"
        print(f"  {r['rank']}. seat {r['player']} ({who}): position {r['position']}, "
              f"cash {r['cash']}, vegetables {r['vegetables']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
