"""The SVG board and the row of captioned boards the notebooks display."""

import re

from pawnslib.config import READINGS
from pawnslib.game.draw import (
    CELL,
    DIAGONAL_STROKE,
    MARGIN,
    board_svg,
    boards_html,
    exit_squares,
    is_diagonal,
    removed_pieces,
)
from pawnslib.game.position import Move, Position
from pawnslib.game.rules import BLACK, WHITE


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


def test_board_svg_draws_the_legal_moves_diagonal_ones_apart():
    kalles, king = Position.start(), Position.start(rules="king")
    assert board_svg(kalles, moves=True).count('class="move"') == 4
    svg = board_svg(king, moves=True)
    assert svg.count('class="move"') == 4 and svg.count('class="move diagonal"') == 1  # the fifth exit, (2,5)
    assert "<title>base-2,5</title>" in svg and DIAGONAL_STROKE in svg
    assert "kalles reading" in board_svg(kalles) and "king reading" in svg
    step = Position.from_text("......../......../......../...w..../....b.../......../......../........ b 0 1 10",
                              rules="king")
    svg = board_svg(step, moves=["4,4-5,5", Move((4, 4), (4, 5))])
    assert svg.count('class="move diagonal"') == 1 and svg.count('class="move"') == 1
    assert 'class="move' not in board_svg(step)


def test_is_diagonal_is_what_king_adds_to_kalles():
    for text in (".....w../......../......w./......../......../......../......../........ b 2 2 10",
                 "......../.....b../......../...w..../....b.../......../......../........ b 0 2 10",
                 "w.b...../bwb...../....w.../......../......../......../......../........ b 1 1 10"):
        kalles, king = (set(Position.from_text(text, rules=r).legal_moves()) for r in READINGS)
        assert kalles <= king
        assert {m for m in king if is_diagonal(m, BLACK)} == king - kalles


def test_board_svg_marks_the_exits_of_the_reading():
    assert board_svg(Position.start(), exits=True).count('class="exit"') == 8
    assert board_svg(Position.start(rules="king"), exits=True).count('class="exit"') == 10
    assert exit_squares("king", BLACK) == [(0, 5), (1, 5), (2, 5), (2, 6), (2, 7)]
    assert exit_squares("kalles", WHITE) == [(5, 0), (5, 1), (6, 2), (7, 2)]


def test_removed_pieces_on_the_board_and_in_the_base():
    several = "w.b...../bwb...../....w.../......../......../......../......../........ b 1 1 10"
    for rules, gone in (("kalles", [(BLACK, (0, 1)), (WHITE, (0, 0)), (WHITE, (1, 1))]),
                        ("king", [(BLACK, (0, 1)), (WHITE, (0, 0))])):
        before = Position.from_text(several, rules=rules)
        after = before.play("0,2-0,1")
        assert removed_pieces(before, after) == gone
        assert board_svg(after, before=before).count('class="removed"') == len(gone)
    base = Position.from_text("......../......../......../...w..../......../bb....../..b...../...b.... b 0 2 10")
    assert removed_pieces(base, base.play("7,3-7,2")) == [(WHITE, (6, 0)), (WHITE, (6, 1))]
    assert removed_pieces(Position.start(), Position.start().play("base-2,6")) == []


def test_boards_html_options_for_all_and_per_board():
    start = Position.start(rules="king")
    out = boards_html([(start, "a"), (start, "b", {"moves": False})], moves=True)
    assert out.count('class="move') == 5
    assert board_svg(start, moves=True) in out and board_svg(start) in out
