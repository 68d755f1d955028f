"""What a game against the engine is set up with: :class:`GameSettings` (a person's choices) and :class:`Engine`
(what an ``engines(settings)`` source builds from them), for :class:`~.controller.PlayController`.

Layer ``report``; it imports ``config``, ``game``, ``search``, ``dbn`` and ``play`` (names and bounds only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pawnslib import config
from pawnslib.dbn.model import OpponentModel
from pawnslib.game.position import rules_index
from pawnslib.play.players import PlayerFactory
from pawnslib.play.tournament import BLACK_EXTRA_PLIES
from pawnslib.search.alphabeta import MAX_DEPTH
from pawnslib.search.noise import check_noise
from pawnslib.search.seeds import check_seed

# Notebook 14's board: by default the person plays White against strategy 1 searching
# by Chapter 13's one-hist; a finished game is saved below the results folder, one JSON line (a tournament's fields).
PLAY_COLOUR = "white"
PLAY_STRATEGY = 1
PLAY_METHOD = "one-hist"
PLAY_RECORDS = "play/games.jsonl"

COLOURS = ("white", "black")
PERSON = 0  # a person's strategy id in a record (a set's ids start at 1)


@dataclass(frozen=True)
class GameSettings:
    """How a game is played: the person's colour, the reading, and the engine's set, strategy, method, depth, seed and
    tie-breaking scheme.

    Raises:
        ValueError: a colour, reading, depth or seed that is not one, naming the field and the rule (the strategy and
            method are checked by the engine's source, which knows the set and the methods).
    """

    colour: str = PLAY_COLOUR
    rules: str = config.RULES
    strategy_set: str = config.COMPARISON_SET
    strategy: int = PLAY_STRATEGY
    method: str = PLAY_METHOD
    depth: int = config.DEPTH
    seed: int = config.SEED
    noise: str = config.NOISE

    def __post_init__(self):
        if self.colour not in COLOURS:
            raise ValueError(f"colour must be 'white' or 'black' (the person's), got {self.colour!r}")
        rules_index(self.rules)
        top = MAX_DEPTH - BLACK_EXTRA_PLIES
        if isinstance(self.depth, bool) or not isinstance(self.depth, int) or not 1 <= self.depth <= top:
            raise ValueError(f"depth must be an integer from 1 to {top} (plies), got {self.depth!r}")
        if isinstance(self.strategy, bool) or not isinstance(self.strategy, int):
            raise ValueError(f"strategy must be a strategy id (an integer), got {self.strategy!r}")
        if not isinstance(self.method, str) or not isinstance(self.strategy_set, str):
            raise ValueError(f"method and strategy_set are names, got {self.method!r} and {self.strategy_set!r}")
        check_seed(self.seed)
        check_noise(self.noise)

    @property
    def engine_colour(self) -> str:
        return "black" if self.colour == "white" else "white"


@dataclass(frozen=True)
class Engine:
    """What the engine plays with, as an ``engines(settings)`` source builds it for a game's settings.

    Attributes:
        strategies: the set, id -> weights.
        black: as Black, the method's :class:`~pawnslib.play.players.PlayerFactory` (None: plain alpha-beta).
        white_extra: as White (the tournaments' plain alpha-beta), plies beyond the depth (``plain8``: 2).
        belief: the per-game opponent model (``latent="game"``) for P(S_w | the person's moves), or None.
        notes: what the engine's mind cannot show, and why (e.g. a missing model file).
        label: what plays, for records and captions.
    """

    strategies: Mapping[int, tuple[int, ...]]
    black: PlayerFactory | None = None
    white_extra: int = 0
    belief: OpponentModel | None = None
    notes: tuple[str, ...] = ()
    label: str = ""


EngineSource = Callable[[GameSettings], Engine]


__all__ = ["COLOURS", "Engine", "EngineSource", "GameSettings", "PERSON"]
