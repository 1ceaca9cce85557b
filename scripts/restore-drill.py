#!/usr/bin/env python3
"""A restore drill: proves that a backup of a SQLite site can be restored, without touching
the site. It restores BACKUP into a scratch data directory and checks it the way the real
restore would be used:

  1. `loyang-server ratings --data SCRATCH --json` replays every finished game from its stored
     commands and checks its stored result (and applies any migration a newer server needs);
  2. a server started on SCRATCH (loopback, a free port) becomes ready;
  3. every running public game it lists loads (its current view, GET /api/games/ID/history);
  4. the server stops on SIGTERM with exit status 0.

Usage: scripts/restore-drill.py [--server PATH] [--expect-finished N] [--expect-running N] BACKUP
       (BACKUP: a file `loyang-server backup` wrote, or a directory of them: the newest is used)

Exit status 0 with a one-line summary, 1 with what failed. Run it on a schedule beside the
backups (README.md, "Backups on a schedule, and the restore drill"); tests/deploy/backup_test.py runs
it in `make test`.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request


class DrillFailed(Exception):
    pass


def newest_backup(path):
    if not os.path.isdir(path):
        return path
    names = sorted(n for n in os.listdir(path) if re.fullmatch(r"loyang-.+\.db", n))
    if not names:
        raise DrillFailed(f"no backup (loyang-*.db) in {path}")
    return os.path.join(path, names[-1])


def get(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, None


def replay_finished(server, data):
    run = subprocess.run([server, "ratings", "--data", data, "--json"], capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise DrillFailed(f"the finished games do not replay (ratings exit {run.returncode}): "
                          f"{(run.stdout + run.stderr).strip()[-2000:]}")
    return json.loads(run.stdout)


def serve_and_load(server, data):
    process = subprocess.Popen([server, "--address", "127.0.0.1", "--port", "0", "--data", data,
                                "--threads", "1", "--log-level", "info"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines, port = [], []
    found = threading.Event()

    def drain():
        for line in process.stdout:
            lines.append(line)
            m = re.search(r"listening on http://[^ ]*:(\d+)/", line)
            if m and not port:
                port.append(int(m.group(1)))
                found.set()
        found.set()

    threading.Thread(target=drain, daemon=True).start()
    try:
        found.wait(60)
        if not port:
            raise DrillFailed("the server did not start on the restored data:\n" + "".join(lines[-20:]))
        base = f"http://127.0.0.1:{port[0]}"
        started = time.monotonic()
        while get(base, "/readyz")[0] != 200:
            if time.monotonic() - started > 60 or process.poll() is not None:
                raise DrillFailed("the server on the restored data never became ready:\n" + "".join(lines[-20:]))
            time.sleep(0.1)
        ready_after = time.monotonic() - started
        status, live = get(base, "/api/games/live")
        if status != 200:
            raise DrillFailed(f"GET /api/games/live answered {status}")
        games = live.get("games", [])
        for g in games:
            # Its current view: the room is loaded (snapshot and commands replayed, hash checked).
            path = f"/api/games/{g['id']}/history"
            status, _ = get(base, path)
            if status != 200:
                raise DrillFailed(f"running game {g['id']} does not load: GET {path} answered {status}")
        return ready_after, len(games)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            rc = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            rc = process.wait()
        if rc != 0 and sys.exc_info()[0] is None:
            raise DrillFailed(f"the server on the restored data exited {rc} on SIGTERM:\n" + "".join(lines[-20:]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("backup")
    parser.add_argument("--server", default=shutil.which("loyang-server") or "build/release/server/loyang-server")
    parser.add_argument("--expect-finished", type=int)
    parser.add_argument("--expect-running", type=int)
    args = parser.parse_args()
    try:
        backup = newest_backup(args.backup)
        if not os.path.isfile(backup):
            raise DrillFailed(f"no backup file at {backup}")
        with tempfile.TemporaryDirectory(prefix="loyang-restore-drill-") as scratch:
            # The restore as README says: the file becomes DIR/loyang.db, nothing beside it.
            shutil.copyfile(backup, os.path.join(scratch, "loyang.db"))
            report = replay_finished(args.server, scratch)
            finished = report.get("games_replayed", 0)
            ready_after, running = serve_and_load(args.server, scratch)
        if args.expect_finished is not None and finished != args.expect_finished:
            raise DrillFailed(f"{finished} finished games replayed, {args.expect_finished} expected")
        if args.expect_running is not None and running != args.expect_running:
            raise DrillFailed(f"{running} running public games loaded, {args.expect_running} expected")
    except DrillFailed as e:
        print(f"restore drill FAILED: {e}")
        return 1
    print(f"restore drill ok: {backup}: {finished} finished games replay with their stored results, "
          f"the server was ready in {ready_after:.1f} s, {running} running public games load")
    return 0


if __name__ == "__main__":
    sys.exit(main())
