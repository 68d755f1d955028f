"""The asymmetric search against the plain one, same positions, back to back (depth 6).

Anchor: the thesis's asymmetric search was 4.4 times slower (0.873 s against 0.197 s).
Goal: at most 1.25 times (its node ratio is about 1.2). Positions come from recorded games, with their
histories, so P(e) sees real evidence; the model is trained on those games' tournament. Each position is
searched by both, back to back and three times (each keeps its best), so machine load hits both
alike. The figures: the ratio of total times (long searches weigh more) with a bootstrap interval
over positions, the median of the per-position ratios, and the ratio of the two medians (what
earlier versions printed). With PAWNSLIB_BENCH_QUICK set: the positions of the first QUICK_GAMES games, once.
"""

import numpy as np
from positions import QUICK, game_records

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.rows import training_rows
from pawnslib.experiments.costs import compare_with_plain
from pawnslib.search.strategies import THESIS

QUICK_GAMES = 3  # about 7 positions a game


def main() -> None:
    records = game_records()
    model = OpponentModel.fit(training_rows(records), restarts=1, seed=1)
    t = compare_with_plain(records[:QUICK_GAMES] if QUICK else records, model, THESIS, repeats=1 if QUICK else 3)
    a, p = t.asym_seconds.to_numpy(), t.plain_seconds.to_numpy()
    boot = np.random.default_rng(0).integers(len(t), size=(2000, len(t)))
    lo, hi = np.quantile(a[boot].sum(1) / p[boot].sum(1), [0.025, 0.975])
    print(f"asymmetric depth 6 over {len(t)} positions: total {a.sum():.3f} s against plain {p.sum():.3f} s ="
          f" {a.sum() / p.sum():.2f}x (95% bootstrap {lo:.2f}-{hi:.2f}; goal <= 1.25x; thesis 4.4x); median of"
          f" per-position ratios {np.median(a / p):.2f}x; ratio of medians {np.median(a) / np.median(p):.2f}x;"
          f" mean nodes {t.asym_nodes.mean():.0f} against {t.plain_nodes.mean():.0f}"
          f" ({t.asym_nodes.mean() / t.plain_nodes.mean():.2f}x); {t.extended.sum()} searches reached depth 8;"
          f" {t.pe_children.mean():.0f} replies scored by P(e) per search")


if __name__ == "__main__":
    main()
