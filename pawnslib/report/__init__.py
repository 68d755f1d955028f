"""Presentation: saved tables and figures, styles, verdict badges, game replays and the rendered site.

Each module's docstring says what it holds: :mod:`~pawnslib.report.style`, :mod:`~pawnslib.report.plots`,
:mod:`~pawnslib.report.tables`, :mod:`~pawnslib.report.verdicts`, :mod:`~pawnslib.report.replay`,
:mod:`~pawnslib.report.annotate`, :mod:`~pawnslib.report.book` (the results site) and the modules it uses,
:mod:`~pawnslib.report.tidy`, :mod:`~pawnslib.report.reproducible`, :mod:`~pawnslib.report.board` (notebook 14's
board), among others.

Layer ``report``, the top one: it may import every layer; no layer imports it (the command line and the notebooks
do). The names in ``__all__`` are re-exported lazily (a module ``__getattr__``): ``from pawnslib.report import
Replay`` imports :mod:`~pawnslib.report.replay` alone, and importing one report module imports none of the
others, since this file runs whenever any of them is imported. Eager re-exports would make
``python -m pawnslib site`` load the engine (annotate, verdicts) and a notebook that only styles tables load
Sphinx (book).
"""

from pawnslib import lazy_exports

lazy_exports(__name__, {
    "style": ("METHOD_STYLES", "READING_COLOURS", "SET_COLOURS", "THESIS_COLOUR", "escape_markdown", "log_ticks",
              "method_style", "number", "plain_ticks", "reading_label", "set_label", "short_p", "show", "use"),
    "plots": ("forest", "max_pr_sweep", "strength_cost"),
    "tables": ("markdown_table", "read_table", "save_figure", "save_table", "save_timing"),
    "verdicts": ("claims_html", "legend_html"),
    "replay": ("Replay",),
    "annotate": ("changed_move", "first_difference", "predicted_replies"),
    "book": ("Page", "build_site"),
})
