"""`make bench`: every benchmarks/bench_*.py in turn, each printing its own figures."""

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    for path in sorted(HERE.glob("bench_*.py")):
        print(f"== {path.stem}", flush=True)
        runpy.run_path(str(path), run_name="__main__")
