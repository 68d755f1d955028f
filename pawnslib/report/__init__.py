"""Presentation: saved tables and figures, styles, verdict badges, game replays and the rendered site.

Modules: :mod:`~pawnslib.report.style` (one name and one colour per strategy set and per reading, one colour and
marker per Chapter 13 method, plain log ticks, tables as readers see them), :mod:`~pawnslib.report.plots`
(Chapter 13's figures from its saved tables), :mod:`~pawnslib.report.tables` (saving tables and figures),
:mod:`~pawnslib.report.verdicts` (the claims table's badges), :mod:`~pawnslib.report.replay` (a game replayed move
by move), :mod:`~pawnslib.report.annotate` (what a replay marks), :mod:`~pawnslib.report.book` (the results
site, built by Sphinx and MyST-NB), :mod:`~pawnslib.report.bookconf` (its configuration),
:mod:`~pawnslib.report.publish` (the built site put in place), :mod:`~pawnslib.report.timings_page` (which files
are timing data, and the site's page of them), :mod:`~pawnslib.report.tidy` (executed notebooks without run stamps)
and :mod:`~pawnslib.report.reproducible` (two results folders compared byte for byte, timing data apart).

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
    "tables": ("markdown_table", "save_figure", "save_table", "save_timing"),
    "verdicts": ("claims_html", "legend_html"),
    "replay": ("Replay",),
    "annotate": ("changed_move", "first_difference", "predicted_replies"),
    "book": ("Page", "build_site"),
})
