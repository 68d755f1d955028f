"""The asymmetric search against the plain one, same positions, same run (depth 6).

Anchor: the thesis's asymmetric search was 4.4 times slower (0.873 s against 0.197 s).
Goal: at most 1.3 times. Positions come from recorded games, with their histories, so
P(e) sees real evidence; the model is trained on those games' tournament.
"""

import numpy as np
from positions import black_histories, game_records

from pawnslib.asym import AsymPlayer
from pawnslib.dbn import OpponentModel, training_rows
from pawnslib.search import search
from pawnslib.strategies import THESIS


def main() -> None:
    records = game_records()
    model = OpponentModel.fit(training_rows(records), restarts=1, seed=1)
    cases = black_histories(records)
    plain, asym, extended = [], [], 0
    for _ in range(2):  # the first pass compiles and warms up
        plain, asym, extended = [], [], 0
        for i, (sid, hist) in enumerate(cases):
            plain.append(search(hist[-1], THESIS[sid], 6, seed=i).seconds)
            player = AsymPlayer(THESIS[sid], model, sid, depth=6)
            for t in range(2, len(hist), 2):  # the prs White played so far, as in the real game
                player.observe(hist[: t + 1])
            r = player.choose(hist, i)
            asym.append(r.seconds)
            extended += r.info["extended"]
    mp, ma = np.median(plain), np.median(asym)
    print(f"asymmetric depth 6 over {len(cases)} positions: median {ma * 1e3:.2f} ms against plain {mp * 1e3:.2f} ms"
          f" = {ma / mp:.2f}x (goal <= 1.3x; thesis 4.4x); {extended} searches reached depth 8")


if __name__ == "__main__":
    main()
