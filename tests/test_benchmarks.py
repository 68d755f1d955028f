"""`make bench` runs: every benchmark completes and prints its figure (no timing is asserted here)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_benchmark_runs_and_reports():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py")], capture_output=True, text=True,
                         cwd=ROOT, timeout=900, env=os.environ | {"PAWNSLIB_BENCH_QUICK": "1"})
    assert out.returncode == 0, out.stderr[-2000:]
    for section, figure in (("bench_game", "M leaves/s"), ("bench_search", "M nodes/s"),
                            ("bench_dbn", "x faster (goal >= 1000x)"), ("bench_asym", "goal <= 1.25x"),
                            ("bench_rules", "rules king"), ("bench_rules", "kalles now against before"),
                            ("bench_deep", "x the time under the thesis's scheme"),
                            ("bench_harmony", "rules king, depth 6"),
                            ("bench_profile", "ns a node, of which expand"), ("bench_kernels", "M nodes/s")):
        assert f"== {section}" in out.stdout and figure in out.stdout, out.stdout
    # Every search plays the baseline kernel's tree and moves on the quick set (unless the clone has no history).
    kernels = out.stdout.split("== bench_kernels")[1].split("==")[0]
    if "baseline is skipped" not in kernels:
        assert kernels.count("(same nodes: True, same moves: True)") == 5, kernels
