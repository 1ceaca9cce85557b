#!/usr/bin/env python3
"""The monitoring examples, tested: deploy/monitoring/alerts.yml and prometheus.yml pass
`promtool check`, and every series the alert rules and the Grafana dashboard
(grafana-dashboard.json) name is one a real loyang-server exposes on its metrics port.

    monitoring_test.py SERVER_BINARY DEPLOY_DIR

Exit 77 (skipped) when promtool is missing (scripts/install-deps.sh installs Debian's
prometheus package, which has it).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))
from server_process import SKIP, server_args, stop_process  # noqa: E402

SERIES = re.compile(r"\b((?:loyang|process)_[a-z_]+)")


def families(text):
    """Metric family names and their types, from the exposition's # TYPE lines."""
    out = {}
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            out[name] = kind
    return out


def exposed(name, known):
    """Whether `name` (as a query names it) is a series of one of the `known` families."""
    if name in known:
        return True
    for suffix in ("_bucket", "_sum", "_count"):
        base = name[: -len(suffix)] if name.endswith(suffix) else None
        if base and known.get(base) == "histogram":
            return True
    return False


def scrape(binary, tmp):
    """Starts the server with a metrics port of its own, makes it count a request, a failed
    login and a commit, and returns its /metrics text."""
    argv = server_args(binary, os.path.join(tmp, "data")) + [
        "--metrics-address", "127.0.0.1:0", "--metrics-on-game-port", "off", "--log-format", "json"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        game_port = metrics_port = None
        deadline = time.time() + 30
        while (game_port is None or metrics_port is None) and time.time() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            try:
                message = json.loads(line).get("message", "")
            except json.JSONDecodeError:
                continue
            if m := re.search(r"listening on http://[^:]+:(\d+)/", message):
                game_port = int(m.group(1))
            if m := re.search(r"also on .* \(port (\d+)\)", message):
                metrics_port = int(m.group(1))
        if game_port is None or metrics_port is None:
            raise SystemExit(f"FAIL: the server did not say where it listens ({game_port}, {metrics_port})")
        body = json.dumps({"name": "watcher", "password": "correct horse"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{game_port}/api/accounts", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=20) as answer:
            assert answer.status == 201
        with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=20) as answer:
            return answer.read().decode()
    finally:
        stop_process(process)


def main():
    binary, deploy = sys.argv[1], sys.argv[2]
    promtool = shutil.which("promtool")
    if not promtool:
        print("skipped: promtool is missing (scripts/install-deps.sh installs the prometheus package)")
        return SKIP
    monitoring = os.path.join(deploy, "monitoring")
    for what, file in (("rules", "alerts.yml"), ("config", "prometheus.yml")):
        checked = subprocess.run([promtool, "check", what, os.path.join(monitoring, file)], capture_output=True,
                                 text=True)
        print(checked.stdout.strip())
        if checked.returncode != 0:
            print(f"FAIL: promtool check {what} {file}:\n{checked.stderr}")
            return 1

    with tempfile.TemporaryDirectory() as tmp:
        known = families(scrape(binary, tmp))
    failures = []
    with open(os.path.join(monitoring, "alerts.yml")) as f:
        rules = f.read()
    exprs = [("alerts.yml", line.split("expr:", 1)[1]) for line in rules.splitlines() if "expr:" in line]
    # A folded expression (expr: >-) continues on the next lines.
    exprs += [("alerts.yml", line) for line in rules.splitlines() if "histogram_quantile" in line]
    with open(os.path.join(monitoring, "grafana-dashboard.json")) as f:
        dashboard = json.load(f)
    ids = [p["id"] for p in dashboard["panels"]]
    if len(ids) != len(set(ids)):
        failures.append("the dashboard's panel ids repeat")
    for panel in dashboard["panels"]:
        if not panel.get("targets"):
            failures.append(f"panel {panel['title']!r} has no query")
        for target in panel.get("targets", []):
            exprs.append((f"panel {panel['title']!r}", target["expr"]))
    named = 0
    for where, expr in exprs:
        for name in SERIES.findall(expr):
            named += 1
            if not exposed(name, known):
                failures.append(f"{where} names {name}, which the server does not expose")
    for histogram in ("loyang_command_latency_seconds", "loyang_store_commit_seconds",
                      "loyang_http_request_duration_seconds"):
        if known.get(histogram) != "histogram":
            failures.append(f"{histogram} is not a histogram: {known.get(histogram)}")
    if failures:
        print("FAIL:\n" + "\n".join(failures))
        return 1
    print(f"ok: {len(exprs)} queries name {named} series, all exposed; rules and config checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
