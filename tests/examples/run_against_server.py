#!/usr/bin/env python3
"""CTest driver: starts loyang-server on a free port with a temporary data directory, runs a
client command against it, checks the client's exit status and output, and stops the server.

    run_against_server.py SERVER_BINARY EXPECTED_REGEX [--trace] -- COMMAND [ARGS...]

In COMMAND and ARGS, {url} becomes http://127.0.0.1:PORT, {port} the port and {pid} the
server's process id. With --trace the client runs with LOYANG_TRACE=FILE (the examples append
every WebSocket message they send and receive to it), and FILE is then checked against the
protocol's schemas (tests/protocol/schema_check.py traffic); that check is skipped, saying so,
when this python3 has no jsonschema module.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading


def check_trace(trace):
    """Validates the client's WebSocket messages against protocol/schema/."""
    if subprocess.run([sys.executable, "-c", "import jsonschema"], capture_output=True).returncode != 0:
        print(f"the traffic check skipped: {sys.executable} has no jsonschema module (run scripts/install-deps.sh)")
        return 0
    if not os.path.exists(trace):
        print("the client wrote no trace (LOYANG_TRACE)")
        return 1
    check = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol", "schema_check.py")
    print("the client's WebSocket messages against protocol/schema/:", flush=True)
    return 0 if subprocess.run([sys.executable, check, "traffic", trace]).returncode == 0 else 1


def main():
    server_binary, expected = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    traced = "--trace" in sys.argv[3:sys.argv.index("--")]
    with tempfile.TemporaryDirectory(prefix="loyang-client-test-") as data:
        trace = os.path.join(data, "trace.jsonl")
        server = subprocess.Popen(
            [server_binary, "--address", "127.0.0.1", "--port", "0", "--data", data,
             "--password-cost", "minimal", "--memory-only", "true", "--threads", "2",
             "--signups-per-hour", "0", "--write-budgets", "games_per_address=0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            port = None
            for line in server.stdout:  # "... listening on http://127.0.0.1:PORT/ ..."
                sys.stdout.write("server: " + line)
                found = re.search(r"listening on http://[^ ]*:(\d+)/", line)
                if found:
                    port = found.group(1)
                    break
            if port is None:
                print("the server did not start")
                return 1
            # Keep draining the server's output so that it never blocks on a full pipe.
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()

            values = {"url": f"http://127.0.0.1:{port}", "port": port, "pid": str(server.pid)}
            client = subprocess.run([arg.format(**values) for arg in command],
                                    capture_output=True, text=True, timeout=240,
                                    env=dict(os.environ, LOYANG_TRACE=trace) if traced else None)
            sys.stdout.write(client.stdout)
            sys.stdout.write(client.stderr)
            if client.returncode != 0:
                print(f"the client exited with {client.returncode}")
                return 1
            if not re.search(expected, client.stdout):
                print(f"the client's output does not match {expected!r}")
                return 1
            return check_trace(trace) if traced else 0
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    sys.exit(main())
