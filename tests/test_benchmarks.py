"""`make bench` runs: every benchmark completes and prints its figure, here on its smallest inputs
(``PAWNSLIB_BENCH_QUICK``; no timing is asserted here, the full figures are `make bench`'s).

With the numba kernels cached the quick run takes about 25 s (a minute with the other core busy). The first run after
a change to pawnslib compiles the package's kernels first (most of them in bench_asym, the first section: 4 minutes
when the machine is busy); a new checkout also compiles, once, the
kernels of the earlier commit that bench_kernels plays against (benchmarks/commits.py; bench_rules' column before is
`make bench`'s only). So the
run is stopped only when it prints nothing for STALL seconds, not after a total time.
"""

import os
import re
import select
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STALL = 600  # seconds without output: over twice the longest section that compiled (bench_asym: 4 minutes, busy)


def quick_run() -> str:
    """The quick run's output, or a failure naming the benchmark that printed nothing for STALL seconds."""
    env = os.environ | {"PAWNSLIB_BENCH_QUICK": "1", "PYTHONUNBUFFERED": "1"}  # each line as it is printed
    # In its own process group, so that a stalled run is stopped with the processes it started.
    with tempfile.TemporaryFile() as err, subprocess.Popen(
            [sys.executable, str(ROOT / "benchmarks" / "run.py")], stdout=subprocess.PIPE, stderr=err, cwd=ROOT,
            env=env, start_new_session=True) as run:
        chunks, fd, stalled = [], run.stdout.fileno(), False
        while select.select([fd], [], [], STALL)[0]:
            if not (chunk := os.read(fd, 1 << 16)):
                break
            chunks.append(chunk)
        else:
            os.killpg(run.pid, signal.SIGKILL)
            stalled = True
        run.wait()
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    stdout = b"".join(chunks).decode(errors="replace")
    if stalled:
        running = re.findall(r"^== (\w+)$", stdout, re.MULTILINE)[-1:] or ["nothing yet"]
        pytest.fail(f"the quick benchmarks printed nothing for {STALL} s, in {running[0]} (about 25 s in all once the "
                    f"kernels are cached):\n{stdout[-3000:]}\n{stderr[-2000:]}")
    assert run.returncode == 0, stderr[-2000:]
    return stdout


def test_every_benchmark_runs_and_reports():
    out = quick_run()
    sections = dict(re.findall(r"^== (\w+)\n(.*?)(?=^== |\Z)", out, re.MULTILINE | re.DOTALL))
    assert sorted(sections) == sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py")), out
    for section, figure in (("bench_game", "M leaves/s"), ("bench_search", "M nodes/s"),
                            ("bench_dbn", "x faster (goal >= 1000x)"), ("bench_asym", "goal <= 1.25x"),
                            ("bench_rules", "rules king"), ("bench_rules", "the column before"),
                            ("bench_deep", "x the time under the thesis's scheme"),
                            ("bench_harmony", "rules king, depth 6"), ("bench_om", "x nodes (goal <= 10x)"),
                            ("bench_profile", "ns a node (quick run"), ("bench_kernels", "M nodes/s")):
        assert figure in sections[section], out
    # Every search plays the baseline kernel's tree and moves on the quick set (unless the clone has no history).
    kernels = sections["bench_kernels"]
    if "baseline is skipped" not in kernels:
        assert kernels.count("(same nodes: True, same moves: True)") == 5, kernels
