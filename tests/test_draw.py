"""The SVG board and the row of captioned boards the notebooks display."""

import re

from pawnslib.draw import CELL, MARGIN, board_svg, boards_html
from pawnslib.game import Position


def test_board_svg_draws_every_square_and_piece():
    svg = board_svg(Position.start())
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<rect") == 64  # no last move at the start
    assert svg.count("<circle") == 8  # four pieces in each base
    assert "black to move, ply 0" in svg


def test_board_svg_marks_the_last_move():
    after = Position.start().play("base-2,6")
    assert "#f4e04d" in board_svg(after)
    assert "#f4e04d" not in board_svg(Position.start())


def test_boards_html_one_captioned_figure_per_board_in_order():
    start = Position.start()
    boards = [(start, "the start"), (start.play("base-2,6"), "after base-2,6 <&>")]
    out = boards_html(boards)
    assert out.startswith('<div style="display:flex;flex-wrap:wrap">') and out.endswith("</div>")
    assert out.count("<figure") == 2 and out.count("<svg") == 2
    captions = re.findall(r"<figcaption[^>]*>(.*?)</figcaption>", out)
    assert captions == ["the start", "after base-2,6 &lt;&amp;&gt;"]  # in order, escaped
    assert board_svg(boards[1][0]) in out  # the same drawing as a Position shows in a notebook
    assert f"max-width:{MARGIN + 8 * CELL + 4}px" in out


def test_boards_html_accepts_a_generator_and_a_size():
    out = boards_html(((Position.start(), f"board {i}") for i in range(3)), size=20)
    assert out.count("<figure") == 3 and f'width="{MARGIN + 8 * 20}"' in out
    assert boards_html([]) == '<div style="display:flex;flex-wrap:wrap"></div>'
