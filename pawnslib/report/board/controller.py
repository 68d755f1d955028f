"""A person's game against the engine: the controller behind notebook 14's board (no widget in it).

:class:`PlayController` holds one game: its positions, the engine (the players the tournaments build, from the
:class:`Engine` an ``engines(settings)`` callable supplies, e.g. :func:`~.engine.chapter13_engines`') and what the
engine thinks of the person. Every action (``click``, ``play``, ``undo``, ``new_game``, ``save``) returns ``state()``,
what a view shows; bad input leaves the game as it was and says why in the state's ``message``, never by raising.
The engine answers at once, seeded as :func:`~pawnslib.play.tournament.play_game` seeds a game (ply t:
``derive_seed(seed, t)``): a person who plays a strategy's own moves replays the tournament's game.

The engine's mind, when the person plays White: the replies its opponent model calls likely (``likely()``), the pr
of the person's move, and P(S_w | the person's moves) (``belief()``). A person playing Black meets White's plain
alpha-beta, as in every tournament, and nothing models them.

Layer ``report``; it imports ``game``, ``search``, ``guided``, ``play``, :mod:`~.settings` and :mod:`~.view`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from pawnslib.game.position import IllegalMoveError, Move, Position
from pawnslib.game.rules import BASE_SQUARES, BLACK, WHITE
from pawnslib.guided.predict import pessimistic_ratios
from pawnslib.guided.replies import likely_replies
from pawnslib.play.foresight import move_of
from pawnslib.play.players import AlphaBeta, AsymPlayer, DeepAlphaBeta, Observer, Player, RecognisingPlayer
from pawnslib.play.records import PER_MOVE, append_record
from pawnslib.report.board import view
from pawnslib.report.board.settings import PERSON, Engine, EngineSource, GameSettings
from pawnslib.search.seeds import derive_seed


@dataclass
class Game:
    """One game's positions and, per ply, what a tournament records (the person's moves: no value, nodes, time)."""

    history: list[Position]
    moves: list[str] = field(default_factory=list)
    values: list[float | None] = field(default_factory=list)
    nodes: list[int | None] = field(default_factory=list)
    seconds: list[float | None] = field(default_factory=list)
    info: list[dict] = field(default_factory=list)
    views: list[dict] = field(default_factory=list)  # per move of the person: what the engine made of it


class PlayController:
    """One game of a person against the engine, driven by clicks and typed moves (see the module's docstring).

    Args:
        engines: ``engines(settings) -> Engine``; raises ``ValueError`` (its message shown) for an engine it cannot
            build, e.g. a method whose model file is missing.
        settings: the first game's; if its engine cannot be built, the game starts with ``plain6``, saying why.
        records: where :meth:`save` appends finished games (JSON lines), unless given a path.
        size: a square's side in pixels.

    Raises:
        ValueError: ``settings`` that are not :class:`GameSettings`, or no engine even with ``plain6``.
    """

    def __init__(self, engines: EngineSource, settings: GameSettings | None = None, *,
                 records: str | Path | None = None, size: int = view.CELL):
        self.engines, self.records, self.size = engines, records, size
        settings = GameSettings() if settings is None else settings
        if not isinstance(settings, GameSettings):
            raise ValueError(f"settings must be GameSettings, got {type(settings).__name__}")
        self.message, self.error = "", False
        try:
            self._start(settings)
        except ValueError as e:
            self._start(dataclasses.replace(settings, method="plain6"))
            why = f"Could not start {settings.method!r}: {e}; playing plain6 instead."
            self.engine = dataclasses.replace(self.engine, notes=(why, *self.engine.notes))
            self.say(why, error=True)

    def _start(self, settings: GameSettings) -> None:
        """A new game with ``settings``; Black moves first, so the engine does when the person plays White.

        Raises:
            ValueError: its engine cannot be built, or its strategy is not in the set (the old game stays).
        """
        engine = self.engines(settings)
        if settings.strategy not in engine.strategies:
            raise ValueError(f"strategy {settings.strategy} is not in the set {settings.strategy_set!r} (ids "
                             f"{', '.join(map(str, sorted(engine.strategies)))})")
        player = self._new_player(settings, engine)  # before anything changes: it may refuse
        self.settings, self.engine, self.selected, self.player = settings, engine, None, player
        self.recogniser = self._new_recogniser()
        self.game = Game([Position.start(rules=settings.rules)])
        self._likely_cache: tuple[tuple, list | None] = ((None,), None)
        if self.person_side != BLACK:  # Black moves first
            self._engine_move()
        self.say(f"New game: you play {settings.colour.capitalize()} against {self.engine_name}.")

    @staticmethod
    def _new_player(s: GameSettings, engine: Engine) -> Player:
        """The engine's player, built as a tournament builds it."""
        weights = tuple(engine.strategies[s.strategy])
        if s.engine_colour == "white":
            return DeepAlphaBeta(weights, depth=s.depth + engine.white_extra, noise=s.noise)
        if engine.black is None:
            return AlphaBeta(weights, depth=s.depth, noise=s.noise)
        return engine.black(weights, depth=s.depth, opponent=(), noise=s.noise)  # a person has no weights

    def _new_recogniser(self) -> RecognisingPlayer | None:
        """A recognising player over the engine's recogniser, for its belief in the person's (White's) strategy."""
        if self.engine.belief is None or self.settings.colour != "white":
            return None
        s = self.settings
        try:
            return RecognisingPlayer(tuple(self.engine.strategies[s.strategy]), self.engine.belief, s.strategy,
                                     tuple(self.engine.strategies.items()), depth=s.depth)
        except ValueError as e:
            self.engine = dataclasses.replace(self.engine, belief=None, notes=(*self.engine.notes, str(e)))
            return None

    @property
    def person_side(self) -> int:
        return WHITE if self.settings.colour == "white" else BLACK

    @property
    def engine_name(self) -> str:
        """What the person plays against: set, strategy, colour, method and depth, reading."""
        s = self.settings
        white = "plain8" if self.engine.white_extra else "plain6"  # White's plain search, whatever Black's method
        how = (f"{s.method}, depth {s.depth}" if s.engine_colour == "black"
               else f"plain alpha-beta ({white}), depth {s.depth + self.engine.white_extra}")
        return f"{s.strategy_set} strategy {s.strategy} ({s.engine_colour.capitalize()}, {how}, {s.rules} reading)"

    @property
    def method_name(self) -> str:
        """The engine's method: a Chapter 13 method as Black; ``plain6`` or ``plain8`` as White."""
        return self.settings.method

    @property
    def position(self) -> Position:
        return self.game.history[-1]

    def persons_turn(self) -> bool:
        pos = self.position
        return pos.result is None and (pos.side_to_move == "white") == (self.person_side == WHITE)

    def _push(self, move: Move, value, nodes, seconds, info: dict) -> None:
        row = (self.position.play(move), str(move), value, nodes, seconds, info)
        for key, x in zip(("history", *PER_MOVE), row, strict=True):
            getattr(self.game, key).append(x)

    def _engine_move(self) -> None:
        """The engine's move, searched with the tournament's seeds for this ply."""
        pos, seed = self.position, self.settings.seed
        res = move_of(self.player, self.game.history, derive_seed(seed, pos.ply), derive_seed(seed, pos.ply + 1))
        self._push(res.move, res.value, res.nodes, res.seconds, dict(res.info))

    def _person_move(self, move: Move) -> dict:
        """Play the person's legal ``move``, note what the engine made of it, then the engine's reply."""
        likely = self.likely()
        self._push(move, None, None, None, {})
        self.game.info[-1] = info = self._observe(self.game.history)
        self.game.views.append(self._view(move, likely, info))
        self.selected = None
        said = f"You played {move}."
        if self.position.result is None:
            self._engine_move()
            said += f" The engine replied {self.game.moves[-1]}."
        if self.position.result is not None:
            said += f" {view.result_text(self.position.result, self.settings.colour)}."
        return self.say(said)

    def _observe(self, history: list[Position]) -> dict:
        """The engine's ``observe()`` of the person's move (as a tournament's info of that ply)."""
        return dict(self.player.observe(history) or {}) if isinstance(self.player, Observer) else {}

    def _view(self, move: Move, likely: list | None, info: dict) -> dict:
        """What the engine made of the person's ``move``: the likely replies before it, whether it was one, its pr."""
        belief = self.belief()
        view = {"ply": self.position.ply, "move": str(move), "belief": belief and [list(b) for b in belief]}
        if likely is not None:
            view["likely"] = [str(m) for m, _ in likely]
            view["predicted"] = bool(info.get("predicted")) if info.get("prediction_made") else None
            if "pr" in info:
                view["pr"] = info["pr"]
        return view

    def likely(self) -> list[tuple[Move, object]] | None:
        """The person's replies the engine's model calls likely now, with their pr; None where it predicts nothing.

        Only an asymmetric Black engine predicts White's replies, by :func:`~pawnslib.guided.replies.likely_replies`
        (what its ``observe`` scores once the person has moved; which reply is played does not change the likely
        set, so any legal one stands in for it here).
        """
        p, g = self.player, self.game
        if not isinstance(p, AsymPlayer) or not self.persons_turn() or self.person_side != WHITE:
            return None
        if self._likely_cache[0] != tuple(g.moves):  # the game so far, which the predictor's state follows
            pos = self.position
            probe = [*g.history, pos.play(pos.legal_moves()[0])]
            moves, logpe, likely, _ = likely_replies(p.model, probe, p.black_strategy, p.predictor.seen,
                                                     mostlikely=p.mostlikely, random_seed=p.random_seed)
            prs = pessimistic_ratios(logpe)
            self._likely_cache = (tuple(g.moves), [(Move.from_code(int(m)), prs[k]) for k, m in enumerate(moves)
                                                   if likely[k]])
        return self._likely_cache[1]

    def belief(self) -> list[tuple[int, float]] | None:
        """P(S_w | the person's moves so far) by the engine's recogniser, per strategy id (uniform before the
        person's first move); None where not shown."""
        if self.recogniser is None:
            return None
        post = self.recogniser.posterior(self.game.history)
        return [(int(i), float(p)) for i, p in zip(self.recogniser.model.strategy_ids, post, strict=True)]

    def say(self, message: str, *, error: bool = False) -> dict:
        """Show ``message`` (an error in red), and return the state."""
        self.message, self.error = str(message), error
        return self.state()

    def _refused(self) -> dict | None:
        """The error state saying why the person cannot move now, or None."""
        result = self.position.result
        if result is not None:
            return self.say(f"The game is over ({view.result_text(result, self.settings.colour)}): start a new game "
                            "or undo.", error=True)
        return None if self.persons_turn() else self.say("It is the engine's turn.", error=True)

    def click(self, square) -> dict:
        """A click on ``square`` (``"r,c"`` or ``(r, c)``): select one of the person's pieces (a base square selects
        the base), or move the selected piece to a highlighted target."""
        try:
            sq = view.parse_square(square)
        except ValueError as e:
            return self.say(str(e), error=True)
        if (refused := self._refused()) is not None:
            return refused
        frm = None if self.selected == "base" else self.selected
        legal = self.position.legal_moves() if self.selected is not None else []
        chosen = [m for m in legal if m.frm == frm and m.to == sq]
        return self._person_move(chosen[0]) if chosen else self._select(sq)

    def _select(self, sq: tuple[int, int]) -> dict:
        """Select (or deselect) the person's piece on ``sq``, or the base, refusing a square that holds none of theirs
        or a piece without a move."""
        pos, side = self.position, self.person_side
        in_base = sq in BASE_SQUARES[side] and pos.in_base(side) > 0
        if sq not in pos.squares(side) and not in_base:
            what = "a highlighted square, or another of your pieces" if self.selected else "one of your pieces"
            return self.say(f"{sq[0]},{sq[1]} holds none of your pieces ({self.settings.colour}): click {what}.",
                            error=True)
        frm = None if in_base else sq
        if self.selected is not None and self.selected == ("base" if frm is None else frm):
            self.selected = None
            return self.say("Deselected.")
        if not [m for m in pos.legal_moves() if m.frm == frm]:
            return self.say(f"{'The base' if frm is None else f'The piece on {sq[0]},{sq[1]}'} has no legal move.",
                            error=True)
        self.selected = "base" if frm is None else frm
        where = "a piece in your base" if frm is None else f"{sq[0]},{sq[1]}"
        return self.say(f"Selected {where}: click a highlighted square.")

    def play(self, text: str) -> dict:
        """Play the person's move typed as text (``"5,1-4,1"``, ``"base-5,2"``)."""
        try:
            move = Move.from_text(str(text))
        except ValueError as e:
            return self.say(str(e), error=True)
        if (refused := self._refused()) is not None:
            return refused
        try:
            self.position.play(move)
        except IllegalMoveError:
            legal = ", ".join(map(str, self.position.legal_moves()))
            return self.say(f"{move} is not legal here; your legal moves: {legal}.", error=True)
        return self._person_move(move)

    def undo(self) -> dict:
        """Take back the person's last move and the engine's reply to it."""
        g, person = self.game, self.settings.colour
        if not g.views:
            return self.say("Nothing to undo: you have not moved yet.", error=True)
        while True:
            mover = g.history[-2].side_to_move
            for key in ("history", *PER_MOVE):
                getattr(g, key).pop()
            if mover == person:
                break
        g.views.pop()
        self.player, self.selected = self._new_player(self.settings, self.engine), None  # it re-watches the moves left
        for t in range(1, len(g.history)):
            if g.history[t - 1].side_to_move == person:
                self._observe(g.history[: t + 1])
        return self.say(f"Took back your move; back to ply {self.position.ply}.")

    def new_game(self, **changes) -> dict:
        """A new game with the settings changed by ``changes`` (``colour``, ``rules``, ``strategy_set``,
        ``strategy``, ``method``, ``depth``, ``seed``); bad settings keep the game on the board."""
        try:
            self._start(dataclasses.replace(self.settings, **changes))
        except (TypeError, ValueError) as e:
            return self.say(f"No new game: {e}", error=True)
        return self.state()

    def record(self) -> dict:
        """The game as a tournament's record (:class:`~pawnslib.play.records.GameRecord`'s fields; the person's id is
        :data:`PERSON`, their moves have no value, nodes or time), with ``person``, ``engine`` and ``views``."""
        g, s = self.game, self.settings
        ids = {s.colour: PERSON, s.engine_colour: s.strategy}
        rec = {"black": ids["black"], "white": ids["white"], "round": 0, "result": self.position.result,
               "plies": self.position.ply, "rules": s.rules, "positions": [p.to_text() for p in g.history],
               "features": [p.features().tolist() for p in g.history], **{k: list(getattr(g, k)) for k in PER_MOVE}}
        if not any(rec["info"]):
            del rec["info"]
        engine = {**dataclasses.asdict(s), "label": self.engine.label}
        return {**rec, "person": s.colour, "engine": engine, "views": list(g.views)}

    def save(self, path: str | Path | None = None) -> dict:
        """Append the finished game's :meth:`record` to ``path`` (default: the controller's ``records``)."""
        path = path if path is not None else self.records
        if path is None:
            return self.say("No file to save to: give the board a records path.", error=True)
        if self.position.result is None:
            return self.say("The game is not over: a record holds a finished game.", error=True)
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            append_record(path, self.record())
        except OSError as e:
            return self.say(f"Could not save to {path}: {e}", error=True)
        return self.say(f"Saved the game to {path}.")

    def targets(self) -> list[tuple[int, int]]:
        """The squares the selected piece can move to."""
        if self.selected is None or not self.persons_turn():
            return []
        frm = None if self.selected == "base" else self.selected
        return [m.to for m in self.position.legal_moves() if m.frm == frm]

    def state(self) -> dict:
        """Everything a view shows (:func:`~.view.state_of`): JSON values only."""
        return view.state_of(self)


__all__ = ["Engine", "EngineSource", "Game", "GameSettings", "PERSON", "PlayController"]
