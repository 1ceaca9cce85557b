#!/usr/bin/env python3
"""Server-level crash test: acknowledged commands survive `kill -9` of loyang-server.

    server_crash_test.py SERVER_BINARY [--kills N] [--seed S] [--verbose] [--server-arg ARG ...]

Starts the real server binary on a free port with a temporary data directory, creates a few
accounts and games with bot seats over the HTTP API, and plays them over real WebSockets with
random legal commands from several concurrent clients (one connection per seat a person holds;
one game has two people in it, so that their commands race). Every command that was answered as
accepted (the sender's patch carrying its id, or a `result` `ok`) is recorded (game, version,
seat, command), and so is everything a client was shown
(the highest version of any snapshot or patch, and the log entries of its view): the server
makes a command durable before it sends anyone its patch or result.

Then, several times, the server is killed with SIGKILL at a random moment and started again on
the same data directory. After each restart every account says `hello` with its old token
(tokens must survive restarts), subscribes to every game it sits in and checks the snapshot:

  1. the game's version is at least the highest acknowledged (and observed) version;
  2. `view.log` holds every acknowledged command at its version, by the same seat, with the
     same `cmd` (and every log entry a client was shown, unchanged);
  3. the game goes on: the clients keep playing after the restart (commands are acknowledged
     in every round), finished games are replaced by new ones, and by the end at least one
     game has finished (or every game has progressed by many commands).

After the last kill the server is also stopped cleanly (SIGTERM, exit status 0), started again
and checked once more. Any violation exits 1 with a message saying what was lost, and the tail
of the server's output.
"""

import argparse
import asyncio
import collections
import http.client
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import websockets
import websockets.exceptions

PASSWORD = "crash-test-password"


class Violation(Exception):
    """A broken guarantee: the test fails with this message."""


# Errors a client may see because the server was killed under it. A kill during the opening
# handshake gives InvalidHandshake (InvalidMessage: "did not receive a valid HTTP response").
CONNECTION_ERRORS = (OSError, websockets.exceptions.ConnectionClosed,
                     websockets.exceptions.InvalidHandshake, http.client.HTTPException,
                     asyncio.TimeoutError, EOFError)


# ---- the server process -----------------------------------------------------------------------

class Server:
    def __init__(self, binary, data, extra_args=()):
        self.binary, self.data, self.extra_args = binary, data, list(extra_args)
        self.process = None
        self.port = None
        self.output = collections.deque(maxlen=1000)  # the last lines of every run
        self.starts = 0

    def start(self):
        self.starts += 1
        self.output.append(f"---- start #{self.starts} ----\n")
        self.process = subprocess.Popen(
            [self.binary, "--address", "127.0.0.1", "--port", "0", "--data", self.data,
             "--password-cost", "minimal", "--threads", "2", "--log-level", "info"] + self.extra_args,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        ports = queue.Queue()

        def drain(process):
            for line in process.stdout:
                self.output.append(line)
                found = re.search(r"listening on http://[^ ]*:(\d+)/", line)
                if found:
                    ports.put(int(found.group(1)))
            ports.put(None)

        threading.Thread(target=drain, args=(self.process,), daemon=True).start()
        try:
            port = ports.get(timeout=60)
        except queue.Empty:
            port = None
        if port is None:
            self.process.kill()
            self.process.wait()
            raise Violation(f"the server did not start on the data directory (start #{self.starts}, "
                            f"exit status {self.process.returncode})")
        self.port = port
        return port

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def kill(self):
        if not self.alive():
            raise Violation(f"the server died by itself (exit status {self.process.returncode}) "
                            "before it was killed")
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        """SIGTERM; returns the exit status."""
        if not self.alive():
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return "timeout"

    def tail(self, n=250):
        return "".join(list(self.output)[-n:])


# ---- HTTP -------------------------------------------------------------------------------------

def api(base, method, path, body=None, token=None):
    """One JSON request; returns (status, parsed body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


# ---- JSON Patch (RFC 6902), as in examples/random_client.py -----------------------------------

def split_pointer(pointer):
    if pointer == "":
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def child(container, key):
    return container[int(key)] if isinstance(container, list) else container[key]


def resolve(doc, pointer):
    for key in split_pointer(pointer):
        doc = child(doc, key)
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


def apply_patch(doc, ops):
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
                raise Violation(f"patch test failed at {path}")
        else:
            raise Violation(f"unknown patch operation {kind}")
    return doc


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


# ---- what the clients were told -----------------------------------------------------------------

class Record:
    def __init__(self):
        self.acked = collections.defaultdict(dict)       # game -> {version: (seat, cmd)}
        self.max_acked = collections.defaultdict(int)    # game -> highest acknowledged version
        self.max_seen = collections.defaultdict(int)     # game -> highest version shown to a client
        self.seen_log = {}                               # (game, account) -> log list of a view
        self.games = {}                                  # game -> {"humans": {account: seat}, ...}
        self.finished = set()
        self.acks_this_round = 0
        self.acks_total = 0

    def ack(self, game, version, seat, cmd):
        known = self.acked[game].get(version)
        if known is not None and known != (seat, cmd):
            raise Violation(f"game {game}: version {version} acknowledged twice, for different "
                            f"commands: {known} and {(seat, cmd)}")
        self.acked[game][version] = (seat, cmd)
        self.max_acked[game] = max(self.max_acked[game], version)
        self.acks_this_round += 1
        self.acks_total += 1

    def seen(self, game, account, version, view):
        self.max_seen[game] = max(self.max_seen[game], version)
        old = self.seen_log.get((game, account))
        if old is None or len(view["log"]) >= len(old):
            self.seen_log[(game, account)] = view["log"]  # the live list: patches extend it

    def check(self, game, account, version, view, when):
        """The checks after a restart, against the snapshot `account` got for `game`."""
        where = f"after {when}: game {game}"
        if version < self.max_acked[game]:
            raise Violation(f"{where} is at version {version}, but version {self.max_acked[game]} "
                            "was acknowledged (answered as accepted) before the kill")
        if version < self.max_seen[game]:
            raise Violation(f"{where} is at version {version}, but a client had been sent version "
                            f"{self.max_seen[game]} (patch/snapshot) before the kill")
        log = view["log"]
        by_version = {}
        for entry in log:
            if entry["version"] in by_version:
                raise Violation(f"{where}: the log has version {entry['version']} twice")
            by_version[entry["version"]] = entry
        if log and max(by_version) > version:
            raise Violation(f"{where}: the log goes to version {max(by_version)}, past the game's "
                            f"version {version}")
        for v, (seat, cmd) in sorted(self.acked[game].items()):
            entry = by_version.get(v)
            if entry is None:
                raise Violation(f"{where}: the acknowledged command at version {v} (seat {seat}: "
                                f"{json.dumps(cmd)}) is missing from the log (game version "
                                f"{version}, {len(log)} log entries)")
            if entry["cmd"] != cmd or entry["player"] != seat:
                raise Violation(f"{where}: the log entry at version {v} is {json.dumps(entry)}, but "
                                f"the acknowledged command was seat {seat}: {json.dumps(cmd)}")
        for entry in self.seen_log.get((game, account), []):
            if by_version.get(entry["version"]) != entry:
                raise Violation(f"{where}: the log entry {json.dumps(entry)} that {account} had been "
                                f"shown is now {json.dumps(by_version.get(entry['version']))}")


# ---- clients ------------------------------------------------------------------------------------

class Run:
    """One server lifetime: the clients talking to it."""

    def __init__(self, server, record, tokens, rng, verbose):
        self.server, self.record, self.tokens, self.rng, self.verbose = \
            server, record, tokens, rng, verbose
        self.base = f"http://127.0.0.1:{server.port}"
        self.ws_url = f"ws://127.0.0.1:{server.port}/ws"
        self.killing = False  # set just before the server is killed on purpose
        self.failure = None
        self.failed = asyncio.Event()

    def fail(self, message):
        if self.failure is None:
            self.failure = message
        self.failed.set()

    async def connect(self, account):
        ws = await websockets.connect(self.ws_url, max_size=None, open_timeout=10,
                                      ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "token": self.tokens[account]}))
        welcome = json.loads(await ws.recv())
        if welcome.get("type") != "welcome" or not welcome.get("account") or \
                welcome["account"].get("name") != account:
            raise Violation(f"hello with {account}'s token (restart #{self.server.starts - 1}) "
                            f"answered {json.dumps(welcome)}: the token did not survive")
        return ws

    async def verify(self, account, games, when):
        """Subscribes to each game and checks its snapshot."""
        if not games:
            return
        ws = await self.connect(account)
        try:
            for game in games:
                await ws.send(json.dumps({"type": "subscribe", "game": game, "as": "player"}))
            waiting = set(games)
            while waiting:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "snapshot" and message["game"] in waiting:
                    game = message["game"]
                    waiting.discard(game)
                    seat = self.record.games[game]["humans"][account]
                    if message["seat"] != seat:
                        raise Violation(f"after {when}: {account} is seat {message['seat']} of game "
                                        f"{game}, was seat {seat}")
                    self.record.check(game, account, message["version"], message["view"], when)
                    if message["view"]["game"]["phase"] == "finished":
                        self.record.finished.add(game)
                elif message["type"] == "error":
                    raise Violation(f"after {when}: subscribing {account} to its games answered "
                                    f"{json.dumps(message)}")
        finally:
            await ws.close()

    async def play(self, account, game):
        """Plays `account`'s seat of `game` until the game is over (returns True) or the
        connection is gone (an exception)."""
        ws = await self.connect(account)
        try:
            await ws.send(json.dumps({"type": "subscribe", "game": game, "as": "player"}))
            view, version, seat = None, None, None
            pending = {}  # client id -> command awaiting its answer (at most one)
            sent = 0
            pace = Pace()
            while True:
                message = json.loads(await ws.recv())
                kind = message["type"]
                if kind == "snapshot":
                    view, version, seat = message["view"], message["version"], message["seat"]
                    self.record.seen(game, account, version, view)
                elif kind == "patch":
                    if "id" in message:  # the answer to our accepted command
                        cmd = pending.pop(message["id"], None)
                        if cmd is None:
                            raise Violation(f"game {game}: {account} got a patch answering an id "
                                            f"it is not waiting for: {json.dumps(message)[:300]}")
                        self.record.ack(game, message["to"], seat, cmd)
                        if self.verbose:
                            print(f"  ack game {game} v{message['to']} seat {seat}: "
                                  f"{json.dumps(cmd)}")
                    if view is not None and message["from"] == version:
                        view = apply_patch(view, message["ops"])
                        version = message["to"]
                        self.record.seen(game, account, version, view)
                    elif version is not None and message["to"] > version:
                        await pace.take()
                        await ws.send(json.dumps({"type": "subscribe", "game": game, "as": "player",
                                                  "since": version}))
                elif kind == "result":
                    if message.get("game") != game:
                        raise Violation(f"{account}'s connection for game {game} got a result for "
                                        f"game {message.get('game')}: {json.dumps(message)}")
                    cmd = pending.pop(message["id"], None)
                    if cmd is None:
                        raise Violation(f"game {game}: {account} got a result for an id it is "
                                        f"not waiting for: {json.dumps(message)}")
                    if message["ok"]:
                        self.record.ack(game, message["version"], seat, cmd)
                        if self.verbose:
                            print(f"  ack game {game} v{message['version']} seat {seat}: "
                                  f"{json.dumps(cmd)}")
                        if version != message["version"]:
                            raise Violation(f"game {game}: result ok for version "
                                            f"{message['version']} before its patch (view at "
                                            f"{version})")
                    elif message["error"]["code"] != "stale":
                        raise Violation(f"game {game}: {account}'s legal command {json.dumps(cmd)} "
                                        f"at version {version} was refused: {message['error']}")
                elif kind == "error":
                    if message["error"]["code"] != "too_fast":
                        raise Violation(f"game {game}: {account} got {json.dumps(message)}")
                    pending.clear()
                    await asyncio.sleep(1)
                if view is None:
                    continue
                if view["game"]["phase"] == "finished":
                    self.record.finished.add(game)
                    return True
                if not pending and seat in view["to_act"]:
                    legal = [c for c in view["legal"] if c["type"] != "undo"]
                    if not legal:
                        continue
                    # A copy: later patches change the view's objects in place.
                    command = json.loads(json.dumps(self.rng.choice(legal)))
                    await pace.take()
                    sent += 1
                    ident = f"g{game}-{account}-c{sent}"
                    pending[ident] = command
                    await ws.send(json.dumps({"type": "command", "game": game, "version": version,
                                              "id": ident, "cmd": command}))
        finally:
            await ws.close()

    async def http(self, *args):
        return await asyncio.get_running_loop().run_in_executor(None, api, self.base, *args)

    async def new_game(self, kind):
        """Creates a game of `kind` and seats its people; returns its id."""
        players, bots, people = kind
        creator = people[0]
        body = {"players": players, "bots": bots}
        if len(people) > 1:
            body["invite"] = list(people[1:])
        status, summary = await self.http("POST", "/api/games", body, self.tokens[creator])
        if status != 201:
            raise Violation(f"creating a game {body} answered {status} {summary}")
        game = summary["id"]
        for person in people[1:]:
            status, summary = await self.http("POST", f"/api/games/{game}/join", {},
                                              self.tokens[person])
            if status != 200:
                raise Violation(f"joining game {game} as {person} answered {status} {summary}")
        if summary["status"] != "active":
            raise Violation(f"game {game} did not start once every seat was taken: {summary}")
        humans = {s["player"]: s["seat"] for s in summary["seats"] if not s["bot"]}
        self.record.games[game] = {"humans": humans, "kind": kind}
        print(f"  game {game}: {players} players, {bots} bot(s), people {humans}")
        return game

    async def slot(self, slot):
        """Plays the slot's game with all its people; when it is over, starts a new one."""
        while True:
            if slot["game"] is None:
                slot["game"] = await self.new_game(slot["kind"])
            game = slot["game"]
            people = list(self.record.games[game]["humans"])
            await asyncio.gather(*(self.play(p, game) for p in people))
            print(f"  game {game} finished at version {self.record.max_seen[game]}")
            slot["game"] = None

    async def guarded(self, coroutine):
        """Runs a client; a lost connection is fine only when the server was killed on purpose."""
        try:
            await coroutine
        except Violation as e:
            self.fail(str(e))
        except CONNECTION_ERRORS as e:
            if not self.killing:
                alive = "alive" if self.server.alive() else \
                    f"dead, exit status {self.server.process.returncode}"
                self.fail(f"a client lost its connection while the server was up ({alive}): "
                          f"{type(e).__name__}: {e}")
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - anything else is a failure of the test or server
            self.fail(f"unexpected {type(e).__name__}: {e}")


# ---- the test -----------------------------------------------------------------------------------

def sign_up(base, names):
    tokens = {}
    for name in names:
        status, body = api(base, "POST", "/api/accounts", {"name": name, "password": PASSWORD})
        if status != 201:
            raise Violation(f"cannot create account {name}: {status} {body}")
        status, body = api(base, "POST", "/api/sessions", {"name": name, "password": PASSWORD})
        if status != 201:
            raise Violation(f"cannot log in as {name}: {status} {body}")
        tokens[name] = body["token"]
    return tokens


async def verify_all(run, when):
    record = run.record
    by_account = collections.defaultdict(list)
    for game, info in sorted(record.games.items()):
        for account in info["humans"]:
            by_account[account].append(game)
    await asyncio.gather(*(run.verify(a, g, when) for a, g in by_account.items()))
    acked = sum(len(v) for v in record.acked.values())
    print(f"  checked {len(record.games)} games after {when}: {acked} acknowledged commands "
          f"all present ({len(record.finished)} games finished)")


def made_progress(record):
    """A game finished, or every game had 50 commands acknowledged."""
    return bool(record.finished) or all(len(record.acked.get(g, ())) >= 50 for g in record.games)


async def play_for(run, slots, seconds):
    """Plays every slot for `seconds` (or until a failure); returns the clients' tasks."""
    tasks = [asyncio.create_task(run.guarded(run.slot(s))) for s in slots]
    try:
        await asyncio.wait_for(run.failed.wait(), seconds)
    except asyncio.TimeoutError:
        pass
    return tasks


async def end_clients(run, tasks):
    done, pending = await asyncio.wait(tasks, timeout=15)
    for t in pending:
        t.cancel()
    if pending:
        await asyncio.wait(pending)
        if run.failure is None:
            run.fail(f"{len(pending)} client(s) did not notice the server had gone")


async def main_async(args, server, rng):
    record = Record()
    port = server.start()
    base = f"http://127.0.0.1:{port}"
    accounts = ["crash-ann", "crash-bob", "crash-cid"]
    tokens = sign_up(base, accounts)
    # Six games: players 2 with bots 1, players 4 with bots 3, and one with two people.
    kinds = [(2, 1, ("crash-ann",)), (4, 3, ("crash-bob",)), (2, 1, ("crash-cid",)),
             (4, 3, ("crash-ann",)), (3, 1, ("crash-bob", "crash-cid")), (2, 1, ("crash-bob",))]
    slots = [{"kind": k, "game": None} for k in kinds]

    started = time.monotonic()
    for round_number in range(args.kills + 1):
        last = round_number == args.kills
        run = Run(server, record, tokens, rng, args.verbose)
        if round_number > 0:
            await verify_all(run, f"kill #{round_number}")
        record.acks_this_round = 0
        if last:
            seconds = args.final_seconds
            print(f"round {round_number + 1}: final play for up to {seconds:.1f} s")
            tasks = [asyncio.create_task(run.guarded(run.slot(s))) for s in slots]
            begun = time.monotonic()
            while not run.failed.is_set():
                # At least 3 s of play after the last restart; then stop once a game is over.
                if record.finished and time.monotonic() > begun + 3:
                    break
                # On a loaded machine the games go on past `seconds` until each has made the
                # progress checked below, within a bound: slowness is not a lost game.
                if time.monotonic() > begun + seconds and \
                        (made_progress(record) or time.monotonic() > begun + args.final_bound):
                    break
                await asyncio.sleep(0.2)
        else:
            seconds = rng.uniform(0.2, 4.5) if rng.random() < 0.8 else rng.uniform(0.0, 0.3)
            print(f"round {round_number + 1}: play {seconds:.2f} s, then kill -9")
            tasks = await play_for(run, slots, seconds)
        if run.failure:
            server.kill()
            await end_clients(run, tasks)
            raise Violation(run.failure)
        run.killing = True
        if last:
            # Stop the clients first, then the server, cleanly.
            for t in tasks:
                t.cancel()
            await asyncio.wait(tasks)
            status = server.stop()
            if status != 0:
                raise Violation(f"the server exited with {status} on SIGTERM while bots were still "
                                "playing (a clean stop must exit 0; see the server's output)")
        else:
            server.kill()
            await end_clients(run, tasks)
            if run.failure:
                raise Violation(run.failure)
        print(f"  {record.acks_this_round} commands acknowledged this round "
              f"({record.acks_total} in all, {len(record.finished)} games finished)")
        if seconds >= 1.5 and record.acks_this_round == 0:
            raise Violation(f"no command was acknowledged in {seconds:.1f} s of round "
                            f"{round_number + 1}: the games did not go on after the restart")
        server.start()

    run = Run(server, record, tokens, rng, args.verbose)
    await verify_all(run, "the clean restart")
    status = server.stop()
    if status != 0:
        raise Violation(f"the server exited with {status} on SIGTERM (a clean stop must exit 0; "
                        "see the server's output)")

    progress = {g: len(v) for g, v in record.acked.items()}
    if not made_progress(record):
        raise Violation(f"no game finished and some progressed by fewer than 50 commands: "
                        f"{progress}")
    print(f"ok: {args.kills} kills, {server.starts} starts, {len(record.games)} games "
          f"({len(record.finished)} finished), {record.acks_total} acknowledged commands all "
          f"survived; {time.monotonic() - started:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("server", help="the loyang-server binary")
    parser.add_argument("--kills", type=int, help="how many times to kill -9 (default 5-8)")
    parser.add_argument("--final-seconds", type=float, default=12.0,
                        help="the last round's play time at most (it ends 2 s after a game "
                             "finished)")
    parser.add_argument("--final-bound", type=float, default=90.0,
                        help="the last round's play time on a slow machine at most, when no game "
                             "has finished and some made fewer than 50 commands")
    parser.add_argument("--seed", type=int, help="seed of the random choices and kill moments")
    parser.add_argument("--keep", action="store_true", help="keep the data directory")
    parser.add_argument("--verbose", action="store_true", help="print every acknowledged command")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="one more argument for the server, e.g. --server-arg=--database=URL "
                             "(tests/postgres runs this test on PostgreSQL)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    if args.kills is None:
        args.kills = rng.randint(5, 8)
    print(f"server crash test: seed {seed}, {args.kills} kills (rerun with --seed {seed})")

    data = tempfile.mkdtemp(prefix="loyang-server-crash-")
    server = Server(args.server, data, args.server_arg)
    try:
        asyncio.run(main_async(args, server, rng))
        return 0
    except Violation as e:
        print(f"\nFAILED (seed {seed}): {e}\n\nserver output (last lines):\n{server.tail()}",
              file=sys.stderr)
        args.keep = True
        return 1
    finally:
        if server.alive():
            server.process.kill()
            server.process.wait()
        if args.keep:
            print(f"data directory kept: {data}")
        else:
            import shutil
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
