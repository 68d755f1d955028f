"""SVG drawing of a position, so that a :class:`~pawnslib.game.Position` shows as a board."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pawnslib.game import BASE_SQUARES, BLACK, WHITE

if TYPE_CHECKING:
    from pawnslib.game import Position

CELL = 36
MARGIN = 18
BASE_FILL = ("#9aa3b5", "#e6d3a3")  # Black's base, White's base
LAST_MOVE_FILL = "#f4e04d"


def board_svg(pos: Position, *, size: int = CELL) -> str:
    """An SVG board: bases shaded, pieces in a base drawn on its squares, last move marked."""
    w = MARGIN + 8 * size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w + 20}" '
           'font-family="sans-serif" font-size="11">']
    marked = set()
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
            x, y = MARGIN + c * size, MARGIN + r * size
            out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" '
                       'stroke="#888" stroke-width="0.5"/>')
    if pos.last_move is not None and pos.last_move.frm is None:  # a base exit: mark the whole base
        side = WHITE if pos.side_to_move == "black" else BLACK
        for r, c in BASE_SQUARES[side]:
            x, y = MARGIN + c * size, MARGIN + r * size
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{size - 4}" height="{size - 4}" fill="none" '
                       f'stroke="{LAST_MOVE_FILL}" stroke-width="3"/>')

    def disc(sq, side):
        cx, cy = MARGIN + sq[1] * size + size / 2, MARGIN + sq[0] * size + size / 2
        fill, stroke = ("#222", "#000") if side == BLACK else ("#fff", "#333")
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{size * 0.36}" fill="{fill}" stroke="{stroke}" '
                   'stroke-width="1.5"/>')

    for side in (BLACK, WHITE):
        for sq in pos.squares(side):
            disc(sq, side)
        for sq in BASE_SQUARES[side][: pos.in_base(side)]:
            disc(sq, side)
    status = f"{pos.side_to_move} to move" if pos.result is None else f"result: {pos.result}"
    status += f", ply {pos.ply}"
    out.append(f'<text x="{MARGIN}" y="{w + 14}">{status}</text>')
    out.append("</svg>")
    return "".join(out)


def boards_html(boards: Iterable[tuple[Position, str]], *, size: int = CELL) -> str:
    """Boards side by side, each with its caption below, as one HTML block that wraps onto new lines.

    Args:
        boards: (position, caption) pairs, drawn left to right by :func:`board_svg`; captions are plain text
            (escaped for HTML).
        size: a square's side in pixels.

    Returns:
        A ``<div>`` of one ``<figure>`` per board, for ``IPython.display.HTML``.
    """
    width = MARGIN + 8 * size + 4
    figures = "".join(f'<figure style="margin:4px;max-width:{width}px">{board_svg(pos, size=size)}'
                      f'<figcaption style="text-align:center">{html.escape(caption)}</figcaption></figure>'
                      for pos, caption in boards)
    return f'<div style="display:flex;flex-wrap:wrap">{figures}</div>'


__all__ = ["board_svg", "boards_html"]
