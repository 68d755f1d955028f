"""Annotations of recorded games for the chapters' replays: the replies the model predicted, the move a method changed.

Chapter 11 replays a game of the asymmetric Black with, at each White move, the replies the opponent model called
likely (``seen_before``), recomputed from the record exactly as the player computed them in play. Chapter 13 replays
a game where a prediction method changed Black's move: Chapter 13's methods play the same games (the same seeds) as
``plain6``, so a method's game and its ``plain6`` twin agree move for move until the method's search decides
otherwise, and the first move where they part is the method's own doing.

Imports: the layers below report: :mod:`pawnslib.game`, :mod:`pawnslib.dbn`, :mod:`pawnslib.guided` and
:mod:`pawnslib.play.records`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pawnslib.dbn.model import OpponentModel
from pawnslib.dbn.twoslice import TwoSliceModel
from pawnslib.game.position import Move
from pawnslib.guided.predict import Predictor, predicate
from pawnslib.guided.replies import likely_replies
from pawnslib.play.records import positions_of


def predicted_replies(model: OpponentModel | TwoSliceModel, record: Mapping, *,
                      mostlikely: str | tuple = "seen_before") -> list[list[Move]]:
    """Per position x_0..x_T of a game: the White replies Black's model called likely there (empty at Black's moves).

    The replies are judged by :func:`pawnslib.guided.replies.likely_replies`, the function the asymmetric player's
    ``observe`` uses in play, with the pr values White played earlier in the game.

    Args:
        model: the opponent model the game's Black played with.
        record: a game record (:class:`pawnslib.play.records.GameRecord`) whose Black id is a strategy of the model.
        mostlikely: the player's predicate (default the thesis's ``seen_before``).

    Returns:
        One list of moves per position, the likely replies at White's positions, in move-generation order.

    Raises:
        ValueError: a record that is not a consecutive game, a Black id the model does not know, or a bad predicate.
    """
    history, black_strategy = positions_of(record), model.reply_model.check_sb(int(record["black"]))
    predicate(mostlikely)  # a bad predicate is named here, not taken for a broken game below
    predictor, out = Predictor(), [[] for _ in history]
    for t in range(1, len(history)):
        if history[t - 1].side_to_move != "white":
            continue
        try:
            moves, logpe, likely, played = likely_replies(model, history[: t + 1], black_strategy, predictor.seen,
                                                          mostlikely=mostlikely)
        except ValueError as e:
            raise ValueError(f"ply {t} of the record does not follow from ply {t - 1}: {e}") from None
        out[t - 1] = [Move.from_code(int(m)) for m, keep in zip(moves, likely, strict=True) if keep]
        predictor.observe(logpe, played, likely=likely)
    return out


def first_difference(a: Mapping, b: Mapping) -> int | None:
    """The first ply at which two records' moves differ (0 is the first move), or None when one extends the other."""
    return next((t for t, (x, y) in enumerate(zip(a["moves"], b["moves"], strict=False)) if x != y), None)


def changed_move(games: Sequence[Mapping], twins: Sequence[Mapping]) -> tuple[Mapping, Mapping, int] | None:
    """A game where the method changed Black's move against its ``plain6`` twin, and the ply where it did.

    Among the games whose first difference from the twin is a Black move the method's search extended past its
    depth (the prediction at work), prefer one the method turned from a loss into a win, then into a draw, then
    any; ties go to the first game in ``games``' order.

    Args:
        games: one method's records; each must have ``info`` per ply (an asymmetric player's).
        twins: ``plain6``'s records; a game's twin has the same (black, white, round).

    Returns:
        (the method's game, its twin, the ply index into ``moves``), or None when no game qualifies.
    """
    key = ("black", "white", "round")
    by_key = {tuple(r[k] for k in key): r for r in twins}
    rank = {("black", "white"): 0, ("draw", "white"): 1}
    found = []
    for game in games:
        twin = by_key.get(tuple(game[k] for k in key))
        t = None if twin is None else first_difference(game, twin)
        if t is not None and t % 2 == 0 and (game.get("info") or [{}] * (t + 1))[t].get("extended"):
            found.append((rank.get((game["result"], twin["result"]), 2), game, twin, t))
    return min(found, key=lambda f: f[0])[1:] if found else None


__all__ = ["changed_move", "first_difference", "predicted_replies"]
