"""Presentation: saved tables and figures, styles, verdict badges, game replays and the rendered site.

Modules: :mod:`~pawnslib.report.tables`, :mod:`~pawnslib.report.style`, :mod:`~pawnslib.report.verdicts`,
:mod:`~pawnslib.report.replay`, :mod:`~pawnslib.report.annotate`, :mod:`~pawnslib.report.render` and
:mod:`~pawnslib.report.site`. Imports every layer below it.
"""
