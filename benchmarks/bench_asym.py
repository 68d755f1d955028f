"""The asymmetric search against the plain one, same positions, same run (depth 6).

Anchor: the thesis's asymmetric search was 4.4 times slower (0.873 s against 0.197 s).
Goal: at most 1.3 times. Positions come from recorded games, with their histories, so
P(e) sees real evidence; the model is trained on those games' tournament.
"""

import numpy as np
from positions import game_records

from pawnslib.asym import compare_with_plain
from pawnslib.dbn import OpponentModel
from pawnslib.rows import training_rows
from pawnslib.strategies import THESIS


def main() -> None:
    records = game_records()
    model = OpponentModel.fit(training_rows(records), restarts=1, seed=1)
    t = compare_with_plain(records, model, THESIS)
    mp, ma = t.plain_seconds.median(), t.asym_seconds.median()
    print(f"asymmetric depth 6 over {len(t)} positions: median {ma * 1e3:.2f} ms against plain {mp * 1e3:.2f} ms"
          f" = {ma / mp:.2f}x (goal <= 1.3x; thesis 4.4x); mean nodes {t.asym_nodes.mean():.0f} against"
          f" {t.plain_nodes.mean():.0f} ({t.asym_nodes.mean() / t.plain_nodes.mean():.2f}x); {t.extended.sum()}"
          f" searches reached depth 8; {np.mean(t.pe_children):.0f} replies scored by P(e) per search")


if __name__ == "__main__":
    main()
