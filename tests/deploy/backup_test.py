"""Scheduled backups and the restore drill, with the real binary on a real site:

- `loyang-server backup --out-dir DIR --keep N` names each copy by its UTC time and keeps the
  newest N (a half-written copy a killed backup left is deleted once stale, a fresh one is
  not); `--every` goes on taking them; bad values are refused with exit status 2;
- scripts/restore-drill.py restores the newest backup into a scratch directory while the site
  keeps running, replays its finished game, serves its running game, and fails on a damaged
  backup;
- the compose file's and the Kubernetes manifests' backup jobs run that command (and
  PostgreSQL's pg_dump) with a retention.

Usage: backup_test.py LOYANG_SERVER REPO_ROOT
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
import urllib.error
import urllib.request

SKIP = 77
PASSWORD = "correct horse"


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


def api(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def start_server(binary, data):
    process = subprocess.Popen([binary, "--address", "127.0.0.1", "--port", "0", "--data", data,
                                "--password-cost", "minimal", "--threads", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        found = re.search(r"listening on http://[^ ]*:(\d+)/", line)
        if found:
            # Keep reading its output so that it never blocks on a full pipe.
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, f"http://127.0.0.1:{found.group(1)}"
    raise Failure("the server did not start")


def make_site(base):
    status, _ = api(base, "POST", "/api/accounts", {"name": "ann", "password": PASSWORD})
    check(status == 201, f"sign-up answered {status}")
    status, body = api(base, "POST", "/api/sessions", {"name": "ann", "password": PASSWORD})
    check(status == 201, f"login answered {status}")
    token = body["token"]
    games = []
    for _ in range(2):
        status, game = api(base, "POST", "/api/games", {"players": 2, "bots": 1}, token)
        check(status == 201 and game["status"] == "active", f"a game against a bot: {status} {game}")
        games.append(game["id"])
    # The first one resigned: a bot takes the seat and plays it to its end.
    status, _ = api(base, "POST", f"/api/games/{games[0]}/resign", None, token)
    check(status == 200, f"resigning answered {status}")
    until = time.monotonic() + 120
    while api(base, "GET", f"/api/games/{games[0]}", None, token)[1]["status"] != "finished":
        check(time.monotonic() < until, "the bots never finished the resigned game")
        time.sleep(0.2)


def run(*argv):
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=300)


def backups(directory):
    return sorted(n for n in os.listdir(directory) if n.endswith(".db"))


def check_schedule(binary, data, tmp):
    out = os.path.join(tmp, "backups")
    os.makedirs(out)
    stale = os.path.join(out, "loyang-20200101T000000.000Z.db.tmp")
    fresh = os.path.join(out, "loyang-20990101T000000.000Z.db.tmp")
    for f in (stale, fresh):
        open(f, "w").close()
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    taken = []
    for _ in range(3):
        r = run(binary, "backup", "--data", data, "--out-dir", out, "--keep", "2")
        check(r.returncode == 0, f"backup --out-dir exit {r.returncode}: {r.stderr}")
        name = re.search(r"backed up .* to (.*)$", r.stdout, re.M).group(1)
        check(re.fullmatch(r"loyang-\d{8}T\d{6}\.\d{3}Z\.db", os.path.basename(name)), f"a backup's name: {name}")
        taken.append(os.path.basename(name))
        time.sleep(0.01)
    check(backups(out) == taken[1:], f"the newest two kept: {backups(out)}, taken {taken}")
    for name in backups(out):
        mode = os.stat(os.path.join(out, name)).st_mode & 0o777
        check(mode == 0o600, f"{name} is readable by its owner only: {oct(mode)}")
    check(not os.path.exists(stale), "a stale half-written copy was deleted")
    check(os.path.exists(fresh), "a copy being written now (fresh) was left alone")

    for bad in (["--keep", "0"], ["--keep", "x"], ["--every", "5x"], ["--every", "0"]):
        r = run(binary, "backup", "--data", data, "--out-dir", out, *bad)
        check(r.returncode == 2 and r.stderr, f"backup {bad} refused with exit 2: {r.returncode} {r.stderr}")
    r = run(binary, "backup", "--data", data, "--out", os.path.join(tmp, "x.db"), "--keep", "2")
    check(r.returncode == 2, "--keep without --out-dir refused")

    # On a schedule: a copy each second, three kept, until stopped.
    every = os.path.join(tmp, "every")
    process = subprocess.Popen([binary, "backup", "--data", data, "--out-dir", every, "--keep", "3", "--every", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    made = deleted = 0
    until = time.monotonic() + 60
    for line in process.stdout:
        made += line.startswith("backed up ")
        deleted += line.startswith("deleted the old backup ")
        if (made == 5 and deleted == 2) or time.monotonic() > until:
            break
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    check(made == 5 and deleted == 2, f"five scheduled backups, the two oldest deleted: {made}, {deleted}")
    check(len(backups(every)) == 3, f"three kept: {backups(every)}")
    return out


def check_drill(binary, root, backup_dir, tmp):
    drill = [sys.executable, os.path.join(root, "scripts", "restore-drill.py"), "--server", binary]
    r = run(*drill, "--expect-finished", "1", "--expect-running", "1", backup_dir)
    check(r.returncode == 0, f"the drill on a good backup: exit {r.returncode}\n{r.stdout}{r.stderr}")
    check("restore drill ok" in r.stdout and backups(backup_dir)[-1] in r.stdout, f"drill's summary: {r.stdout}")
    check(re.search(r"1 finished games replay", r.stdout), f"drill's summary: {r.stdout}")

    r = run(*drill, "--expect-finished", "2", backup_dir)
    check(r.returncode == 1 and "2 expected" in r.stdout, f"a drill expecting more games fails: {r.stdout}")

    damaged = os.path.join(tmp, "damaged.db")
    with open(os.path.join(backup_dir, backups(backup_dir)[-1]), "rb") as f:
        whole = f.read()
    with open(damaged, "wb") as f:
        f.write(whole[: len(whole) // 2])
    r = run(*drill, damaged)
    check(r.returncode == 1 and "FAILED" in r.stdout, f"the drill on a damaged backup fails: {r.returncode} {r.stdout}")


def check_manifests(root):
    import yaml
    with open(os.path.join(root, "deploy", "docker-compose.yml")) as f:
        compose = yaml.safe_load(f)
    job = compose["services"]["backup"]
    command = " ".join(job["command"])
    check(re.search(r"backup .*--out-dir \S+ .*--keep \d+ .*--every \S+", command), f"compose backup: {command}")
    check("loyang-data:/data" in " ".join(job["volumes"]), "the compose backup reads the site's volume")

    jobs = []
    for name in ("sqlite-backup-cronjob.yaml", "pg-dump-cronjob.yaml"):
        with open(os.path.join(root, "deploy", "k8s", name)) as f:
            jobs += [d for d in yaml.safe_load_all(f) if d and d.get("kind") == "CronJob"]
    names = {}
    for j in jobs:
        check(j["spec"]["schedule"].count(" ") == 4, f"{j['metadata']['name']}: a cron schedule")
        check(j["spec"]["concurrencyPolicy"] == "Forbid", f"{j['metadata']['name']}: no two at once")
        container = j["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]
        names[j["metadata"]["name"]] = " ".join(container.get("command", []) + container.get("args", []))
    check(re.search(r"backup .*--out-dir \S+ .*--keep \d+", names.get("loyang-backup", "")),
          f"the SQLite CronJob: {names}")
    check(re.search(r"pg_dump .*-Fc", names.get("loyang-pg-dump", "")) and "-mtime" in names["loyang-pg-dump"],
          f"the PostgreSQL CronJob dumps and prunes: {names}")


def main():
    binary, root = sys.argv[1], sys.argv[2]
    try:
        import yaml  # noqa: F401 (check_manifests reads the examples with it)
    except ImportError:
        print("skipped: no python3-yaml (scripts/install-deps.sh installs it)")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        process, base = start_server(binary, data)
        try:
            make_site(base)
            backup_dir = check_schedule(binary, data, tmp)
            # The drill works on a copy: the site keeps serving meanwhile.
            check_drill(binary, root, backup_dir, tmp)
            check(api(base, "GET", "/readyz")[0] == 200, "the site still serves after the drill")
        except Failure as e:
            print(f"FAIL: {e}")
            return 1
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    try:
        check_manifests(root)
    except Failure as e:
        print(f"FAIL: {e}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
