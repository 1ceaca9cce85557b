#!/usr/bin/env python3
"""CTest driver: starts loyang-server on a free port with a temporary data directory, runs a
client command against it, checks the client's exit status and output, and stops the server.

    run_against_server.py SERVER_BINARY EXPECTED_REGEX -- COMMAND [ARGS...]

In COMMAND and ARGS, {url} becomes http://127.0.0.1:PORT, {port} the port and {pid} the
server's process id.
"""
import re
import signal
import subprocess
import sys
import tempfile
import threading


def main():
    server_binary, expected = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    with tempfile.TemporaryDirectory(prefix="loyang-client-test-") as data:
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
                                    capture_output=True, text=True, timeout=240)
            sys.stdout.write(client.stdout)
            sys.stdout.write(client.stderr)
            if client.returncode != 0:
                print(f"the client exited with {client.returncode}")
                return 1
            if not re.search(expected, client.stdout):
                print(f"the client's output does not match {expected!r}")
                return 1
            return 0
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    sys.exit(main())
