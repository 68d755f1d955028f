"""SVG drawing of a position, so that a :class:`~.position.Position` shows as a board.

Besides the pieces, a board can show its reading's rules (``board_svg``'s options): the legal moves as arrows
(diagonal ones, which only the ``"king"`` reading has, in their own colour), the exit squares of both bases,
and the pieces the last move took off.

Layer ``game``: it may import only ``game`` (and ``config``); it imports :mod:`~.position` and :mod:`~.rules`.
:mod:`~.position` draws a :class:`~.position.Position` with it lazily, in ``_repr_svg_`` (python-chess's pattern).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pawnslib.game.position import Move, rules_index
from pawnslib.game.rules import BASE_SQUARES, BLACK, EXITS, NEXITS, WHITE

if TYPE_CHECKING:
    from pawnslib.game.position import Position

CELL = 36
MARGIN = 18
BASE_FILL = ("#9aa3b5", "#e6d3a3")  # Black's base, White's base
LAST_MOVE_FILL = "#f4e04d"
STEP_STROKE = "#1f6fb4"  # arrows of orthogonal moves (steps up, down, left, right; exits beside the base)
DIAGONAL_STROKE = "#d62728"  # arrows of diagonal moves (a diagonal step, or an exit at the base's corner)
EXIT_STROKE = "#2a9d4f"  # dashed outline of a base's exit squares
REMOVED_STROKE = "#c0392b"  # a piece the last move took off
MARK_STROKE = "#8e44ad"  # arrows of marked moves (board_svg's marks), e.g. a model's predicted replies


def exit_squares(rules: str, side: int) -> list[tuple[int, int]]:
    """The exit squares of ``side``'s base under the reading ``rules``, in square order (``game.EXITS``)."""
    k = rules_index(rules)
    return [divmod(int(q), 8) for q in EXITS[k, side, : NEXITS[k, side]]]


def is_diagonal(move: Move, side: int) -> bool:
    """Whether ``move`` (by ``side``) is no orthogonal step: a diagonal step, or an exit only diagonally
    adjacent to the base block (Black's (2,5), White's (5,2)). Exactly the moves ``"king"`` adds to ``"kalles"``."""
    if move.frm is not None:
        return move.frm[0] != move.to[0] and move.frm[1] != move.to[1]
    return move.to not in exit_squares("kalles", side)


def removed_pieces(before: Position, after: Position) -> list[tuple[int, tuple[int, int]]]:
    """(side, square) of each piece ``after``'s last move took off; a base piece is given as a base square.

    Args:
        before: the position the last move of ``after`` was played in.
        after: ``before.play(move)``.
    """
    move, mover = after.last_move, BLACK if before.side_to_move == "black" else WHITE
    out = []
    for side in (BLACK, WHITE):
        on_board, in_base = set(before.squares(side)), before.in_base(side)
        if side == mover and move is not None:
            on_board.add(move.to)
            if move.frm is None:
                in_base -= 1
            else:
                on_board.discard(move.frm)
        out += [(side, q) for q in sorted(on_board - set(after.squares(side)))]
        out += [(side, q) for q in BASE_SQUARES[side][after.in_base(side) : in_base]]
    return out


def _arrow(out: list[str], start: tuple[float, float], end: tuple[float, float], *, colour: str, size: int,
           label: str, css: str) -> None:
    """An arrow from ``start`` (x0, y0) to ``end`` (x1, y1), its head ending short of the target's centre."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip_x, tip_y = x1 - ux * size * 0.12, y1 - uy * size * 0.12
    head = size * 0.28
    bx, by = tip_x - ux * head, tip_y - uy * head
    px, py = -uy * head * 0.5, ux * head * 0.5
    sx, sy = x0 + ux * size * 0.2, y0 + uy * size * 0.2
    out.append(f'<g class="{css}" opacity="0.85"><title>{label}</title>'
               f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
               f'stroke-width="{max(1.5, size / 14):.1f}"/>'
               f'<polygon points="{tip_x:.1f},{tip_y:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" '
               f'fill="{colour}"/></g>')


def _square(r: int, c: int, size: int) -> tuple[int, int]:
    """The top-left corner (x, y) of square (r, c)."""
    return MARGIN + c * size, MARGIN + r * size


def _centre(sq: tuple[int, int], size: int) -> tuple[float, float]:
    return MARGIN + sq[1] * size + size / 2, MARGIN + sq[0] * size + size / 2


def _grid(pos: Position, size: int) -> list[str]:
    """The rank and file numbers and the 64 squares: chequered, bases shaded, the last move's squares marked."""
    out, marked = [], set()
    if pos.last_move is not None:
        lm = pos.last_move
        marked = {lm.to} | ({lm.frm} if lm.frm else set())
    for r in range(8):
        out.append(f'<text x="4" y="{MARGIN + r * size + size * 0.6}">{r}</text>')
        out.append(f'<text x="{MARGIN + r * size + size * 0.4}" y="12">{r}</text>')
        for c in range(8):
            fill = "#f7f7f2" if (r + c) % 2 == 0 else "#d9d9cf"
            for side in (BLACK, WHITE):
                if (r, c) in BASE_SQUARES[side]:
                    fill = BASE_FILL[side]
            if (r, c) in marked:
                fill = LAST_MOVE_FILL
            x, y = _square(r, c, size)
            out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" '
                       'stroke="#888" stroke-width="0.5"/>')
    return out


def _outlines(pos: Position, size: int, exits: bool) -> list[str]:
    """The whole base outlined if the last move left it, and (``exits``) both bases' exit squares, dashed."""
    out = []
    if pos.last_move is not None and pos.last_move.frm is None:  # a base exit: mark the whole base
        side = WHITE if pos.side_to_move == "black" else BLACK
        for r, c in BASE_SQUARES[side]:
            x, y = _square(r, c, size)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{size - 4}" height="{size - 4}" fill="none" '
                       f'stroke="{LAST_MOVE_FILL}" stroke-width="3"/>')
    if exits:
        for side in (BLACK, WHITE):
            for r, c in exit_squares(pos.rules, side):
                x, y = _square(r, c, size)
                out.append(f'<rect class="exit" x="{x + 3}" y="{y + 3}" width="{size - 6}" height="{size - 6}" '
                           f'fill="none" stroke="{EXIT_STROKE}" stroke-width="2" stroke-dasharray="4,3"/>')
    return out


def _pieces(pos: Position, size: int, before: Position | None) -> list[str]:
    """Every piece as a disc (a piece in a base on a base square), then the pieces ``pos``'s last move took off."""
    out = []
    for side in (BLACK, WHITE):
        fill, stroke = ("#222", "#000") if side == BLACK else ("#fff", "#333")
        for sq in [*pos.squares(side), *BASE_SQUARES[side][: pos.in_base(side)]]:
            cx, cy = _centre(sq, size)
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{size * 0.36}" fill="{fill}" stroke="{stroke}" '
                       'stroke-width="1.5"/>')
    if before is None:
        return out
    for _, sq in removed_pieces(before, pos):
        cx, cy, d = *_centre(sq, size), size * 0.22
        out.append(f'<g class="removed"><circle cx="{cx}" cy="{cy}" r="{size * 0.36}" fill="none" '
                   f'stroke="{REMOVED_STROKE}" stroke-width="1.5" stroke-dasharray="3,2"/>'
                   f'<path d="M{cx - d},{cy - d}L{cx + d},{cy + d}M{cx - d},{cy + d}L{cx + d},{cy - d}" '
                   f'stroke="{REMOVED_STROKE}" stroke-width="2"/></g>')
    return out


def _arrows(pos: Position, size: int, moves: bool | Iterable[Move | str], marks: Iterable[Move | str],
            mark_colour: str) -> list[str]:
    """The ``moves`` arrows (orthogonal blue, diagonal red), then the ``marks`` arrows over them."""
    out: list[str] = []
    side = BLACK if pos.side_to_move == "black" else WHITE

    def arrow(m: Move, colour: str, css: str) -> None:
        if m.frm is None:  # from the middle of the 2x2 base block
            r0, c0 = BASE_SQUARES[side][0]
            x0, y0 = MARGIN + (c0 + 1) * size, MARGIN + (r0 + 1) * size
        else:
            x0, y0 = _centre(m.frm, size)
        _arrow(out, (x0, y0), _centre(m.to, size), colour=colour, size=size, label=str(m), css=css)

    if moves is not False:
        for m in pos.legal_moves() if moves is True else _as_moves(moves):
            diagonal = is_diagonal(m, side)
            arrow(m, DIAGONAL_STROKE if diagonal else STEP_STROKE, "move diagonal" if diagonal else "move")
    for m in _as_moves(marks):
        arrow(m, mark_colour, "mark")
    return out


def _as_moves(moves: Iterable[Move | str]) -> list[Move]:
    return [Move.from_text(m) if isinstance(m, str) else m for m in moves]


def board_svg(pos: Position, *, size: int = CELL, moves: bool | Iterable[Move | str] = False, exits: bool = False,
              before: Position | None = None, marks: Iterable[Move | str] = (),
              mark_colour: str = MARK_STROKE) -> str:
    """An SVG board: bases shaded, pieces in a base drawn on its squares, last move marked.

    Args:
        pos: the position.
        size: a square's side in pixels.
        moves: ``True`` draws every legal move of ``pos`` as an arrow (from the square, or from the middle of the
            base for a piece leaving it), or give the moves (:class:`~.position.Move` or text) to draw.
            Orthogonal moves are blue, diagonal ones (:func:`is_diagonal`) red.
        exits: outline (dashed green) the exit squares of both bases under ``pos``'s reading.
        before: the position before ``pos``'s last move: the pieces that move took off are drawn as red
            dashed rings with a cross (:func:`removed_pieces`).
        marks: more moves (:class:`~.position.Move` or text) to draw as arrows, all in ``mark_colour``
            (class ``mark``), over the ``moves`` arrows: e.g. the replies a model predicted.
        mark_colour: the colour of the ``marks`` arrows.

    Returns:
        The ``<svg>`` element. The caption line under the board says the side to move (or the result), the ply
        and the reading.
    """
    w = MARGIN + 8 * size
    status = f"{pos.side_to_move} to move" if pos.result is None else f"result: {pos.result}"
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w + 20}" '
                    'font-family="sans-serif" font-size="11">',
                    *_grid(pos, size), *_outlines(pos, size, exits), *_pieces(pos, size, before),
                    *_arrows(pos, size, moves, marks, mark_colour),
                    f'<text x="{MARGIN}" y="{w + 14}">{status}, ply {pos.ply}, {pos.rules} reading</text>', "</svg>"])


def boards_html(boards: Iterable[tuple[Position, str] | tuple[Position, str, dict[str, Any]]], *, size: int = CELL,
                **options: Any) -> str:
    """Boards side by side, each with its caption below, as one HTML block that wraps onto new lines.

    Args:
        boards: (position, caption) pairs, drawn left to right by :func:`board_svg`; captions are plain text
            (escaped for HTML). A third element, a dict of :func:`board_svg` options, applies to that board only.
        size: a square's side in pixels.
        **options: :func:`board_svg` options for every board (``moves``, ``exits``), overridden per board.

    Returns:
        A ``<div>`` of one ``<figure>`` per board, for ``IPython.display.HTML``.
    """
    width = MARGIN + 8 * size + 4
    figures = []
    for pos, caption, *own in boards:
        svg = board_svg(pos, size=size, **{**options, **(own[0] if own else {})})
        figures.append(f'<figure style="margin:4px;max-width:{width}px">{svg}'
                       f'<figcaption style="text-align:center">{html.escape(caption)}</figcaption></figure>')
    return f'<div style="display:flex;flex-wrap:wrap">{"".join(figures)}</div>'


__all__ = ["board_svg", "boards_html", "exit_squares", "is_diagonal", "removed_pieces"]
