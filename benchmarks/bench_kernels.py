"""Every search at depth 6 against the frozen baseline kernel: nodes per second, and the same nodes and moves.

The baseline is the code of commit BASELINE (the last before the compact-node kernels), written out once and kept
with its compiled kernels (commits.py), as bench_rules does with an older commit. Each version runs in its
own process over the same Black-to-move positions from recorded depth-6 games (bench_search's), with the
same seeds, histories and opponent model: plain alpha-beta, the transposition-table search, the asymmetric
search (the thesis's seen_before predicate), OM search against White's true strategy and PrOM search
against the thesis's four strategies at 1/4 each. The versions take turns ROUNDS times and each position
keeps its shortest time, so that machine load hits both alike. A line per search: the new kernel's nodes per
second, its speed as a multiple of the baseline's (total time over total time), and whether every position
gave the same node count and the same move. Both play the baseline's tie-breaker, the leaf position's hash
(``noise="position"``). Without git history (a source archive) the baseline is skipped.
With PAWNSLIB_BENCH_QUICK set (the test suite) it times the first few positions once: a check, not a figure.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from commits import code_of
from positions import QUICK, SEED, black_histories, game_records, quick

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.search.seeds import derive_seed

BASELINE = "0cf2d8a"  # the position-array kernels: recursive alpha-beta and asymmetric tree, sorted children
ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 1 if QUICK else 3
SEARCHES = ("plain alpha-beta", "transposition-table search", "asymmetric search", "OM search", "PrOM search")

# Run in a fresh interpreter with the code under test first on sys.path: each search over every case, each
# result (move, nodes, seconds); the kernels are loaded or compiled on the first case before timing.
MEASURE = """
import inspect, json, sys
sys.path.insert(0, sys.argv[1])
from pawnslib import Position
from pawnslib.dbn.model import OpponentModel
from pawnslib.guided.om import om_search, prom_search
from pawnslib.play.players import AsymPlayer
try:  # the name since issue 53
    from pawnslib.search.alphabeta import alpha_beta_search as search
except ImportError:  # the baseline's
    from pawnslib.search.alphabeta import search
from pawnslib.search.strategies import THESIS
from pawnslib.search.tt import deep_search
cases, model = json.loads(sys.stdin.read()), OpponentModel.load(sys.argv[2])
uniform = [(1 / len(THESIS), w) for w in THESIS.values()]
# The baseline knew one tie-breaker, the leaf position's hash: the code under test plays it too (by name).
kw = {"noise": "position"} if "noise" in inspect.signature(search).parameters else {}

def asym(sid, wid, hist, seed):
    player = AsymPlayer(tuple(THESIS[sid]), model, sid, depth=6, **kw)
    for j in range(2, len(hist), 2):
        player.observe(hist[: j + 1])
    return player.choose(hist, seed)

runs = {
    "plain alpha-beta": lambda sid, wid, hist, seed: search(hist[-1], THESIS[sid], 6, seed=seed, **kw),
    "transposition-table search": lambda sid, wid, hist, seed: deep_search(hist[-1], THESIS[sid], 6, seed=seed, **kw),
    "asymmetric search": asym,
    "OM search": lambda sid, wid, hist, seed: om_search(hist[-1], THESIS[sid], THESIS[wid], 6, seed=seed, **kw),
    "PrOM search": lambda sid, wid, hist, seed: prom_search(hist[-1], THESIS[sid], uniform, 6, seed=seed, **kw),
}
games = [(sid, wid, [Position.from_text(t) for t in texts], seed) for sid, wid, texts, seed in cases]
out = {}
for name, run in runs.items():
    run(*games[0])
    out[name] = [(str(r.move), r.nodes, r.seconds) for r in (run(*g) for g in games)]
print(json.dumps(out))
"""


def measure(code: Path, model: Path, cases: list) -> dict:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(code), str(model)], input=json.dumps(cases), text=True,
                         capture_output=True, check=True, cwd=tempfile.gettempdir())
    return json.loads(out.stdout)


def cases_and_model(folder: Path) -> tuple[list, Path]:
    """The positions (Black's id, White's id, the game so far as texts, a seed) and the asymmetric player's model."""
    records = game_records()
    games = [(sid, r["white"], [p.to_text() for p in hist]) for r in records for sid, hist in black_histories([r])]
    cases = quick([(*game, derive_seed(SEED, i)) for i, game in enumerate(games)])
    model = OpponentModel.fit(training_rows(records), restarts=1, seed=1).save(folder / "model.json")
    return cases, model


def best_of(runs: list[dict]) -> dict:
    """Per search and position: the first run's move and nodes, the shortest time of all runs."""
    return {name: [(*runs[0][name][i][:2], min(r[name][i][2] for r in runs)) for i in range(len(runs[0][name]))]
            for name in runs[0]}


def main() -> None:
    baseline = code_of(BASELINE)
    made = baseline is not None
    with tempfile.TemporaryDirectory() as tmp:
        cases, model = cases_and_model(Path(tmp))
        versions = {"now": ROOT} | ({"baseline": baseline} if made else {})
        runs = {name: [] for name in versions}
        for _ in range(ROUNDS):
            for name, code in versions.items():
                runs[name].append(measure(code, model, cases))
    now = best_of(runs["now"])
    if not made:
        print(f"(commit {BASELINE} is not in this clone's history: the baseline is skipped)")
    for name in SEARCHES:
        nodes, seconds = sum(r[1] for r in now[name]), sum(r[2] for r in now[name])
        line = f"{name} depth 6: {nodes / seconds / 1e6:.2f} M nodes/s"
        if made:
            base = best_of(runs["baseline"])[name]
            same_nodes = all(a[1] == b[1] for a, b in zip(now[name], base, strict=True))
            same_moves = all(a[0] == b[0] for a, b in zip(now[name], base, strict=True))
            ratio = sum(r[2] for r in base) / seconds
            line += f", {ratio:.2f}x the baseline kernel's (same nodes: {same_nodes}, same moves: {same_moves})"
        print(line + f" [{len(now[name])} positions, best of {ROUNDS} runs each]")
    plain, asym = (np.array([r[2] for r in now[n]]) for n in ("plain alpha-beta", "asymmetric search"))
    print(f"asymmetric / plain time: total {asym.sum() / plain.sum():.2f}x, median of per-position ratios"
          f" {np.median(asym / plain):.2f}x (goal <= 1.25x)")


if __name__ == "__main__":
    main()
