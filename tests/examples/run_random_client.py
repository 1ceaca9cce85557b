#!/usr/bin/env python3
"""CTest driver: starts loyang-server on a free port with a temporary data directory, plays
examples/random_client.py against it, and checks that the game finished.

    run_random_client.py SERVER_BINARY CLIENT_SCRIPT [CLIENT ARGS...]
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading


def main():
    server_binary, client_script, client_args = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory(prefix="loyang-example-") as data:
        server = subprocess.Popen(
            [server_binary, "--address", "127.0.0.1", "--port", "0", "--data", data,
             "--password-cost", "minimal", "--memory-only", "true", "--threads", "2"],
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

            client = subprocess.run(
                [sys.executable, client_script, "--url", f"http://127.0.0.1:{port}"] + client_args,
                capture_output=True, text=True, timeout=240)
            sys.stdout.write(client.stdout)
            sys.stdout.write(client.stderr)
            if client.returncode != 0:
                print(f"the client exited with {client.returncode}")
                return 1
            if not re.search(r"game \d+ finished; ranking:\n  1\. seat", client.stdout):
                print("the client did not report a finished game")
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
