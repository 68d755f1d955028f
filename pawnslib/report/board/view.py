"""What notebook 14's board shows of a :class:`~.controller.PlayController`, as JSON values and HTML (no widget here).

:func:`state_of` is the controller's ``state()``: the board (:func:`board_of`: the last move highlighted, the replies
the engine calls likely as purple arrows, the selected piece and its targets in green, and one transparent square per
cell carrying ``data-sq="r,c"`` for clicks), the panel of the engine's mind beside it (:func:`panel_html`), the
message, the result and the choices a view offers. :func:`static_html` is the board and panel without a kernel.

Layer ``report``; it imports ``config``, ``game`` and the engine's method labels (:func:`~.engine.menu_label`); the
controller hands itself in, and is not imported.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any

from pawnslib import config
from pawnslib.config import READINGS
from pawnslib.experiments.chapter13 import METHODS
from pawnslib.game.draw import CELL, MARGIN, MARK_STROKE, board_svg
from pawnslib.game.rules import BASE_SQUARES
from pawnslib.report.board.engine import menu_label

PlayController = Any  # a pawnslib.report.board.controller.PlayController (which imports this module, so not named here)

SELECT_STROKE = "#2a9d4f"  # the selected piece's outline and its targets' dots
BAR_FILL = "#8e44ad"  # the belief bars, in the likely replies' colour
PE, PR = "<i>P</i>(<i>e</i>)", "<i>pr</i>"  # the thesis's symbols, set as formulas are (the widget has no MathJax)
LIVE_NOTE = "The board is live in JupyterLab (make lab): open notebooks/14_play.ipynb there to play."


def parse_square(square) -> tuple[int, int]:
    """``"r,c"``, ``(r, c)`` or ``[r, c]`` as a square; ValueError naming the rule otherwise."""
    try:
        parts = square.split(",") if isinstance(square, str) else list(square)
        r, c = (int(str(x).strip()) for x in parts)
        if not (0 <= r < 8 and 0 <= c < 8) or isinstance(square, bool):
            raise ValueError
    except (TypeError, ValueError):
        raise ValueError(f"a square is 'r,c' with row and column from 0 to 7, got {square!r}") from None
    return r, c


def result_text(result: str, colour: str) -> str:
    """A finished game's result as the person (playing ``colour``) reads it."""
    if result == "draw":
        return "A draw"
    return "You win" if result == colour else "The engine wins"


def _overlay(c: PlayController, size: int) -> list[str]:
    """The selected piece (or base) outlined, its targets dotted, and the click squares over everything."""
    selected = [] if c.selected is None else BASE_SQUARES[c.person_side] if c.selected == "base" else [c.selected]
    out = [f'<rect class="selected" x="{MARGIN + col * size + 2}" y="{MARGIN + r * size + 2}" width="{size - 4}" '
           f'height="{size - 4}" fill="none" stroke="{SELECT_STROKE}" stroke-width="3"/>' for r, col in selected]
    out += [f'<circle class="target" cx="{MARGIN + col * size + size / 2}" cy="{MARGIN + r * size + size / 2}" '
            f'r="{size * 0.17}" fill="{SELECT_STROKE}" opacity="0.8"/>' for r, col in c.targets()]
    if c.persons_turn():
        out += [f'<rect class="sq" data-sq="{r},{col}" x="{MARGIN + col * size}" y="{MARGIN + r * size}" '
                f'width="{size}" height="{size}" fill="#000" fill-opacity="0" style="cursor:pointer">'
                f'<title>{r},{col}</title></rect>' for r in range(8) for col in range(8)]
    return out


def board_of(c: PlayController) -> str:
    """The board's SVG: the position, the likely replies (purple), the selection and the click squares."""
    before = c.game.history[-2] if len(c.game.history) > 1 else None
    svg = board_svg(c.position, size=c.size, before=before, marks=[m for m, _ in c.likely() or []])
    return svg[: -len("</svg>")] + "".join(_overlay(c, c.size)) + "</svg>"


def belief_svg(belief: list[tuple[int, float]], *, width: int = 220) -> str:
    """A recogniser's belief in each strategy as horizontal bars, one per strategy id, the most probable in bold."""
    row, label, top = 18, 70, max(p for _, p in belief)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{row * len(belief) + 4}" '
           'font-family="sans-serif" font-size="11" class="belief">']
    for k, (sid, p) in enumerate(belief):
        y, w = 2 + k * row, (width - label - 40) * p
        weight = ' font-weight="bold"' if p == top else ""
        out.append(f'<text x="0" y="{y + 12}"{weight}>strategy {sid}</text>'
                   f'<rect x="{label}" y="{y + 2}" width="{w:.1f}" height="{row - 6}" fill="{BAR_FILL}"/>'
                   f'<text x="{label + w + 4:.1f}" y="{y + 12}"{weight}>{p:.2f}</text>')
    return "".join(out) + "</svg>"


def _rule(c: PlayController) -> str:
    """The engine's rule for a likely reply, in words."""
    rule = getattr(c.player, "mostlikely", "seen_before")
    if isinstance(rule, tuple):
        return f"its {PR} is below MAX_PR = {rule[1]:.4f}"
    return f"its {PR} (its rank by {PE} among your replies) is one you have played before in this game"


def _likely_html(c: PlayController) -> str:
    """The panel's section on the replies the engine's model calls likely now."""
    likely = c.likely()
    if likely is None and c.persons_turn():
        return (f"<p>The engine's method, {html.escape(c.method_name)}, does not predict your replies: only the "
                "asymmetric tree's methods do (one-hist, two-hist, one-thr, two-thr, random, one-hist-game).</p>")
    if likely is None:
        return "<p>&mdash;</p>"
    if not likely:
        return f"<p>None: no reply of yours is likely here (a reply is likely when {_rule(c)}).</p>"
    items = ", ".join(f"<b>{m}</b> ({PR} {pr.numerator}/{pr.denominator})" for m, pr in likely)
    return (f'<p>Marked on the board in <span style="color:{MARK_STROKE}">purple</span>: {items}. A reply is likely '
            f"when {_rule(c)}.</p>")


def _last_html(c: PlayController) -> str:
    """The panel's section on the person's last move: was it predicted, and its pr."""
    views = c.game.views
    if not views:
        return "<p>&mdash;</p>"
    v = views[-1]
    if "likely" not in v:
        return f"<p><b>{v['move']}</b>: not scored (the engine's method predicts no replies).</p>"
    n_likely = len(v["likely"])
    if v["predicted"] is None:
        text = f"<b>{v['move']}</b>: the model had no prediction."
    else:
        which = ("the only reply the model called likely" if n_likely == 1
                 else f"one of the {n_likely} replies the model called likely")
        text = f"<b>{v['move']}</b> was {'' if v['predicted'] else '<i>not</i> '}{which}."
    if "pr" in v:
        count, n = v["pr"]
        text += (f" Its pessimistic ratio: <b>{count}/{n}</b> ({count} of your {n} replies were at least as "
                 f"likely by {PE}; 1/<i>n</i> is the model's single favourite).")
    made = [w for w in views if w.get("predicted") is not None]
    right = sum(w["predicted"] for w in made)
    return f"<p>{text}</p><p>Predictions so far: {len(made)} made, {right} right.</p>"


def _belief_html(c: PlayController) -> str:
    """The panel's section on which strategy the person (White) plays like: the bars and one sentence."""
    belief = c.belief()
    if belief is None:
        return "<p>No recogniser of White: see the notes.</p>"
    sid, p = max(belief, key=lambda b: b[1])
    if not c.game.views:
        said = "Before your first move every strategy is equally likely."
    else:
        said = (f"After your {len(c.game.views)} move{'s' if len(c.game.views) != 1 else ''}, you play most like "
                f"<b>strategy {sid}</b> (probability {p:.2f}).")
    return (f"{belief_svg(belief)}<p>{said} The engine's recogniser weighs each of your moves among your legal "
            "replies by how likely each strategy was to play it (the learned choice model).</p>")


def panel_html(c: PlayController) -> str:
    """The engine's mind beside the board: as White, the likely replies, the last move's pr and the belief bars; as
    Black, that nothing models the person; and notes."""
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in c.engine.notes)
    result = c.position.result
    banner = (f'<p class="pp-result"><b>{result_text(result, c.settings.colour)}</b> '
              f"({result} after {c.position.ply} plies).</p>") if result else ""
    white = c.settings.colour == "white"  # only White is modelled: the likely replies and the bars are White's
    purple = f' <span style="color:{MARK_STROKE}">Purple</span> arrows: your replies the model calls likely.'
    legend = (f'<p class="pp-legend" style="color:#666;font-size:smaller">Yellow: the last move. '
              f'<span style="color:{SELECT_STROKE}">Green</span>: your selected piece and where it can go.'
              f'{purple if white else ""}</p>')
    if white:
        mind = (f"{_heading('Your replies the model calls likely')}{_likely_html(c)}"
                f"{_heading('Your last move')}{_last_html(c)}"
                f"{_heading('Which strategy you play like')}{_belief_html(c)}")
    else:
        mind = (f"{_heading('What the engine models')}<p>Nothing of yours: you play Black, and White's engine plays "
                "plain alpha-beta, as in every tournament. Only White's strategy is ever modelled.</p>")
    return (f'<div class="pp-panel">{banner}<p class="pp-engine">Engine: {html.escape(c.engine_name)}</p>{legend}'
            f"{mind}" + (f"{_heading('Notes')}<ul>{notes}</ul>" if notes else "") + "</div>")


def state_of(c: PlayController) -> dict:
    """The controller's state: JSON values only (see the module's docstring)."""
    pos, likely, belief = c.position, c.likely(), c.belief()
    return {
        "board": board_of(c), "panel": panel_html(c), "message": c.message, "error": c.error,
        "result": pos.result, "result_text": result_text(pos.result, c.settings.colour) if pos.result else None,
        "settings": dataclasses.asdict(c.settings), "engine": c.engine_name, "your_turn": c.persons_turn(),
        "to_move": pos.side_to_move, "ply": pos.ply,
        "selected": None if c.selected is None else "base" if c.selected == "base" else "{},{}".format(*c.selected),
        "targets": [f"{r},{col}" for r, col in c.targets()],
        "legal": [str(m) for m in pos.legal_moves()] if c.persons_turn() else [],
        "likely": None if likely is None else [str(m) for m, _ in likely],
        "last_view": c.game.views[-1] if c.game.views else None,
        "belief": None if belief is None else [[i, p] for i, p in belief],
        "moves": list(c.game.moves), "can_undo": bool(c.game.views), "can_save": pos.result is not None,
        "notes": list(c.engine.notes),
        "options": {"colour": ["white", "black"], "rules": list(READINGS), "strategy_set": list(config.SETS),
                    "strategy": list(range(1, config.N_STRATEGIES + 1)),
                    "method": [[m, menu_label(m)] for m in METHODS], "depth": list(range(1, 11))},
    }


def _heading(text: str) -> str:
    """A panel heading: bold text, not an HTML heading, so that a page's theme neither enlarges it nor lists it in the
    page's outline."""
    return f'<div style="font-weight:bold;margin:0.8em 0 0.3em">{text}</div>'


def static_html(c: PlayController, *, note: str = LIVE_NOTE) -> str:
    """The board and the panel side by side as plain HTML (no kernel, no script), with ``note`` above them."""
    return (f'<div class="pawns-play-static" style="font-family:sans-serif">'
            f'<p style="font-style:italic">{html.escape(note)}</p>'
            f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">'
            f"<div>{board_of(c)}</div><div style=\"max-width:420px\">{panel_html(c)}</div></div></div>")


__all__ = ["CELL", "LIVE_NOTE", "belief_svg", "board_of", "panel_html", "parse_square", "result_text", "state_of",
           "static_html"]
