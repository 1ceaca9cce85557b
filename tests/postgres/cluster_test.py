#!/usr/bin/env python3
"""Several loyang-server nodes on one PostgreSQL database behind HAProxy (issue 25).

    cluster_test.py SERVER_BINARY --database URL --haproxy HAPROXY \\
        --pg-stop 'SHELL COMMAND' --pg-start 'SHELL COMMAND' [--seed S] [--play-seconds T]
        [--pg-down-seconds D] [--final-seconds F] [--rounds N] [--keep] [--verbose]

tests/postgres/pg_cluster_test.cpp runs it (`pg_store_tests '[cluster]'`, about 35 s) against
the test PostgreSQL, whose pg_ctl stop/start command lines it passes, with --seed 25 and
LOYANG_CLUSTER_ARGS appended (the last of a repeated option wins). A longer soak by hand:

    LOYANG_CLUSTER_ARGS='--rounds 6 --play-seconds 20 --pg-down-seconds 5 --seed 1' \\
        build/cluster/tests/postgres/pg_store_tests '[cluster]'

(each round kills the next node, A, B, C, A, ..., after starting the one killed before again;
the run prints its whole command line as "rerun:" first).

Starts three nodes (A, B, C) on free local ports, all with --database=URL (each with its own
temporary --data), node A first (so it is likely the first leader), then HAProxy in front
(round robin, `option httpchk GET /readyz`, `check inter 500 fall 2 rise 1`, a response header
X-Loyang-Node naming the node that served a request). Accounts sign up and log in through the
balancer, games are created and joined through it. The seats of one game connect DIRECTLY to
different nodes (ann to A, bob to B, cid through the balancer), spectators watch on a third
node; a 2-player game has a bot seat and a 4-player game two. Every person plays random legal
commands (now and then an out-of-turn one, so that commands sent to different nodes race); a
finished game is replaced by a new one. Checked all along:

  * versions only increase without a gap: each patch's `from` is the version the viewer had,
    a `subscribed` after a resume is at it, a snapshot never goes back;
  * a `stale` comes after the patches the command lacked (the viewer is already past the
    command's version), as between two connections on one node; no legal command is refused
    otherwise (`storage_failed` only while PostgreSQL is down);
  * no version is acknowledged for two different commands (the fence between nodes).

At the end of each phase the clients pause (bots go on), and for every viewer a new
subscription on ANOTHER node must give a snapshot equal to the viewer's patched view at that
version; on every node that is up, each game's log must hold every acknowledged command at
its version (a node lagging behind gets 10 s to catch up by patches).

Phases: (1) play on three nodes; (2) node A is killed with SIGKILL while clients play: its
clients reconnect through the balancer and resume with `since`, HAProxy must take the node
out, the bots go on (the leader role moves), the games go on; (3) PostgreSQL is stopped with
`-m immediate` under load and started again: commands answer `storage_failed` meanwhile,
/readyz answers 503, then the nodes recover by themselves and play goes on. With --rounds N
phases 2 and 3 are repeated, the killed node restarted first (same port, HAProxy takes it
back) and the next node killed. Finally the nodes are stopped with SIGTERM (exit status 0).
Any violation exits 1 with a message saying what diverged (game, node, seat, versions) and the
tail of every node's output; exit 77 when HAProxy is missing.
"""

import argparse
import asyncio
import collections
import csv
import io
import json
import os
import random
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "persistence"))
import server_crash_test as crash  # noqa: E402  (the server process, HTTP, JSON Patch, Record)
from server_crash_test import CONNECTION_ERRORS, PASSWORD, Pace, Record, Violation, apply_patch  # noqa: E402

import websockets  # noqa: E402

NODE_NAMES = ["A", "B", "C"]
LB = "lb"
# The games: who sits where and through which route (a node's name or the balancer), and who
# watches from where. Seats of one game on different nodes, spectators on a third. A "fast"
# game's person sends as fast as the answers come (the nodes allow it: --ws-rate), so that it
# finishes within the test's time; the others pace themselves at RATE messages a second.
SLOTS = [
    {"players": 3, "bots": 0, "people": [("ann", "A"), ("bob", "B"), ("cid", LB)],
     "spectators": [("dan", "C")]},
    {"players": 2, "bots": ["random"], "people": [("eve", LB)], "spectators": [("gus", "B")], "fast": True},
    {"players": 4, "bots": 2, "people": [("fay", "C"), ("gus", "A")], "spectators": [("dan", "B")]},
]
ACCOUNTS = ["ann", "bob", "cid", "dan", "eve", "fay", "gus"]
KEEP_VERSIONS = 200       # patched views a viewer keeps (canonical JSON) for the comparisons
RATE = 10.0
CATCH_UP_SECONDS = 10.0   # how long a node may lag behind another one at a check
ANSWER_SECONDS = 20.0     # how long a command may wait for its answer


def canonical(view):
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def first_difference(a, b, path=""):
    """The first JSON pointer where a and b differ, with both values (shortened)."""
    if type(a) is not type(b):
        return f"{path or '/'}: {json.dumps(a)[:200]} vs {json.dumps(b)[:200]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                side = "only in the first" if key in a else "only in the second"
                return f"{path}/{key} {side}: {json.dumps(a.get(key, b.get(key)))[:200]}"
            found = first_difference(a[key], b[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}/{i}")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items vs {len(b)}"
        return None
    if a != b:
        return f"{path or '/'}: {json.dumps(a)[:200]} vs {json.dumps(b)[:200]}"
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url, timeout=2.0):
    """(status, body) of a GET, or (None, the error) when nothing answered."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except (OSError, ValueError) as e:
        return None, f"{type(e).__name__}: {e}"


# ---- the processes ------------------------------------------------------------------------------

class Node(crash.Server):
    """One loyang-server on a fixed port (so that it can come back where HAProxy expects it)."""

    def __init__(self, name, binary, data, port, database):
        super().__init__(binary, data, [
            "--port", str(port), f"--database={database}",
            # Every client of the test comes from 127.0.0.1 (through HAProxy too, whose
            # X-Forwarded-For the nodes believe): no per-address sign-up limit.
            "--trusted-proxies", "127.0.0.1", "--signups-per-hour", "0", "--ws-rate", "200"])
        self.name, self.fixed_port = name, port

    def readyz(self):
        return http_get(f"http://127.0.0.1:{self.fixed_port}/readyz")


class Balancer:
    def __init__(self, binary, directory, nodes):
        self.binary, self.directory, self.nodes = binary, directory, nodes
        self.port, self.stats_port = free_port(), free_port()
        self.config = os.path.join(directory, "haproxy.cfg")
        self.output = collections.deque(maxlen=300)
        self.process = None
        servers = "\n".join(f"    server {n.name} 127.0.0.1:{n.fixed_port} check inter 500 fall 2 rise 1"
                            for n in nodes)
        with open(self.config, "w") as f:
            f.write(f"""global
    maxconn 1000

defaults
    mode http
    option redispatch
    retries 3
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout http-request 10s
    timeout client-fin 2s
    timeout server-fin 2s

frontend loyang
    bind 127.0.0.1:{self.port}
    option forwardfor
    default_backend nodes

backend nodes
    balance roundrobin
    option httpchk GET /readyz
    http-response set-header X-Loyang-Node %[srv_name]
{servers}

listen stats
    bind 127.0.0.1:{self.stats_port}
    stats enable
    stats uri /stats
""")

    def start(self):
        checked = subprocess.run([self.binary, "-c", "-f", self.config], capture_output=True, text=True)
        if checked.returncode != 0:
            raise Violation(f"haproxy refused the generated configuration {self.config}:\n"
                            f"{checked.stdout}{checked.stderr}")
        self.process = subprocess.Popen([self.binary, "-db", "-f", self.config], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, errors="replace")

        def drain():
            for line in self.process.stdout:
                self.output.append(line)
        threading.Thread(target=drain, daemon=True).start()

    def states(self):
        """{node name: HAProxy's status of it ("UP", "DOWN", ...)}, {} when it does not answer."""
        status, body = http_get(f"http://127.0.0.1:{self.stats_port}/stats;csv")
        if status != 200:
            return {}
        rows = csv.DictReader(io.StringIO(body.lstrip("# ")))
        return {r["svname"]: r["status"] for r in rows if r.get("pxname") == "nodes"
                and r["svname"] not in ("FRONTEND", "BACKEND")}

    def wait_states(self, want, seconds, why):
        """Waits until HAProxy's status of each node in `want` starts with the wanted word."""
        deadline = time.monotonic() + seconds
        states = {}
        while time.monotonic() < deadline:
            states = self.states()
            if all(states.get(n, "").startswith(s) for n, s in want.items()):
                return
            time.sleep(0.1)
        raise Violation(f"HAProxy: {why}: wanted {want} within {seconds:.0f} s, its states are {states}")

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def tail(self, n=40):
        return "".join(list(self.output)[-n:])


# ---- the clients ---------------------------------------------------------------------------------

class Viewer:
    """One WebSocket connection watching one game: a seat (playing it) or a spectator."""

    def __init__(self, test, game, account, seat, route, fast=False):
        self.test, self.game, self.account, self.seat, self.route = test, game, account, seat, route
        self.rate = 150.0 if fast else RATE
        self.pause_until = 0.0
        self.spectator = seat is None
        self.view, self.version = None, None
        self.history = collections.OrderedDict()  # version -> canonical JSON of the view
        self.node = None                          # the node serving the current connection
        self.connected = False
        self.pending = {}                         # id -> (cmd, version, node, sent at)
        self.sent = 0
        self.reconnects = 0
        self.finished = False
        self.last_out_of_turn = time.monotonic()
        self.resuming = False                     # subscribed with since, not answered yet
        self.subscribed_once = False              # the current connection got its subscription
        self.resubscribe_at = None                # a subscription refused storage_failed: when to ask again

    def who(self):
        role = "spectator" if self.spectator else f"seat {self.seat}"
        via = "directly" if self.route != LB else "through the balancer"
        return f"{self.account} ({role}) of game {self.game} on node {self.node} ({via})"

    def remember(self):
        self.history[self.version] = canonical(self.view)
        while len(self.history) > KEEP_VERSIONS:
            self.history.popitem(last=False)
        if not self.spectator:
            self.test.record.seen(self.game, self.account, self.version, self.view)

    async def run(self):
        """Watches (and plays) until the game is finished; reconnects through the balancer
        when its node was killed on purpose."""
        t = self.test
        failing_since = None
        while not self.finished and not t.stopping:
            try:
                await self.session()
                failing_since = None
            except CONNECTION_ERRORS as e:
                if self.subscribed_once:
                    failing_since = None  # the last reconnect worked: this is a new loss
                self.subscribed_once = False
                self.connected = False
                lost = list(self.pending.values())
                self.pending.clear()
                if t.stopping:
                    return
                node = self.node
                if node is not None and node not in t.dead:
                    raise Violation(f"{self.who()} lost its connection while node {node} was up "
                                    f"({len(lost)} command(s) unanswered): {type(e).__name__}: {e}")
                if node is None and (self.route != LB or not t.may_refuse_connections()):
                    raise Violation(f"{self.account} (game {self.game}) could not connect to "
                                    f"{'node ' + self.route if self.route != LB else 'the balancer'}: "
                                    f"{type(e).__name__}: {e}")
                if failing_since is None:
                    failing_since = time.monotonic()
                    if node is not None:
                        self.reconnects += 1
                        t.log(f"  {self.who()} lost its connection (node {node} killed); "
                              f"resuming through the balancer with since {self.version}")
                elif time.monotonic() - failing_since > 20:
                    raise Violation(f"{self.account} (game {self.game}) could not reconnect through the "
                                    f"balancer for 20 s: {type(e).__name__}: {e}")
                self.route, self.node = LB, None
                await asyncio.sleep(0.2)

    async def session(self):
        t = self.test
        ws = await websockets.connect(t.ws_url(self.route), max_size=None, open_timeout=10,
                                      ping_interval=None, close_timeout=1)
        try:
            if self.route == LB:
                self.node = ws.response_headers.get("X-Loyang-Node") or "?"
            else:
                self.node = self.route
            await ws.send(json.dumps({"type": "hello", "token": t.tokens[self.account]}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if welcome.get("type") != "welcome" or (welcome.get("account") or {}).get("name") != self.account:
                raise Violation(f"{self.who()}: hello answered {json.dumps(welcome)[:300]}")
            await self.subscribe(ws)
            pace = Pace(rate=self.rate, burst=self.rate)
            while True:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.1))
                    self.handle(message)
                except asyncio.TimeoutError:
                    pass
                if self.finished or t.stopping:
                    return
                if self.resubscribe_at is not None and time.monotonic() >= self.resubscribe_at:
                    await self.subscribe(ws)
                self.check_answers()
                await self.maybe_send(ws, pace)
        finally:
            self.connected = False
            await ws.close()

    async def subscribe(self, ws):
        self.resubscribe_at = None
        subscribe = {"type": "subscribe", "game": self.game,
                     "as": "spectator" if self.spectator else "player"}
        if self.version is not None:
            subscribe["since"] = self.version
            self.resuming = True
        await ws.send(json.dumps(subscribe))

    def check_answers(self):
        now = time.monotonic()
        for ident, (cmd, version, node, at) in self.pending.items():
            if now - at > ANSWER_SECONDS:
                raise Violation(f"{self.who()}: no answer for {now - at:.0f} s to command {ident} "
                                f"{json.dumps(cmd)} sent at version {version} (view now at {self.version})")

    def handle(self, message):
        t, kind = self.test, message["type"]
        if kind in ("snapshot", "patch", "subscribed", "result", "table") and message.get("game") != self.game:
            raise Violation(f"{self.who()} got a {kind} for game {message.get('game')}: "
                            f"{json.dumps(message)[:300]}")
        if kind == "snapshot":
            version, view = message["version"], message["view"]
            if message["seat"] != self.seat:
                raise Violation(f"{self.who()} got a snapshot as seat {message['seat']}")
            if self.version is not None:
                if version < self.version:
                    raise Violation(f"{self.who()}: versions went back: the view was at {self.version}, "
                                    f"the snapshot on resuming is at {version}")
                if version == self.version and self.history.get(version) != canonical(view):
                    diff = first_difference(json.loads(self.history[version]), view)
                    raise Violation(f"{self.who()}: the snapshot at version {version} after resuming on "
                                    f"node {self.node} differs from the view patched up to it: {diff}")
            before = self.version or 0
            if self.resuming:
                self.resuming = False
                t.resumes[f"a snapshot from node {self.node}"] += 1
            self.view, self.version = view, version
            self.connected = self.subscribed_once = True
            self.remember()
            self.note_bots(before)
        elif kind == "patch":
            if self.view is None:
                raise Violation(f"{self.who()} got a patch before any snapshot: {json.dumps(message)[:300]}")
            if message["from"] != self.version or message["to"] <= message["from"]:
                raise Violation(f"{self.who()}: a patch from version {message['from']} to {message['to']} "
                                f"while the view is at {self.version} (a gap, or versions going back)")
            before = self.version
            self.view = apply_patch(self.view, message["ops"])
            self.version = message["to"]
            self.remember()
            self.note_bots(before)
            if "id" in message:
                sent = self.pending.pop(message["id"], None)
                if sent is None:
                    raise Violation(f"{self.who()} got a patch answering id {message['id']}, which it is "
                                    f"not waiting for")
                if sent[1] != before:
                    raise Violation(f"{self.who()}: command {message['id']} sent at version {sent[1]} was "
                                    f"accepted as version {message['to']} (from {before})")
                t.ack(self, message["to"], sent[0])
        elif kind == "subscribed":
            if message["version"] != self.version or message["seat"] != self.seat:
                raise Violation(f"{self.who()}: resuming with since answered subscribed at version "
                                f"{message['version']} (seat {message['seat']}) but the view is at "
                                f"{self.version}")
            self.connected = self.subscribed_once = True
            if self.resuming:
                self.resuming = False
                t.resumes[f"patches from node {self.node}"] += 1
        elif kind == "result":
            sent = self.pending.pop(message["id"], None)
            if sent is None:
                raise Violation(f"{self.who()} got a result for id {message['id']}, which it is not "
                                f"waiting for: {json.dumps(message)[:300]}")
            cmd, version, node, _ = sent
            if message["ok"]:
                if message["version"] != self.version:
                    raise Violation(f"{self.who()}: result ok at version {message['version']} before its "
                                    f"patch (view at {self.version})")
                t.ack(self, message["version"], cmd)
                return
            code = message["error"]["code"]
            t.refusals[(code, node)] += 1
            if code == "stale":
                if self.version <= version:
                    raise Violation(f"{self.who()}: command {message['id']} sent at version {version} was "
                                    f"answered stale, but the view is still at {self.version}: the patches "
                                    f"it lacked did not come first")
            elif code == "storage_failed" and t.storage_may_fail():
                self.pause_until = time.monotonic() + 0.3  # as a client would: wait, try again
            else:
                raise Violation(f"{self.who()}: the legal command {json.dumps(cmd)} sent at version "
                                f"{version} was refused: {json.dumps(message['error'])}")
        elif kind == "error":
            if (message["error"]["code"] == "storage_failed" and message.get("game") == self.game
                    and not self.subscribed_once and t.storage_may_fail()):
                # The game could not be read while PostgreSQL was down: as a client would, ask again.
                t.refusals[("subscribe: storage_failed", self.node)] += 1
                self.resubscribe_at = time.monotonic() + 0.3
                return
            if message["error"]["code"] != "too_fast":
                raise Violation(f"{self.who()} got {json.dumps(message)[:300]}")
            self.pending.pop(message.get("id"), None)
            t.refusals[("too_fast", self.node)] += 1
            self.pause_until = time.monotonic() + 1.0
        elif kind == "table":
            if self.view is not None and message["version"] == self.version:
                self.view["table"] = message["table"]
                self.remember()
        if self.view is not None and self.view["game"]["phase"] == "finished":
            self.finished = True

    def note_bots(self, after):
        """Notes when a bot's command was last seen (log entries past version `after`)."""
        bots = self.test.bot_seats.get(self.game)
        if not bots:
            return
        for entry in reversed(self.view["log"]):
            if entry["version"] <= after:
                break
            if entry["player"] in bots:
                self.test.bot_moved[self.game] = max(self.test.bot_moved.get(self.game, 0), time.monotonic())
                break

    async def maybe_send(self, ws, pace):
        t = self.test
        if self.spectator or t.paused or self.pending or self.view is None or not self.connected:
            return
        if time.monotonic() < self.pause_until:
            return
        legal = [c for c in self.view["legal"] if c["type"] != "undo"]
        if not legal:
            return
        now = time.monotonic()
        if self.seat not in self.view["to_act"]:
            # Now and then a command out of turn (selling, a loan): it races with the commands
            # of the seat to act, sent to another node.
            if now - self.last_out_of_turn < 2.0 or t.rng.random() > 0.1:
                return
            self.last_out_of_turn = now
        command = json.loads(json.dumps(t.rng.choice(legal)))  # a copy: patches change the view in place
        await pace.take()
        self.sent += 1
        ident = f"{self.account}-g{self.game}-c{self.sent}"
        self.pending[ident] = (command, self.version, self.node, time.monotonic())
        await ws.send(json.dumps({"type": "command", "game": self.game, "version": self.version,
                                  "id": ident, "cmd": command}))


# ---- the test -----------------------------------------------------------------------------------

class ClusterTest:
    def __init__(self, args, rng, directory):
        self.args, self.rng, self.directory = args, rng, directory
        self.nodes = {}
        for name in NODE_NAMES:
            data = os.path.join(directory, f"node-{name}")
            os.mkdir(data)
            self.nodes[name] = Node(name, args.server, data, free_port(), args.database)
        self.balancer = Balancer(args.haproxy, directory, list(self.nodes.values()))
        self.record = Record()
        self.tokens = {}
        self.dead = set()           # nodes killed on purpose (and not started again)
        self.paused = False         # people send no commands (a check is running)
        self.stopping = False
        self.pg_down_at = None      # PostgreSQL stopped at (monotonic); None when up
        self.pg_recovered_at = None
        self.failure = None
        self.failed = asyncio.Event()
        self.viewers = []           # every viewer ever made
        self.games = {}             # game -> {"slot": i, "bots": set of seats, "humans": {...}}
        self.bot_seats = {}         # game -> set of bot seats
        self.bot_moved = {}         # game -> monotonic time of the last bot command seen
        self.finished = set()
        self.acks_by_node = collections.Counter()
        self.acked_by = {}          # (game, version) -> node that acknowledged it
        self.refusals = collections.Counter()  # (code, node) -> count
        self.resumes = collections.Counter()   # how resumes with since were answered
        self.check_slots = {}       # (account, node) -> semaphore of check connections
        self.started = time.monotonic()
        self.first_kill = None      # the games being played when a node was first killed

    # -- plumbing --
    def log(self, text):
        print(f"[{time.monotonic() - self.started:6.1f}s] {text}", flush=True)

    def fail(self, message):
        if self.failure is None:
            self.failure = message
        self.failed.set()

    def alive_nodes(self):
        return [n for n in NODE_NAMES if n not in self.dead]

    def ws_url(self, route):
        port = self.balancer.port if route == LB else self.nodes[route].fixed_port
        return f"ws://127.0.0.1:{port}/ws"

    def base(self, route=LB):
        port = self.balancer.port if route == LB else self.nodes[route].fixed_port
        return f"http://127.0.0.1:{port}"

    def may_refuse_connections(self):
        """Whether the balancer may fail to connect now: a node was killed (HAProxy has not
        noticed yet) or PostgreSQL is down (every node is out)."""
        return bool(self.dead) or self.storage_may_fail()

    def storage_may_fail(self):
        if self.pg_down_at is not None:
            return True
        return self.pg_recovered_at is not None and time.monotonic() - self.pg_recovered_at < 5

    def ack(self, viewer, version, cmd):
        self.record.ack(viewer.game, version, viewer.seat, cmd)
        self.acks_by_node[viewer.node] += 1
        self.acked_by[(viewer.game, version)] = viewer.node
        if self.args.verbose:
            print(f"  ack game {viewer.game} v{version} seat {viewer.seat} on node {viewer.node}: "
                  f"{json.dumps(cmd)}")

    async def http(self, method, path, body=None, token=None):
        """An API request through the balancer, retried while it may refuse connections:
        (status, parsed body, the node that answered)."""
        deadline = time.monotonic() + 30
        while True:
            status, answer, node = await asyncio.get_running_loop().run_in_executor(
                None, self.request, method, path, body, token)
            if status is not None and status < 500:
                return status, answer, node
            if not self.may_refuse_connections() or time.monotonic() > deadline:
                raise Violation(f"{method} {path} through the balancer answered {status} {answer} "
                                f"(node {node})")
            await asyncio.sleep(0.3)

    def request(self, method, path, body, token):
        """As server_crash_test.api, with the node that answered (HAProxy's X-Loyang-Node)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base() + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, json.loads(response.read() or b"null"), \
                    response.headers.get("X-Loyang-Node")
        except urllib.error.HTTPError as e:
            node = e.headers.get("X-Loyang-Node")
            try:
                return e.code, json.loads(e.read() or b"null"), node
            except ValueError:  # HAProxy's own error page
                return (e.code if node else None), f"HTTP {e.code} (not JSON)", node
        except (OSError, ValueError) as e:  # a dropped connection
            return None, f"{type(e).__name__}: {e}", None

    # -- games --
    async def new_game(self, index):
        slot = SLOTS[index]
        people = slot["people"]
        creator = people[0][0]
        body = {"players": slot["players"], "bots": slot["bots"]}
        status, summary, node = await self.http("POST", "/api/games", body, self.tokens[creator])
        if status != 201:
            raise Violation(f"creating a game {body} as {creator} through the balancer (node {node}) answered "
                            f"{status} {summary}")
        game = summary["id"]
        where = f"game {game} (created on node {node})"
        for seat, (person, _) in enumerate(people[1:], start=1):
            status, summary, node = await self.http("POST", f"/api/games/{game}/join", {"seat": seat},
                                                    self.tokens[person])
            if status != 200:
                raise Violation(f"joining {where} as {person} (seat {seat}) on node {node} answered {status} "
                                f"{summary}")
            taken = [s["player"] for s in summary["seats"]]
            if taken[seat] != person:
                raise Violation(f"joining {where} as {person} (seat {seat}) on node {node} answered 200, but the "
                                f"summary it returned has status {summary['status']!r} and seats {taken} (version "
                                f"{summary['version']}): not the game after the join")
        if summary["status"] != "active":
            raise Violation(f"{where} did not start once every seat was taken (the last join on node {node}): "
                            f"{summary}")
        humans = {s["player"]: s["seat"] for s in summary["seats"] if not s["bot"]}
        bots = {s["seat"] for s in summary["seats"] if s["bot"]}
        self.games[game] = {"slot": index, "humans": humans}
        self.record.games[game] = {"humans": humans, "kind": index}
        self.bot_seats[game] = bots
        routes = []
        viewers = []
        for person, route in people:
            route = route if route not in self.dead else LB
            viewers.append(Viewer(self, game, person, humans[person], route, slot.get("fast", False)))
            routes.append(f"{person} seat {humans[person]} via {route}")
        for person, route in slot["spectators"]:
            route = route if route not in self.dead else LB
            viewers.append(Viewer(self, game, person, None, route))
            routes.append(f"{person} watching via {route}")
        self.log(f"  game {game}: {slot['players']} players, bots in seats {sorted(bots)}; "
                 f"{', '.join(routes)}")
        return game, viewers

    async def slot(self, index):
        while not self.stopping:
            game, viewers = await self.new_game(index)
            self.viewers.extend(viewers)
            await asyncio.gather(*(v.run() for v in viewers))
            if self.stopping:
                return
            self.finished.add(game)
            self.log(f"  game {game} finished at version {max(v.version for v in viewers)}")

    async def guarded(self, coroutine):
        try:
            await coroutine
        except Violation as e:
            self.fail(str(e))
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - anything else fails the test, saying what it was
            self.fail(f"unexpected {type(e).__name__}: {e}")

    async def play(self, seconds):
        """Lets the clients play for `seconds` (or until a failure)."""
        try:
            await asyncio.wait_for(self.failed.wait(), seconds)
        except asyncio.TimeoutError:
            pass
        self.raise_failure()

    def raise_failure(self):
        if self.failure is not None:
            raise Violation(self.failure)

    def live_viewers(self):
        return [v for v in self.viewers if not v.finished]

    # -- the checks at the end of a phase --
    async def fresh_view(self, node, account, game, spectator, at_least):
        """A new subscription on `node`: (snapshot version, snapshot JSON, version, view) with the
        view patched up to `at_least` at least."""
        where = f"node {node}: a new subscription of {account} " \
                f"({'spectator' if spectator else 'player'}) to game {game}"
        key = (account, node)
        if key not in self.check_slots:
            # An account may hold 16 connections on a node (--max-connections-per-account);
            # its viewers hold a few.
            self.check_slots[key] = asyncio.Semaphore(8)
        try:
            async with self.check_slots[key]:
                return await self.fresh_view_on(node, account, game, spectator, at_least, where)
        except CONNECTION_ERRORS as e:
            state = "up" if self.nodes[node].alive() else f"dead, exit status {self.nodes[node].process.returncode}"
            raise Violation(f"{where} failed ({state}): {type(e).__name__}: {e}") from None

    async def fresh_view_on(self, node, account, game, spectator, at_least, where):
        ws = await websockets.connect(self.ws_url(node), max_size=None, open_timeout=10,
                                      ping_interval=None, close_timeout=1)
        try:
            await ws.send(json.dumps({"type": "hello", "token": self.tokens[account]}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if welcome.get("type") != "welcome":
                raise Violation(f"{where}: hello answered {json.dumps(welcome)[:300]}")
            await ws.send(json.dumps({"type": "subscribe", "game": game,
                                      "as": "spectator" if spectator else "player"}))
            deadline = time.monotonic() + CATCH_UP_SECONDS
            snapshot = None
            while snapshot is None:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
                if message["type"] == "snapshot" and message["game"] == game:
                    snapshot = message
                elif message["type"] == "error":
                    raise Violation(f"{where} answered {json.dumps(message)[:300]}")
            version, view = snapshot["version"], snapshot["view"]
            snapshot_json = canonical(view)
            while version < at_least:
                remaining = deadline - time.monotonic()
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), max(0.05, remaining)))
                except asyncio.TimeoutError:
                    by = self.acked_by.get((game, at_least))
                    raise Violation(f"{where} got a snapshot at version {snapshot['version']} and stayed at "
                                    f"version {version} for {CATCH_UP_SECONDS:.0f} s, but version {at_least} "
                                    f"was acknowledged or shown to a viewer"
                                    f"{f' (acknowledged on node {by})' if by else ''}") from None
                if message["type"] == "patch" and message["game"] == game:
                    if message["from"] != version:
                        raise Violation(f"{where}: a patch from {message['from']} to {message['to']} while "
                                        f"its view is at {version}")
                    view = apply_patch(view, message["ops"])
                    version = message["to"]
                elif message["type"] == "table" and message["game"] == game and message["version"] == version:
                    view["table"] = message["table"]
            return snapshot["version"], snapshot_json, version, view
        finally:
            await ws.close()

    async def compare_viewer(self, viewer, node, when):
        """Check 1: a fresh snapshot on `node` (not the viewer's) equals the viewer's patched view
        at that version; with a seat, also check 2 on that node."""
        target = 0 if viewer.spectator else max(self.record.max_acked[viewer.game],
                                                self.record.max_seen[viewer.game])
        version, snapshot_json, now, view = await self.fresh_view(node, viewer.account, viewer.game,
                                                                  viewer.spectator, target)
        deadline = time.monotonic() + CATCH_UP_SECONDS
        while (viewer.version or 0) < version and not viewer.finished and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        mine = viewer.history.get(version)
        if mine is None:
            if (viewer.version or 0) < version:
                raise Violation(f"after {when}: {viewer.who()} is at version {viewer.version}, but a new "
                                f"subscription on node {node} has version {version} since "
                                f"{CATCH_UP_SECONDS:.0f} s (its node did not send the patches)")
            return  # the viewer went past it by more than it keeps: compared at the next check
        if mine != snapshot_json:
            diff = first_difference(json.loads(mine), json.loads(snapshot_json))
            raise Violation(f"after {when}: {viewer.who()}: its patched view at version {version} differs "
                            f"from a new snapshot of version {version} on node {node}: first difference "
                            f"(patched vs snapshot) at {diff}")
        if not viewer.spectator:
            self.check_log(viewer.game, viewer.account, now, view, f"{when} (node {node})")
        return viewer.game, node

    def check_log(self, game, account, version, view, when):
        """Check 2 on a view at `version` (at least the highest version acknowledged before the
        check): every acknowledged command is in its log at its version, by the same seat, and
        every log entry `account` was shown up to `version` is there unchanged. (Bots go on
        during a check, so versions past `version` are left to the next check.)"""
        where = f"after {when}: game {game}"
        by_version = {}
        for entry in view["log"]:
            if entry["version"] in by_version:
                raise Violation(f"{where}: the log has version {entry['version']} twice")
            by_version[entry["version"]] = entry
        if by_version and max(by_version) > version:
            raise Violation(f"{where}: the log goes to version {max(by_version)}, past the view's version "
                            f"{version}")
        for v, (seat, cmd) in sorted(self.record.acked[game].items()):
            if v > version:
                continue
            entry = by_version.get(v)
            node = self.acked_by.get((game, v))
            if entry is None:
                raise Violation(f"{where}: the command acknowledged by node {node} at version {v} (seat "
                                f"{seat}: {json.dumps(cmd)}) is missing from the log (view at version "
                                f"{version}, {len(by_version)} log entries)")
            if entry["cmd"] != cmd or entry["player"] != seat:
                raise Violation(f"{where}: the log entry at version {v} is {json.dumps(entry)}, but node "
                                f"{node} acknowledged seat {seat}: {json.dumps(cmd)} there")
        for entry in list(self.record.seen_log.get((game, account), [])):
            if entry["version"] <= version and by_version.get(entry["version"]) != entry:
                raise Violation(f"{where}: the log entry {json.dumps(entry)} that {account} had been shown "
                                f"is now {json.dumps(by_version.get(entry['version']))}")

    async def check_log_on(self, game, node, when):
        """Check 2 for `game` on `node`, through its first person's seat."""
        account = sorted(self.games[game]["humans"])[0]
        target = max(self.record.max_acked[game], self.record.max_seen[game])
        _, _, now, view = await self.fresh_view(node, account, game, False, target)
        self.check_log(game, account, now, view, f"{when} (node {node})")
        if view["game"]["phase"] == "finished":
            self.finished.add(game)

    async def checkpoint(self, when, all_games=False):
        self.paused = True
        try:
            deadline = time.monotonic() + ANSWER_SECONDS
            while time.monotonic() < deadline:
                self.raise_failure()
                waiting = [v for v in self.live_viewers() if v.pending or not v.connected]
                if not waiting:
                    break
                await asyncio.sleep(0.05)
            else:
                raise Violation(f"after {when}: still waiting after {ANSWER_SECONDS:.0f} s for: "
                                + "; ".join(f"{v.who()} ({'answers to ' + str(list(v.pending)) if v.pending else 'not subscribed'})"
                                            for v in waiting))
            alive = self.alive_nodes()
            jobs = []
            for i, v in enumerate(self.live_viewers()):
                others = [n for n in alive if n != v.node] or alive
                jobs.append(self.compare_viewer(v, others[i % len(others)], when))
            done = await asyncio.gather(*jobs)
            covered = {d for d in done if d}
            games = list(self.games) if all_games else sorted({v.game for v in self.live_viewers()})
            await asyncio.gather(*(self.check_log_on(g, n, when) for g in games for n in alive
                                   if (g, n) not in covered))
            self.raise_failure()
            acked = sum(len(v) for v in self.record.acked.values())
            self.log(f"  checked after {when}: {len(jobs)} viewers equal new snapshots on other nodes; "
                     f"{len(games)} games hold their {acked} acknowledged commands on nodes {', '.join(alive)}")
        finally:
            self.paused = False

    # -- the phases --
    def start_node(self, name):
        node = self.nodes[name]
        node.start()
        self.dead.discard(name)
        self.log(f"node {name} listening on port {node.fixed_port} (start #{node.starts})")

    def kill_node(self, name):
        self.dead.add(name)
        self.nodes[name].kill()
        self.log(f"node {name} killed with SIGKILL")

    def leader_hint(self):
        """Which node's output mentions leading (for the log; the test does not rely on it)."""
        found = []
        for name, node in self.nodes.items():
            if any("leader" in line.lower() or "now runs bots" in line for line in node.output):
                found.append(name)
        return found

    async def phase_kill(self, round_number, victim):
        args = self.args
        await self.play(self.rng.uniform(0.5, 2.0))
        before = {g for g in self.games if g not in self.finished}
        leaders = self.leader_hint()
        self.log(f"round {round_number}: killing node {victim} under load "
                 f"(nodes whose output mentions a leader: {leaders or 'none'})")
        acks_before = self.record.acks_total
        killed_at = time.monotonic()
        if self.first_kill is None:
            self.first_kill = set(before)
        self.kill_node(victim)
        await asyncio.get_running_loop().run_in_executor(
            None, self.balancer.wait_states, {victim: "DOWN"}, 5.0,
            f"node {victim} was killed but is not taken out")
        self.log(f"  HAProxy took node {victim} out {time.monotonic() - killed_at:.1f} s after the kill")
        await self.play(args.play_seconds)
        moved = self.record.acks_total - acks_before
        if moved == 0:
            raise Violation(f"no command was acknowledged in {args.play_seconds:.0f} s after node {victim} "
                            "was killed")
        def still_stuck():
            return [g for g in before if self.bot_seats.get(g) and g not in self.finished
                    and self.bot_moved.get(g, 0) < killed_at]
        stuck = still_stuck()
        # A loaded machine (the whole suite beside this test, sanitizers) may take the humans'
        # turns and the strong bots' decisions a while: play on, up to a bound, for the games
        # with no bot command yet; bots that never move again still fail it.
        grace_until = time.monotonic() + args.bot_grace_seconds
        waited_for = list(stuck)
        while stuck and time.monotonic() < grace_until:
            await self.play(0.5)
            stuck = still_stuck()
        if waited_for and not stuck:
            self.log(f"  the bots of game(s) {waited_for} moved {time.monotonic() - killed_at:.1f} s after the kill")
        if stuck:
            raise Violation(f"after node {victim} was killed, no bot command was seen in game(s) {stuck} "
                            f"for {time.monotonic() - killed_at:.1f} s (bots in seats "
                            f"{[sorted(self.bot_seats[g]) for g in stuck]}): the bots did not move to "
                            f"another node (leader hint: {leaders or 'none'})")
        resumed = sum(v.reconnects for v in self.viewers)
        self.log(f"  {moved} commands acknowledged after the kill; {resumed} reconnects in all, resumed "
                 f"with {dict(self.resumes)}; nodes whose output mentions a leader: {self.leader_hint()}")
        await self.checkpoint(f"node {victim} was killed (round {round_number})")

    def pg(self, which):
        command = self.args.pg_stop if which == "stop" else self.args.pg_start
        done = subprocess.run(command, shell=True, capture_output=True, text=True)
        if done.returncode != 0:
            raise Violation(f"PostgreSQL {which} ({command}) exited {done.returncode}: "
                            f"{done.stdout}{done.stderr}")

    async def phase_pg_restart(self, round_number):
        args = self.args
        loop = asyncio.get_running_loop()
        await self.play(self.rng.uniform(0.5, 2.0))
        alive = self.alive_nodes()
        self.log(f"round {round_number}: PostgreSQL stopped with -m immediate under load")
        storage_failed_before = sum(c for (code, _), c in self.refusals.items() if code == "storage_failed")
        seen_503 = set()
        done_polling = threading.Event()

        def poll():
            while not done_polling.is_set():
                for name in alive:
                    status, _ = self.nodes[name].readyz()
                    if status == 503:
                        seen_503.add(name)
                done_polling.wait(0.1)
        poller = loop.run_in_executor(None, poll)
        try:
            self.pg_down_at = time.monotonic()
            await loop.run_in_executor(None, self.pg, "stop")
            try:
                await self.play(args.pg_down_seconds)
            finally:
                await loop.run_in_executor(None, self.pg, "start")
                down_for = time.monotonic() - self.pg_down_at
                self.pg_down_at = None
                self.pg_recovered_at = time.monotonic()
            started_at = time.monotonic()
            self.log(f"  PostgreSQL started again after {down_for:.1f} s down")
            deadline = time.monotonic() + 30
            while True:
                self.raise_failure()
                answers = {n: await loop.run_in_executor(None, self.nodes[n].readyz) for n in alive}
                if all(status == 200 for status, _ in answers.values()):
                    break
                if time.monotonic() > deadline:
                    raise Violation("30 s after PostgreSQL came back, /readyz answers " + "; ".join(
                        f"node {n}: {s} {b.strip()[:200]}" for n, (s, b) in answers.items()))
                await asyncio.sleep(0.1)
        finally:
            done_polling.set()
            await poller
        self.pg_recovered_at = time.monotonic()
        self.log(f"  every node ready again {time.monotonic() - started_at:.1f} s after PostgreSQL started; "
                 f"/readyz answered 503 meanwhile on node(s) {sorted(seen_503) or 'none'}")
        failed = sum(c for (code, _), c in self.refusals.items() if code == "storage_failed") - \
            storage_failed_before
        if not seen_503:
            raise Violation(f"PostgreSQL was down for {args.pg_down_seconds:.1f} s but no node's /readyz "
                            "answered 503")
        if failed == 0:
            raise Violation(f"PostgreSQL was down for {args.pg_down_seconds:.1f} s under load but no command "
                            "was answered storage_failed")
        await loop.run_in_executor(None, self.balancer.wait_states, {n: "UP" for n in alive}, 5.0,
                                   "the nodes are ready again but not all back in")
        acks_before = self.record.acks_total
        by_node_before = collections.Counter(self.acks_by_node)
        await self.play(args.play_seconds)
        moved = self.record.acks_total - acks_before
        by_node = {n: self.acks_by_node[n] - by_node_before[n] for n in alive}
        self.log(f"  {failed} commands answered storage_failed; {moved} acknowledged since the recovery "
                 f"(by node: {by_node})")
        if moved == 0:
            raise Violation(f"no command was acknowledged in {args.play_seconds:.0f} s after PostgreSQL came "
                            "back: the nodes did not recover")
        await self.checkpoint(f"PostgreSQL was restarted (round {round_number})")

    async def until_a_game_finished(self):
        """Plays on until a game that was being played when the first node was killed has
        finished (at most --final-seconds)."""
        if self.args.final_seconds <= 0 or self.first_kill is None:
            return
        deadline = time.monotonic() + self.args.final_seconds
        while not (self.finished & self.first_kill):
            if time.monotonic() > deadline:
                live = {g: max((v.version or 0) for v in self.viewers if v.game == g)
                        for g in sorted(self.first_kill)}
                raise Violation(f"none of the games played when node {NODE_NAMES[0]} was killed finished "
                                f"in the {self.args.final_seconds:.0f} s after the last phase (versions "
                                f"now: {live})")
            await self.play(0.2)
        self.log(f"  game(s) {sorted(self.finished & self.first_kill)}, played when the first node was "
                 "killed, finished")

    async def main(self):
        args = self.args
        for name in NODE_NAMES:
            self.start_node(name)
        self.balancer.start()
        await asyncio.get_running_loop().run_in_executor(
            None, self.balancer.wait_states, {n: "UP" for n in NODE_NAMES}, 10.0, "the nodes are not all up")
        self.log(f"HAProxy on port {self.balancer.port} in front of nodes {', '.join(NODE_NAMES)}")
        for name in ACCOUNTS:
            status, body, node = await self.http("POST", "/api/accounts", {"name": name, "password": PASSWORD})
            if status != 201:
                raise Violation(f"signing up {name} through the balancer (node {node}) answered {status} {body}")
            status, body, node = await self.http("POST", "/api/sessions", {"name": name, "password": PASSWORD})
            if status != 201:
                raise Violation(f"logging in {name} through the balancer (node {node}, just after signing up "
                                f"there or elsewhere) answered {status} {body}")
            self.tokens[name] = body["token"]
        tasks = [asyncio.create_task(self.guarded(self.slot(i))) for i in range(len(SLOTS))]
        try:
            self.log(f"phase 1: play on three nodes for {args.play_seconds:.0f} s")
            await self.play(args.play_seconds)
            await self.checkpoint("play on three nodes")
            for r in range(1, args.rounds + 1):
                victim = NODE_NAMES[(r - 1) % len(NODE_NAMES)]
                if self.dead:
                    for name in sorted(self.dead):
                        self.start_node(name)
                    await asyncio.get_running_loop().run_in_executor(
                        None, self.balancer.wait_states, {n: "UP" for n in NODE_NAMES}, 10.0,
                        "a node started again is not taken back")
                    await self.play(1.0)
                await self.phase_kill(r, victim)
                await self.phase_pg_restart(r)
            await self.until_a_game_finished()
            await self.checkpoint("the last phase, every game", all_games=True)
        finally:
            self.stopping = True
            done, pending = await asyncio.wait(tasks, timeout=5)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending)
        self.raise_failure()
        for name in self.alive_nodes():
            status = self.nodes[name].stop()
            if status != 0:
                raise Violation(f"node {name} exited with {status} on SIGTERM (a clean stop must exit 0)")
        refusals = ", ".join(f"{code} on {node}: {c}" for (code, node), c in sorted(self.refusals.items()))
        self.log(f"ok: {len(self.games)} games ({len(self.finished)} finished), "
                 f"{self.record.acks_total} acknowledged commands (by node: {dict(self.acks_by_node)}), "
                 f"refusals: {refusals or 'none'}, {sum(v.reconnects for v in self.viewers)} reconnects")

    def cleanup(self):
        for node in self.nodes.values():
            if node.alive():
                node.process.kill()
                node.process.wait()
        self.balancer.stop()

    def tails(self):
        parts = []
        for name, node in self.nodes.items():
            parts.append(f"---- node {name} (port {node.fixed_port}), last lines ----\n{node.tail(60)}")
        parts.append(f"---- HAProxy ----\n{self.balancer.tail()}")
        return "\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("server", help="the loyang-server binary")
    parser.add_argument("--database", required=True, help="the PostgreSQL URL every node uses (an empty "
                                                          "database)")
    parser.add_argument("--haproxy", default=shutil.which("haproxy") or "/usr/sbin/haproxy")
    parser.add_argument("--pg-stop", required=True, help="shell command stopping PostgreSQL (-m immediate)")
    parser.add_argument("--pg-start", required=True, help="shell command starting it again (waiting)")
    parser.add_argument("--seed", type=int, help="seed of the random choices")
    parser.add_argument("--play-seconds", type=float, default=6.0, help="play in each phase (default 6)")
    parser.add_argument("--bot-grace-seconds", type=float, default=30.0,
                        help="after a kill, how much longer to wait for the bots of a game to move (default 30)")
    parser.add_argument("--pg-down-seconds", type=float, default=2.0,
                        help="how long PostgreSQL stays down (default 2)")
    parser.add_argument("--final-seconds", type=float, default=25.0,
                        help="at the end, play on until one of the games played when the first node "
                             "was killed has finished, at most this long (default 25; 0: do not wait)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="kill-a-node and restart-PostgreSQL rounds (default 1; more for a soak)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--verbose", action="store_true", help="print every acknowledged command")
    args = parser.parse_args()
    if not os.access(args.haproxy, os.X_OK):
        print(f"HAProxy ({args.haproxy}) is not installed (apt-get install haproxy): skipped")
        return 77
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    rerun, skip = [sys.executable, sys.argv[0]], False
    for a in sys.argv[1:]:
        if not skip and not a.startswith("--seed"):
            rerun.append(a)
        skip = a == "--seed"
    rerun += ["--seed", str(seed)]
    print(f"cluster test: seed {seed}\nrerun: {' '.join(shlex.quote(a) for a in rerun)}", flush=True)
    directory = tempfile.mkdtemp(prefix="loyang-cluster-")
    test = ClusterTest(args, random.Random(seed), directory)
    try:
        asyncio.run(test.main())
        return 0
    except Violation as e:
        print(f"\nFAILED (seed {seed}): {e}\n\n{test.tails()}", file=sys.stderr)
        args.keep = True
        return 1
    except Exception as e:  # noqa: BLE001 - a bug of the test or an unforeseen answer: say what
        import traceback
        traceback.print_exc()
        print(f"\nFAILED (seed {seed}): unexpected {type(e).__name__}: {e}\n\n{test.tails()}", file=sys.stderr)
        args.keep = True
        return 1
    finally:
        test.cleanup()
        if test.pg_down_at is not None:
            subprocess.run(args.pg_start, shell=True)  # never leave the shared PostgreSQL down
        if args.keep:
            print(f"directory kept: {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
