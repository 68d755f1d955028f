"""score_replies: every White reply of a recorded game with its log P(e), from the history the search reads."""

import numpy as np
import pytest

from pawnslib import Position
from pawnslib.experiments.prediction import score_replies


def test_score_replies_reads_the_history_the_search_reads(records, model):
    rec = max(records, key=lambda r: len(r["positions"]))
    games = [Position.from_text(x) for x in rec["positions"]]
    for t in (2, 4, 6, 10):  # the reply x_t follows x_{t-1}, White to move; its history x_{t-2}, x_{t-4}, ...
        hist = games[:t]
        moves, logpe = score_replies(model, hist, rec["black"])
        h = min(model.n_slices - 1, t // 2)
        history = np.array([games[j].features() for j in range(t - 2 * h, t, 2)]).reshape(h, -1)
        children = np.array([hist[-1].play(m).features() for m in moves])
        assert moves == hist[-1].legal_moves()
        np.testing.assert_array_equal(logpe, model.log_pe_children(history, children, rec["black"]))
    with pytest.raises(ValueError, match="White to move"):
        score_replies(model, games[:1], rec["black"])
