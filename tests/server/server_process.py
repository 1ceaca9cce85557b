"""Shared by the tests here that run the real loyang-server binary (data_dir_test.py,
descriptors_test.py): its usual command line, stopping it, and running one case of a test in
a temporary directory. Imported from the test's own directory, which Python puts first on
sys.path when CMake runs `python3 tests/server/<name>_test.py`."""
import signal
import subprocess
import tempfile

SKIP = 77  # exit status of a test whose part is missing (ctest SKIP_RETURN_CODE)


class Failure(Exception):
    """A check that did not hold; run_case prints it and exits 1."""


def server_args(binary, data, port="0"):
    """A server on 127.0.0.1 storing in `data`, with the cheapest password hashing and one
    I/O thread."""
    return [binary, "--address", "127.0.0.1", "--port", str(port), "--data", data,
            "--password-cost", "minimal", "--threads", "1"]


def stop_process(process, sig=signal.SIGTERM):
    """Sends `sig` to a server still running and waits for it, killing it after 30 s; returns
    its exit status."""
    if process.poll() is None:
        process.send_signal(sig)
    try:
        return process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


def run_case(case, binary, **tmp_options):
    """Runs `case(binary, tmp)` in a fresh temporary directory (`tmp_options` as for
    tempfile.TemporaryDirectory); prints "ok" or the failure. Returns the exit status: 0, 1 for
    a failure, or the case's own (SKIP)."""
    with tempfile.TemporaryDirectory(**tmp_options) as tmp:
        try:
            rc = case(binary, tmp) or 0
        except Failure as e:
            print(f"FAIL: {e}")
            return 1
    if rc == 0:
        print("ok")
    return rc
