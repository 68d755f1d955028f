"""The replay widget: one board per ply, deterministic ids, captions, marks, and its input checks."""

import re

import pytest

from pawnslib.game.draw import MARK_STROKE, STEP_STROKE, board_svg
from pawnslib.game.position import Position
from pawnslib.play.records import positions_of
from pawnslib.play.tournament import play_game
from pawnslib.report.replay import Replay
from pawnslib.search.strategies import THESIS


@pytest.fixture(scope="module", params=["kalles", "king"])
def game(request) -> dict:
    """A finished depth-1 game of thesis strategies 1 and 3 by the reading ``request.param``."""
    return {"black": 1, "white": 3, "round": 0,
            **play_game(THESIS[1], THESIS[3], depth=1, seed=5, rules=request.param)}


@pytest.fixture(scope="module")
def games() -> list[dict]:
    """Two different kalles games."""
    return [play_game(THESIS[b], THESIS[w], depth=1, rules="kalles") for b, w in ((1, 3), (3, 1))]


def figures(out: str) -> list[str]:
    return re.findall(r'<figure class="pr-board".*?</figure>', out, re.S)


def test_one_board_per_ply_slider_to_the_last_ply(game):
    out = Replay.from_record(game).to_html()
    t = game["plies"]
    assert 10 < t < 200 and len(game["positions"]) == t + 1
    assert out.count('<svg xmlns="http://www.w3.org/2000/svg"') == t + 1  # one board each, no legend without marks
    assert [int(k) for k in re.findall(r'<figure class="pr-board" data-ply="(\d+)"', out)] == list(range(t + 1))
    assert f'type="range" min="0" max="{t}"' in out and f"ply 0 of {t}" in out
    for k, fig in enumerate(figures(out)):
        assert f"ply {k}, {game['rules']} reading" in fig  # board_svg's status line of x_k
    assert all(f'data-step="{s}"' in out for s in ("first", "prev", "next", "last"))
    assert len(out) < 9000 * (t + 1)  # a 113-ply game stays under ~1 MB


def test_default_captions_and_title_come_from_the_record(game):
    out = Replay.from_record(game).to_html()
    caps = re.findall(r"<figcaption[^>]*>(.*?)</figcaption>", out)
    assert caps[0] == "ply 0: start"
    mover = "Black" if game["plies"] % 2 else "White"
    assert caps[-1].startswith(f"ply {game['plies']}: {mover} {game['moves'][-1]}, value ")
    assert caps[-1].endswith(f"{game['nodes'][-1]:,} nodes; result: {game['result']}")
    assert caps[2].startswith(f"ply 2: White {game['moves'][1]}, value ")
    assert f"Black 1 vs White 3, round 0, {game['rules']} reading" in out
    assert Replay.from_record(game)._repr_html_() == out


def test_positions_read_from_text_are_linked_like_the_played_ones(game):
    caps = [f"c{k}" for k in range(len(game["positions"]))]
    played = Replay.from_record(game, captions=caps, title="t").to_html()
    assert Replay(positions_of(game), captions=caps, title="t").to_html() == played  # last moves recovered
    played_positions = Replay.from_record(game).positions
    assert all(p.last_move is not None for p in played_positions[1:])
    unlinked = Replay(played_positions[::2], title="t")  # two plies apart: their last moves are not shown
    assert "#f4e04d" not in unlinked.to_html() and all(p.last_move is None for p in unlinked.positions)
    assert "#f4e04d" in played


def test_ids_are_deterministic_and_differ_between_games(games):
    a, b = (Replay.from_record(g).to_html() for g in games)
    assert a == Replay.from_record(games[0]).to_html()  # byte-identical on every render
    page = a + b
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == 2 and ids[0] != ids[1] and all(re.fullmatch(r"pawns-replay-[0-9a-f]{16}", i) for i in ids)
    for i, widget in zip(ids, (a, b), strict=True):
        assert widget.count(i) == 2 and page.count(i) == 2  # the widget's div and its own script only
    assert Replay.from_record(games[0], title="other").to_html() != a  # the id hashes the content


def test_captions_and_title_are_escaped(games):
    n = len(games[0]["positions"])
    caps = ["<b>x & y</b>"] + [f'"{k}"' for k in range(1, n)]
    out = Replay.from_record(games[0], captions=caps, title="<script>alert(1)</script>").to_html()
    assert "&lt;b&gt;x &amp; y&lt;/b&gt;" in out and "<b>x" not in out
    assert "&lt;script&gt;alert(1)" in out and out.count("<script>") == 1


def test_marks_are_drawn_in_their_colour_on_their_ply_only(game):
    pos = positions_of(game)
    k = next(k for k in range(1, len(pos)) if pos[k].side_to_move == "white" and len(pos[k].legal_moves()) >= 2)
    marked = pos[k].legal_moves()[:2]
    marks = [None] * len(pos)
    marks[k] = [str(marked[0]), marked[1]]
    out = Replay.from_record(game, marks=marks, mark_label="predicted <replies>").to_html()
    figs = figures(out)
    assert figs[k].count('class="mark"') == 2 and figs[k].count(f'stroke="{MARK_STROKE}"') == 3  # 2 arrows, legend
    assert f"<title>{marked[0]}</title>" in figs[k] and "predicted &lt;replies&gt;" in figs[k]
    assert sum(MARK_STROKE in f or 'class="mark"' in f or "pr-legend" in f for f in figs) == 1
    assert MARK_STROKE != STEP_STROKE and out.count('<svg xmlns="http://www.w3.org/2000/svg"') == len(pos)


def test_board_svg_marks_option_leaves_other_drawings_alone():
    start = Position.start()
    assert board_svg(start, marks=()) == board_svg(start)
    svg = board_svg(start, moves=True, marks=["base-2,6"], mark_colour="#123456")
    assert svg.count('class="move"') == 4 and svg.count('class="mark"') == 1 and 'fill="#123456"' in svg


def test_fallback_without_scripts_shows_every_board(game):
    out = Replay.from_record(game).to_html()
    assert '<div class="pr-boards" style="display:flex;flex-wrap:wrap">' in out
    assert all("display:none" not in f for f in figures(out))  # only the script hides boards
    assert re.search(r'class="pr-controls" style="display:none', out)  # controls only when the script runs


def test_no_external_resources(game):
    out = Replay.from_record(game).to_html()
    assert "http" not in out.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"\b(src|href)=", out) and "<link" not in out and "import(" not in out


def test_bad_input_is_a_clear_value_error(games):
    rec = games[0]
    pos = positions_of(rec)
    n = len(pos)
    with pytest.raises(ValueError, match="positions is empty"):
        Replay([])
    with pytest.raises(ValueError, match="record's positions is empty"):
        Replay.from_record({**rec, "positions": [], "moves": []})
    with pytest.raises(ValueError, match=rf"captions has {n - 1} entries.*{n} positions"):
        Replay(pos, captions=["x"] * (n - 1))
    with pytest.raises(ValueError, match=rf"marks has {n + 1} entries"):
        Replay.from_record(rec, marks=[None] * (n + 1))
    marks = [None] * n
    marks[3] = [pos[3].legal_moves()[0], "0,0-0,1"]  # the first is legal there
    with pytest.raises(ValueError, match=r"marks\[3\]: move 0,0-0,1 is not legal at ply 3"):
        Replay(pos, marks=marks)
    marks[3] = ["nonsense"]
    with pytest.raises(ValueError, match=r"marks\[3\]: bad move text"):
        Replay(pos, marks=marks)
    with pytest.raises(ValueError, match="positions mix rule readings.*'kalles'.*ply 1 by 'king'"):
        Replay([Position.start(), Position.from_text(pos[1].to_text(), rules="king")])
    with pytest.raises(ValueError, match=r"positions\[1\] must be a Position"):
        Replay([pos[0], pos[1].to_text()])
    with pytest.raises(ValueError, match="record has"):
        Replay.from_record({**rec, "moves": rec["moves"][:-1]})
    bad = list(rec["positions"])
    bad[2] = bad[4]
    with pytest.raises(ValueError, match="to ply 2 leads to"):
        Replay.from_record({**rec, "positions": bad})
    with pytest.raises(ValueError, match="to ply 1 cannot be played"):
        Replay.from_record({**rec, "moves": ["0,0-0,1", *rec["moves"][1:]]})


def test_the_widget_opens_at_the_ply_asked(game):
    last = len(game["positions"]) - 1
    page = Replay.from_record(game, start=5).to_html()
    assert 'data-start="5"' in page and 'value="5"' in page and f"ply 5 of {last}" in page
    assert Replay.from_record(game).to_html() != page  # another start is another widget (its id too)
    for bad in (-1, last + 1, 2.0, True):
        with pytest.raises(ValueError, match="start must be a ply of the game"):
            Replay.from_record(game, start=bad)
