"""The rules as data: perft and the depth-6 search under each reading, and under Kalles' beside the code before.

Goal of the issue: under "kalles" no slower than before the readings became data (commit BEFORE, whose
engine had Kalles' tables built in), and the same figures under "king". Each measurement runs in its own
process over the same work (perft from the start; depth-6 searches of Black positions from recorded
games of that reading), the versions taking turns ROUNDS times and each keeping its best, so that machine
load hits them alike. The code before is written out once and kept with its compiled kernels (commits.py);
without git history (e.g. a source archive) that column is skipped. With PAWNSLIB_BENCH_QUICK set (the test
suite): the first few positions, one round, a check, not a figure, and no column before (compiling that commit's
kernels in a fresh clone would cost the suite a minute; the perft counts of tests/test_game hold the rules).
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from commits import code_of
from positions import QUICK, black_histories, game_records, quick

from pawnslib import config

BEFORE = "df4a479"  # the last commit before the readings (issue 9)
ROOT = Path(__file__).resolve().parents[1]
PERFT_DEPTH, ROUNDS = 7, 1 if QUICK else 3

# Run in a fresh interpreter with the code under test first on sys.path: perft's best of 10 and the total time
# of one depth-6 search per position (the kernels are loaded or compiled before timing).
MEASURE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pawnslib.game import Position, perft
try:  # the name since issue 53
    from pawnslib.search import alpha_beta_search as search
except ImportError:  # the code before
    from pawnslib.search import search
try:  # the layout since the subpackages
    from pawnslib.search.strategies import THESIS
except ImportError:  # the flat layout of the code before
    from pawnslib.strategies import THESIS
rules, depth, cases = sys.argv[2], int(sys.argv[3]), json.loads(sys.stdin.read())
reading = {} if rules == "before" else {"rules": rules}
start = Position.start(**reading)
perft(start, 3)
times = []
for _ in range(10):
    t0 = time.perf_counter(); leaves = perft(start, depth); times.append(time.perf_counter() - t0)
positions = [(sid, Position.from_text(text, **reading)) for sid, text in cases]
search(positions[0][1], THESIS[1], 6, seed=1)
seconds = nodes = 0
for i, (sid, p) in enumerate(positions):
    r = search(p, THESIS[sid], 6, seed=i)
    seconds += r.seconds; nodes += r.nodes
print(json.dumps({"leaves": leaves, "perft_s": min(times), "search_s": seconds, "nodes": nodes, "n": len(positions)}))
"""


def measure(code: Path, rules: str, cases: list) -> dict:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(code), rules, str(PERFT_DEPTH)], input=json.dumps(cases),
                         text=True, capture_output=True, check=True, cwd=tempfile.gettempdir())
    return json.loads(out.stdout)


def cases_of(rules: str) -> list[tuple[int, str]]:
    return [(sid, hist[-1].to_text()) for sid, hist in quick(black_histories(game_records(rules=rules)))]


def main() -> None:
    cases = {rules: cases_of(rules) for rules in config.READINGS}
    before = None if QUICK else code_of(BEFORE)
    made = before is not None
    runs = [("before", before, config.RULES)] if made else []
    runs += [(rules, ROOT, rules) for rules in config.READINGS]
    best = {}
    for _ in range(ROUNDS):
        for name, code, rules in runs:
            m = measure(code, name if name == "before" else rules, cases[rules])
            old = best.get(name)
            best[name] = m if old is None else {**m, "perft_s": min(m["perft_s"], old["perft_s"]),
                                                "search_s": min(m["search_s"], old["search_s"])}
    if QUICK:
        print(f"(quick run: the column before, commit {BEFORE}, is make bench's)")
    elif not made:
        print(f"(commit {BEFORE} is not in this clone's history: the column before is skipped)")
    for name, m in best.items():
        label = f"kalles before ({BEFORE})" if name == "before" else name
        rate = m["leaves"] / m["perft_s"] / 1e6
        print(f"rules {label:22s} perft {PERFT_DEPTH}: {m['leaves']:>9d} leaves, {rate:5.1f} M leaves/s; depth 6 over"
              f" {m['n']} positions: {1e3 * m['search_s'] / m['n']:.2f} ms a search,"
              f" {m['nodes'] / m['n']:.0f} nodes, {m['nodes'] / m['search_s'] / 1e6:.2f} M nodes/s")
    if "before" in best:
        b, k = best["before"], best[config.RULES]
        print(f"kalles now against before: perft {b['perft_s'] / k['perft_s']:.2f}x as fast, search"
              f" {b['search_s'] / k['search_s']:.2f}x as fast (same leaves: {b['leaves'] == k['leaves']}, same nodes:"
              f" {b['nodes'] == k['nodes']}; best of {ROUNDS} rounds taken in turns)")


if __name__ == "__main__":
    main()
