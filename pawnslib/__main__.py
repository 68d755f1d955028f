"""Command line for the expensive, resumable steps of the reproduction (the Makefile runs these)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from pawnslib import chapter13, config, pipeline
from pawnslib.game import READINGS

EXAMPLES = """examples:
  python -m pawnslib harmony                                  # Harmony*: data/strategies_harmony.json
  python -m pawnslib tournament --set thesis                  # Table 10.2's games: runs/thesis_minimax
  python -m pawnslib train --set thesis                       # the opponent model: data/dbn_thesis.npz
  python -m pawnslib tournament --set thesis --method asym    # Chapter 11's games: runs/thesis_asym
  python -m pawnslib train --set thesis --slices 2            # Chapter 13's two-slice model: data/dbn2_thesis.npz
  python -m pawnslib train --set thesis --latent game         # one S_w per game: data/dbn_game_thesis.npz
  python -m pawnslib compare --set thesis --method plain8     # one method of Chapter 13: runs/ch13/thesis_plain8
  python -m pawnslib tournament --set harmony --seed 7 --jobs 2 --results elsewhere
  python -m pawnslib tournament --set thesis --rules king --results results/king   # the king-step reading
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``python -m pawnslib: error: <message>``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> _Parser:
    ap = _Parser(prog="python -m pawnslib", description=__doc__, epilog=EXAMPLES,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["harmony", "tournament", "train", "compare"],
                    help="harmony: find a strategy set by Harmony*; tournament: play a set's round robin; "
                         "train: fit the set's opponent model (DBN) to its minimax games; compare: play one "
                         "Black method's games of Chapter 13's paired comparison")
    ap.add_argument("--results", default="results", help="the results folder (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=config.SEED,
                    help="master seed, a non-negative integer (default: config.SEED, %(default)s)")
    ap.add_argument("--rules", default=config.RULES, choices=READINGS,
                    help="the reading of the rules every game is played by; keep each reading in its own "
                         "--results folder (default: config.RULES, %(default)s)")
    ap.add_argument("--set", default="thesis", choices=pipeline.SETS,
                    help="tournament, train: strategy set, the thesis's Table 10.1 or ours from Harmony* "
                         "(default: %(default)s)")
    ap.add_argument("--method", default=None, choices=pipeline.METHODS + tuple(chapter13.METHODS),
                    help="tournament: Black's search, plain alpha-beta or the asymmetric tree, which needs "
                         "the set's trained model (default: minimax); compare: one of Chapter 13's methods "
                         "(required)")
    ap.add_argument("--slices", type=int, default=1, choices=[1, 2],
                    help="train: one slice for both colours (the thesis's) or one per colour (default: %(default)s)")
    ap.add_argument("--latent", default="row", choices=pipeline.LATENTS,
                    help="train: S_w latent per training row (the thesis's) or per game (one slice only; "
                         "default: %(default)s)")
    ap.add_argument("--rounds", type=int, default=None,
                    help=f"tournament, train: games per ordered pairing, at least 1 (default: config.ROUNDS, "
                         f"{config.ROUNDS}; for train config.TRAIN_ROUNDS, {config.TRAIN_ROUNDS})")
    ap.add_argument("--depth", type=int, default=config.DEPTH,
                    help="tournament, train: search depth in plies (default: config.DEPTH, %(default)s)")
    ap.add_argument("--jobs", type=int, default=config.JOBS,
                    help="parallel workers, not 0; -1: all cores; results do not depend on it "
                         "(default: config.JOBS, %(default)s)")
    return ap


def main(argv: list[str] | None = None) -> None:
    """Run one step.

    Args:
        argv: the arguments (default: ``sys.argv[1:]``).

    Raises:
        SystemExit: status 2 with a one-line message on stderr for a bad argument or any of
            the project's errors (``ValueError`` and its subclasses, ``FileNotFoundError``).
    """
    ap = _parser()
    a = ap.parse_args(argv)
    try:
        if a.step == "harmony":
            pipeline.find_strategies(a.results, seed=a.seed, rules=a.rules, n_jobs=a.jobs)
        elif a.step == "tournament":
            rounds = config.ROUNDS if a.rounds is None else a.rounds
            pipeline.play_tournament(a.results, a.set, method=a.method or "minimax", rounds=rounds, depth=a.depth,
                                     seed=a.seed, rules=a.rules, n_jobs=a.jobs)
        elif a.step == "compare":
            if a.method is None:
                ap.error(f"compare needs --method, one of {', '.join(chapter13.METHODS)}")
            rounds = config.ROUNDS if a.rounds is None else a.rounds
            chapter13.play_method(a.results, a.set, a.method, rounds=rounds, depth=a.depth, seed=a.seed,
                                  rules=a.rules, n_jobs=a.jobs)
        else:
            rounds = config.TRAIN_ROUNDS if a.rounds is None else a.rounds
            pipeline.train_model(a.results, a.set, rounds=rounds, depth=a.depth, seed=a.seed, rules=a.rules,
                                 n_jobs=a.jobs, slices=a.slices, latent=a.latent)
    except (ValueError, FileNotFoundError) as e:
        ap.error(str(e))


if __name__ == "__main__":
    main()
