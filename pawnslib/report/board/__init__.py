"""Play Pawns against the engine in JupyterLab (notebook 14), and watch it model you.

:class:`PlayBoard` (:mod:`~.widget`) is an anywidget view over :class:`~.controller.PlayController`, a controller with
no widget code that a test can drive by clicks: :mod:`~.settings` holds a game's settings and the engine's description,
:mod:`~.engine` builds the engine from Chapter 13's methods (:func:`pawnslib.experiments.chapter13.black_player`), and
:mod:`~.view` draws the board, the engine's panel and the belief bars.

Layer ``report``: it imports the layers below it; anywidget only in :mod:`~.widget`, imported on first use.
"""

from pawnslib import lazy_exports

lazy_exports(__name__, {"controller": ("PlayController",), "widget": ("PlayBoard",)})
