"""The opponent model's view of White's replies in a recorded game, as the asymmetric search would score them.

Notebook 8 ranks each White move of the recorded games among its siblings by P(e) (:func:`score_replies`, by the
search's own scoring, :func:`pawnslib.guided.replies.white_replies`). It carries no run settings.

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.dbn` and :mod:`pawnslib.guided`; no other experiment.
"""

from __future__ import annotations

import numpy as np

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.position import Move, Position
from pawnslib.guided.replies import white_replies


def score_replies(model: OpponentModel | TwoSliceModel, history: list[Position],
                  black_strategy: int) -> tuple[list[Move], np.ndarray]:
    """Every legal White reply at the end of ``history``, with its log P(e) as the search computes it.

    Args:
        model: the opponent model (a two-slice model's White slice scores the replies).
        history: the game's consecutive positions so far (it may start mid-game), White to move at the last.
        black_strategy: Black's strategy id.

    Returns:
        The replies in move-generation order, and their log P(e) given the history the search would use.

    Raises:
        ValueError: Black to move, a finished game, or an unknown strategy id.
    """
    moves, logpe = white_replies(model, history, black_strategy)
    return [Move.from_code(m) for m in moves], logpe
