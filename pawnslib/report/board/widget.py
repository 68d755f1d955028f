"""Play Pawns against the engine in JupyterLab: :class:`PlayBoard`, a widget over :class:`~.controller.PlayController`.

The widget is an `anywidget <https://anywidget.dev>`_: a small ES module (:data:`ESM`, no build step, no network)
draws the controller's state and sends the person's actions back as messages (a click on a square of the board
itself, a move picked from the list or typed, new game, undo, save). Each message runs the controller, whose new
state the widget shows; whatever goes wrong becomes the widget's message, never a traceback. Where no widget can run
(a page rendered by nbconvert, a notebook opened without its kernel), the same board and panel show as plain HTML
(:meth:`PlayBoard.static_html`, part of its display data).

Why anywidget: a click lands on the board's own squares (the SVG carries one ``data-sq`` square per cell), which
ipywidgets' stock controls cannot do without a custom widget, and anywidget is the maintained way to write one
inline; it brings ipywidgets (and JupyterLab's widget manager) with it.

Layer ``report``; it imports ``config``, :mod:`~pawnslib.experiments.params` (the repository's results folder) and
the other ``play*`` modules of ``report``.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, RunSettings
from pawnslib.experiments.params import REPOSITORY
from pawnslib.report.board import view
from pawnslib.report.board.controller import GameSettings, PlayController
from pawnslib.report.board.engine import chapter13_engines
from pawnslib.report.board.settings import PLAY_COLOUR, PLAY_METHOD, PLAY_RECORDS, PLAY_STRATEGY

ESM = r"""
const FIELDS = [["colour", "you play"], ["rules", "reading"], ["strategy_set", "set"], ["strategy", "strategy"],
                ["method", "method"], ["depth", "depth"]];

function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") { e.className = v; } else { e.setAttribute(k, v); }
  }
  e.append(...kids);
  return e;
}

function fill(select, values, value) {  // a value, or a [value, label] pair
  select.replaceChildren(...values.map((v) => Array.isArray(v) ? h("option", {value: String(v[0])}, String(v[1]))
                                                               : h("option", {value: String(v)}, String(v))));
  select.value = String(value);
}

export default {
  render({ model, el }) {
    const selects = {}, bar = h("div", {class: "pp-controls"});
    for (const [name, label] of FIELDS) {
      selects[name] = h("select", {"data-field": name});
      bar.append(h("label", {}, label + " ", selects[name]));
    }
    const seed = h("input", {type: "number", min: "0", class: "pp-seed", "data-field": "seed"});
    const newGame = h("button", {type: "button", class: "pp-new"}, "New game");
    const undo = h("button", {type: "button", class: "pp-undo"}, "Undo");
    const save = h("button", {type: "button", class: "pp-save"}, "Save game");
    bar.append(h("label", {}, "seed ", seed), newGame, undo, save);
    const message = h("div", {class: "pp-message"}), board = h("div", {class: "pp-board"});
    const panel = h("div", {class: "pp-side"});
    const list = h("select", {class: "pp-list"}), playListed = h("button", {type: "button"}, "Play");
    const typed = h("input", {type: "text", class: "pp-text", placeholder: "or type one, e.g. 5,1-4,1"});
    const playTyped = h("button", {type: "button"}, "Play typed");
    const moves = h("div", {class: "pp-moves"}, "Your move: ", list, playListed, typed, playTyped);
    el.append(h("div", {class: "pawns-play"}, bar, message, h("div", {class: "pp-main"}, board, panel), moves));

    let shown = "";
    function draw() {
      const s = model.get("state");
      const key = JSON.stringify(s.settings);
      if (key !== shown) {  // a new game: the controls show its settings
        shown = key;
        for (const [name] of FIELDS) { fill(selects[name], s.options[name], s.settings[name]); }
        seed.value = String(s.settings.seed);
        typed.value = "";
      }
      board.innerHTML = s.board;
      panel.innerHTML = s.panel;
      message.textContent = s.message;
      message.className = "pp-message" + (s.error ? " pp-error" : "");
      fill(list, s.legal, s.legal.length ? s.legal[0] : "");
      for (const c of [list, playListed, typed, playTyped]) { c.disabled = !s.your_turn; }
      undo.disabled = !s.can_undo;
      save.disabled = !s.can_save;
    }
    const send = (msg) => model.send(msg);
    board.addEventListener("click", (e) => {
      const square = e.target.closest("[data-sq]");
      if (square) { send({action: "click", square: square.getAttribute("data-sq")}); }
    });
    newGame.addEventListener("click", () => {
      const settings = {seed: seed.value};
      for (const [name] of FIELDS) { settings[name] = selects[name].value; }
      send({action: "new", settings});
    });
    undo.addEventListener("click", () => send({action: "undo"}));
    save.addEventListener("click", () => send({action: "save"}));
    playListed.addEventListener("click", () => send({action: "play", move: list.value}));
    playTyped.addEventListener("click", () => send({action: "play", move: typed.value}));
    typed.addEventListener("keydown", (e) => { if (e.key === "Enter") { send({action: "play", move: typed.value}); } });
    model.on("change:state", draw);
    draw();
    return () => model.off("change:state", draw);
  },
};
"""

CSS = """
.pawns-play { font-family: sans-serif; font-size: 13px; }
.pawns-play .pp-controls, .pawns-play .pp-moves { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.pawns-play .pp-main { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.pawns-play .pp-side { max-width: 420px; }
.pawns-play .pp-side h4 { margin: 8px 0 2px; }
.pawns-play .pp-message { min-height: 1.4em; margin: 6px 0; }
.pawns-play .pp-error { color: #c0392b; font-weight: bold; }
.pawns-play .pp-seed { width: 6em; }
.pawns-play .pp-moves { margin-top: 6px; }
"""

INTEGERS = ("strategy", "depth", "seed")  # the settings a view sends as text


def _settings(raw) -> dict:
    """A view's new-game settings, integers as integers (what is not one stays text, for the controller to refuse)."""
    if not isinstance(raw, dict):
        return {}
    return {key: int(v) if key in INTEGERS and isinstance(v, str) and v.strip().lstrip("-").isdigit() else v
            for key, v in raw.items()}


class PlayBoard(anywidget.AnyWidget):
    """A board to play Pawns against the engine in JupyterLab, showing what the engine thinks of you.

    Args:
        results: the results folder whose strategy sets, opponent models and training games the engine reads
            (default: the repository's ``results/``).
        colour: the colour you play, ``"white"`` or ``"black"``.
        rules: the reading of the rules.
        strategy_set: the engine's set, ``"thesis"`` or ``"harmony"``.
        strategy: the engine's strategy id in the set.
        method: the engine's Chapter 13 method as Black (``plain6``, ``plain8``, ``one-hist``, ``prom-uniform``,
            ...); as White it plays ``plain6`` or ``plain8``.
        depth: the engine's search depth.
        seed: the seed of the engine's searches (ply t: ``derive_seed(seed, t)``, as a tournament's game).
        noise: the tie-breaking scheme the engine searches by (``config.NOISES``).
        records: where "Save game" appends finished games (default: ``<results>/play/games.jsonl``).
        run: the run whose opponent models (and training games) the engine reads: its seed, reading, depth, noise
            and training rounds must be those the models were trained with (default: the reproduction's).
        size: a square's side in pixels.

    Raises:
        ValueError: a colour, reading, depth or seed that is not one (an engine that cannot be built, e.g. a model
            file missing, starts ``plain6`` instead and says why).
    """

    _esm = ESM
    _css = CSS
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, *, results: str | Path | None = None, colour: str = PLAY_COLOUR,
                 rules: str = config.RULES, strategy_set: str = config.COMPARISON_SET,
                 strategy: int = PLAY_STRATEGY, method: str = PLAY_METHOD, depth: int = config.DEPTH,
                 seed: int = config.SEED, noise: str = config.NOISE, records: str | Path | None = None,
                 run: RunSettings = DEFAULT_SETTINGS, size: int = view.CELL):
        results = REPOSITORY / config.COMMITTED_RESULTS if results is None else Path(results)
        settings = GameSettings(colour=colour, rules=rules, strategy_set=strategy_set, strategy=strategy,
                                method=method, depth=depth, seed=seed, noise=noise)
        self.controller = PlayController(chapter13_engines(results, run=run), settings, size=size,
                                         records=results / PLAY_RECORDS if records is None else records)
        super().__init__(state=self.controller.state())
        self.on_msg(self._on_message)

    def _on_message(self, _widget, content, _buffers) -> None:
        """A view's action: run the controller, show its state; an error becomes the message."""
        if not isinstance(content, dict) or "action" not in content:
            return  # not one of the board's messages
        c, action = self.controller, content["action"]
        actions = {"click": lambda: c.click(content.get("square")), "play": lambda: c.play(content.get("move", "")),
                   "undo": c.undo, "save": c.save, "new": lambda: c.new_game(**_settings(content.get("settings")))}
        try:
            # str(): an action sent as a JSON list or object is unhashable, and unknown all the same
            actions.get(str(action), lambda: c.say(f"Unknown action {action!r}.", error=True))()
        except Exception as e:  # the widget shows no traceback: what went wrong is its message
            c.say(f"Something went wrong: {type(e).__name__}: {e}", error=True)
        self.state = c.state()

    # --- the same actions from code (they return the new state, as the controller's do) ----------------------------
    def _show(self, state: dict) -> dict:
        self.state = state
        return state

    def click(self, square) -> dict:
        """A click on ``square``, ``"r,c"``."""
        return self._show(self.controller.click(square))

    def play(self, move: str) -> dict:
        """Play your move, typed: ``"5,1-4,1"``, ``"base-5,2"``."""
        return self._show(self.controller.play(move))

    def undo(self) -> dict:
        """Take back your last move and the engine's reply."""
        return self._show(self.controller.undo())

    def new_game(self, **changes) -> dict:
        """A new game with changed settings (``colour``, ``rules``, ``strategy_set``, ``strategy``, ``method``,
        ``depth``, ``seed``)."""
        return self._show(self.controller.new_game(**changes))

    def save(self, path: str | Path | None = None) -> dict:
        """Append the finished game's record to ``path`` (default: the board's ``records``)."""
        return self._show(self.controller.save(path))

    def static_html(self, *, note: str = view.LIVE_NOTE) -> str:
        """The board and the engine's mind as plain HTML, with ``note`` (a page without a kernel shows this)."""
        return view.static_html(self.controller, note=note)

    def __repr__(self) -> str:
        return f"PlayBoard(you play {self.controller.settings.colour} against {self.controller.engine_name})"

    def _repr_mimebundle_(self, **kwargs):
        """The widget, and :meth:`static_html` for whatever cannot show it."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.static_html()}, meta


__all__ = ["CSS", "ESM", "PlayBoard"]
