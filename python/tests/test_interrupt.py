"""Ctrl-C stops a long count (KeyboardInterrupt) and leaves nothing behind: SIGINT is sent to
a child Python running a count of a random 10x10 CrossProduct without a limit (billions of
solutions); the child catches the KeyboardInterrupt, shows that no search goes on (its CPU
time stays still) and that the module still answers."""

import signal
import subprocess
import sys
import time

import pytest

# The child restores Python's own SIGINT handler first: a process started in the
# background by a non-interactive shell inherits SIGINT ignored, and Python then installs
# no KeyboardInterrupt handler (this test hung in such runs, never in a terminal or CI).
CHILD = r"""
import signal, sys, time, cagesat
signal.signal(signal.SIGINT, signal.default_int_handler)
big = cagesat.generate("crossproduct", (10, 10), seed=1, unique=False)
call = sys.argv[1]
print("started", flush=True)
try:
    if call == "count":
        print("finished", big.count(), flush=True)
    else:
        for n, grid in enumerate(big.solutions()):
            pass
        print("finished", n, flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
cpu = time.process_time()
time.sleep(1.0)
print("idle cpu", round(time.process_time() - cpu, 3), flush=True)
small = cagesat.parse("cols 2016 648 3240\nrows 48 81 162 210 32\n")
print("after", small.count().count, flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
@pytest.mark.parametrize("call", ["count", "solutions"])
def test_ctrl_c_stops_a_long_run(call):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, call],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)  # well inside the search
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            pytest.fail(f"no answer 60 s after SIGINT; stdout {out!r}, stderr {err!r}")
    finally:
        if child.poll() is None:
            child.kill()
    lines = out.splitlines()
    assert lines[0] == "interrupted", (out, err)
    idle = float(lines[1].split()[-1])
    assert idle < 0.3, f"the search went on after Ctrl-C ({idle} s of CPU in 1 s idle)"
    assert lines[2] == "after 55"
    assert child.returncode == 0, err
