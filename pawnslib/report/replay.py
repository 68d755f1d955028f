"""A recorded game replayed move by move: drawn boards with step buttons and a slider, as one HTML block.

:class:`Replay` draws every position x_0..x_T of a game (:func:`~pawnslib.game.draw.board_svg`, the last move
highlighted) and adds plain inline JavaScript that shows one board at a time: first / previous / next / last
buttons, a slider, a "ply k of T" label and the left and right arrow keys while the widget has the focus. It
needs no kernel, no network and no library, so it works in JupyterLab and in nbconvert's HTML pages alike.
Where scripts do not run (an untrusted notebook), the controls stay hidden and all the boards show in a
wrapping row, each with its caption, so nothing is lost. A widget's id is a hash of its content: the same
game renders to the same bytes every time, and several games on one page keep apart.

Layer ``report``: it may import every layer; it imports only ``game`` (the boards and positions).
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Iterable, Mapping, Sequence

from pawnslib.game.draw import CELL, MARGIN, MARK_STROKE, board_svg
from pawnslib.game.position import Move, Position

_SCRIPT = """<script>(function () {
  var me = document.currentScript, id = "@ID@";
  var root = me && me.parentNode && me.parentNode.id === id ? me.parentNode : document.getElementById(id);
  if (!root || root.getAttribute("data-ready") === "1") { return; }
  root.setAttribute("data-ready", "1");
  var boards = root.querySelectorAll(".pr-board"), last = boards.length - 1, shown = 0;
  var slider = root.querySelector(".pr-slider"), label = root.querySelector(".pr-label");
  function show(k) {
    shown = Math.max(0, Math.min(last, k));
    for (var j = 0; j <= last; j++) { boards[j].style.display = j === shown ? "" : "none"; }
    slider.value = String(shown);
    label.textContent = "ply " + shown + " of " + last;
  }
  var steps = {
    first: function () { return 0; }, prev: function () { return shown - 1; },
    next: function () { return shown + 1; }, last: function () { return last; }
  };
  var buttons = root.querySelectorAll("button[data-step]");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", (function (step) {
      return function () { show(step()); };
    })(steps[buttons[i].getAttribute("data-step")]));
  }
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  root.addEventListener("keydown", function (e) {
    if (e.target === slider) { return; }  /* the slider steps on arrow keys by itself */
    var to = {ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: last}[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    e.stopPropagation();
    show(to);
  });
  root.querySelector(".pr-controls").style.display = "flex";
  root.querySelector(".pr-boards").style.display = "block";
  show(parseInt(root.getAttribute("data-start"), 10) || 0);
})();</script>"""


def _number(x: float) -> str:
    """``x`` with thousands separators and at most two decimals: -4, -0.16, 10,000.11."""
    text = f"{x:,.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _caption(k: int, before: Position | None, after: Position, value: float | None = None,
             nodes: int | None = None) -> str:
    """The default caption of ply ``k``: the move that led to ``after`` and the mover's search, if known."""
    text = f"ply {k}: start" if k == 0 else f"ply {k}"
    if before is not None and after.last_move is not None:
        text += f": {before.side_to_move.capitalize()} {after.last_move}"
        text += "" if value is None else f", value {_number(value)}"
        text += "" if nodes is None else f", {nodes:,} nodes"
    return text + ("" if after.result is None else f"; result: {after.result}")


def _linked(positions: list[Position]) -> list[Position]:
    """``positions``, each re-played from the one before by the legal move that leads to it, so that it knows its
    last move (one read from text does not), or else without a last move (it would highlight a move not shown)."""
    out = positions[:1]
    for before, pos in zip(positions, positions[1:], strict=False):
        legal = before.legal_moves()  # none once the game is over
        if pos.last_move in legal:  # preferred where two moves lead to the same position
            legal.insert(0, pos.last_move)
        found = next((p for p in map(before.play, legal) if p == pos), None)
        out.append(found if found is not None else Position.from_text(pos.to_text(), rules=pos.rules))
    return out


class Replay:
    """A game's positions x_0..x_T with a caption and optional marked moves per ply, shown as a step-through widget.

    Args:
        positions: x_0..x_T, all of one reading. A position that a legal move of the one before leads to is drawn
            with that move highlighted and the pieces it took off marked.
        captions: one plain-text caption per position (HTML-escaped); default "ply k: White 5,1-4,1".
        marks: per position, moves to draw on that board as arrows in their own colour (e.g. the replies a model
            predicted at a White move), or ``None``/empty for none; moves as :class:`~pawnslib.game.Move` or text.
        title: plain text above the boards; default "Replay of T plies (<reading> reading)".
        mark_label: the legend under each board that has marks.
        size: a square's side in pixels.
        start: the ply the widget opens at (e.g. the one the text around it names).

    Raises:
        ValueError: no positions, a position that is no :class:`~pawnslib.game.position.Position`, positions of several
            readings, ``captions`` or ``marks`` not one per position, a marked move not legal at its ply, or ``start``
            not a ply of the game.
    """

    def __init__(self, positions: Sequence[Position], *, captions: Sequence[str] | None = None,
                 marks: Sequence[Iterable[Move | str] | None] | None = None, title: str | None = None,
                 mark_label: str = "marked moves", size: int = CELL, start: int = 0):
        positions = list(positions)
        if not positions:
            raise ValueError("positions is empty: a replay needs at least the start position x_0")
        for k, pos in enumerate(positions):
            if not isinstance(pos, Position):
                raise ValueError(f"positions[{k}] must be a Position, got {type(pos).__name__}")
            if pos.rules != positions[0].rules:
                raise ValueError(f"positions mix rule readings: ply 0 is played by {positions[0].rules!r}, "
                                 f"ply {k} by {pos.rules!r}")
        if isinstance(size, bool) or not isinstance(size, int) or size < 8:
            raise ValueError(f"size must be an integer of at least 8 (pixels), got {size!r}")
        self.positions = _linked(positions)
        n = len(positions)
        for name, given in (("captions", captions), ("marks", marks)):
            if given is not None and len(given) != n:
                raise ValueError(f"{name} has {len(given)} entries, but the game has {n} positions "
                                 f"(x_0..x_{n - 1}): give one per position")
        if captions is None:
            captions = [_caption(k, self.positions[k - 1] if k else None, pos) for k, pos in enumerate(self.positions)]
        self.captions = [str(c) for c in captions]
        self.marks = [self._check_marks(k, ms) for k, ms in enumerate(marks if marks is not None else [None] * n)]
        self.title = f"Replay of {n - 1} plies ({positions[0].rules} reading)" if title is None else str(title)
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
            raise ValueError(f"start must be a ply of the game, 0 to {n - 1}, got {start!r}")
        self.mark_label, self.size, self.start = str(mark_label), size, start

    def _check_marks(self, k: int, moves: Iterable[Move | str] | None) -> list[Move]:
        """Ply ``k``'s marked moves as :class:`~pawnslib.game.position.Move`, each checked legal at position ``k``."""
        if moves is None:
            return []
        if isinstance(moves, (str, Move)):
            raise ValueError(f"marks[{k}] must be a list of moves, got one move {moves!r}")
        pos, out = self.positions[k], []
        legal = set(pos.legal_moves())
        for m in moves:
            try:
                move = Move.from_text(m) if isinstance(m, str) else m
            except ValueError as e:
                raise ValueError(f"marks[{k}]: {e}") from None
            if not isinstance(move, Move) or move not in legal:
                raise ValueError(f"marks[{k}]: move {m!s} is not legal at ply {k} ({pos.to_text()!r}, "
                                 f"{pos.side_to_move} to move)")
            out.append(move)
        return out

    @classmethod
    def from_record(cls, record: Mapping, *, captions: Sequence[str] | None = None,
                    marks: Sequence[Iterable[Move | str] | None] | None = None, title: str | None = None,
                    mark_label: str = "marked moves", size: int = CELL, start: int = 0) -> Replay:
        """A replay of a game record (:class:`~pawnslib.play.records.GameRecord` or a played game), its moves replayed.

        Args:
            record: the record: ``positions``, ``moves`` and ``rules`` are read, and ``values``, ``nodes``,
                ``black``, ``white``, ``round`` and ``result`` when present.
            captions: one per position; default "ply 12: White 2,1-3,1, value -4, 1,234 nodes" (the mover's
                search value, Black's point of view, and its nodes).
            title: default "Black 3 vs White 5, round 0, kalles reading: black wins in 47 plies".
            marks, mark_label, size, start: as for :class:`Replay`.

        Raises:
            ValueError: a field missing, moves that are not one fewer than positions, or a move that is illegal
                or does not lead to the recorded next position (naming the ply); and :class:`Replay`'s errors.
        """
        for field in ("positions", "moves", "rules"):
            if field not in record:
                raise ValueError(f"record lacks the field {field!r}")
        texts, moves, rules = record["positions"], record["moves"], record["rules"]
        if not texts:
            raise ValueError("record's positions is empty: a replay needs at least the start position x_0")
        if len(moves) != len(texts) - 1:
            raise ValueError(f"record has {len(moves)} moves for {len(texts)} positions: it needs one fewer")
        positions = [Position.from_text(texts[0], rules=rules)]
        for k, move in enumerate(moves, 1):
            try:
                after = positions[-1].play(move)
            except ValueError as e:
                raise ValueError(f"record's move {move!r} to ply {k} cannot be played: {e}") from None
            if after.to_text() != texts[k]:
                raise ValueError(f"record's move {move!r} to ply {k} leads to {after.to_text()!r}, "
                                 f"not to the recorded {texts[k]!r}")
            positions.append(after)
        if captions is None:
            values, nodes = record.get("values"), record.get("nodes")
            captions = [_caption(k, positions[k - 1] if k else None, pos,
                                 values[k - 1] if k and values and len(values) >= k else None,
                                 nodes[k - 1] if k and nodes and len(nodes) >= k else None)
                        for k, pos in enumerate(positions)]
        if title is None:
            who = [f"{side} {record[side.lower()]}" for side in ("Black", "White") if side.lower() in record]
            title = " vs ".join(who) or "Game"
            title += f", round {record['round']}" if "round" in record else ""
            result = record.get("result", positions[-1].result)
            outcome = "a draw" if result == "draw" else f"{result} wins" if result else "unfinished"
            title += f", {rules} reading: {outcome} in {len(moves)} plies"
        return cls(positions, captions=captions, marks=marks, title=title, mark_label=mark_label, size=size,
                   start=start)

    def _board(self, k: int) -> str:
        """Ply ``k``'s figure: the board, its caption and, if it has marks, the legend line."""
        pos, before = self.positions[k], self.positions[k - 1] if k else None
        svg = board_svg(pos, size=self.size, before=before if pos.last_move else None, marks=self.marks[k])
        legend = ""
        if self.marks[k]:
            legend = (f'<div class="pr-legend" style="text-align:center;font-size:smaller">'
                      f'<svg width="22" height="10"><line x1="1" y1="5" x2="21" y2="5" stroke="{MARK_STROKE}" '
                      f'stroke-width="3"/></svg> {html.escape(self.mark_label)}</div>')
        return (f'<figure class="pr-board" data-ply="{k}" style="margin:4px;max-width:{MARGIN + 8 * self.size + 4}px">'
                f'{svg}<figcaption style="text-align:center">{html.escape(self.captions[k])}</figcaption>'
                f'{legend}</figure>')

    def to_html(self) -> str:
        """The widget as one self-contained HTML block (no external resources).

        Returns:
            A ``<div>`` holding the title, the controls (shown by its script), one board per position and an
            inline script; its id is derived from the content, so equal replays give equal bytes.
        """
        boards = "".join(self._board(k) for k in range(len(self.positions)))
        title = html.escape(self.title)
        ident = "pawns-replay-" + hashlib.sha256(f"{title}\n{self.start}\n{boards}".encode()).hexdigest()[:16]
        last = len(self.positions) - 1
        controls = (
            '<div class="pr-controls" style="display:none;align-items:center;gap:6px;margin:4px">'
            '<button type="button" data-step="first" title="first ply">|&lt;</button>'
            '<button type="button" data-step="prev" title="previous ply">&lt;</button>'
            f'<input class="pr-slider" type="range" min="0" max="{last}" step="1" value="{self.start}" '
            'aria-label="ply">'
            '<button type="button" data-step="next" title="next ply">&gt;</button>'
            '<button type="button" data-step="last" title="last ply">&gt;|</button>'
            f'<span class="pr-label">ply {self.start} of {last}</span></div>')
        return (f'<div class="pawns-replay" id="{ident}" data-start="{self.start}" tabindex="0" '
                'style="font-family:sans-serif">'
                f'<div class="pr-title" style="font-weight:bold;margin:4px">{title}</div>{controls}'
                f'<div class="pr-boards" style="display:flex;flex-wrap:wrap">{boards}</div>'
                f'{_SCRIPT.replace("@ID@", ident)}</div>')

    _repr_html_ = to_html


__all__ = ["Replay"]
