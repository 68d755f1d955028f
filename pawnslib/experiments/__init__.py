"""The experiments: the reproduction's steps, the thesis's figures and claims, and Chapter 13's comparison.

Modules, in the order they build on each other (each says what it holds): the thesis's numbers and verdict rules
(:mod:`~.thesis`), the statistics (:mod:`~.stats`, :mod:`~.paired`) and the notebooks' parameter checks
(:mod:`~.params`); the steps ``make reproduce`` runs (:mod:`~.pipeline`, each taking the run's settings as one
:class:`~pawnslib.config.RunSettings`); the opponent model's view (:mod:`~.recognition`, :mod:`~.prediction`,
:mod:`~.ceiling`) and the game's (:mod:`~.branching`); Chapter 13's comparison (:mod:`~.costs`, :mod:`~.maxpr`,
:mod:`~.chapter13`, :mod:`~.predictability`, :mod:`~.chapter13_verdicts`); and the claims (:mod:`~.cells` and
:mod:`~.support` at the thesis's own evidence, :mod:`~.claims`, :mod:`~.evidence`, :mod:`~.rulesfit`).

Layer ``experiments``: it may import every layer below it (game, search, dbn, guided, play) and ``config``;
``report`` and the command line import it. The names in ``__all__`` are re-exported lazily (a module
``__getattr__``, as :mod:`pawnslib.report` does): ``from pawnslib.experiments import set_tournament`` imports
:mod:`~pawnslib.experiments.pipeline` alone, and importing one experiment imports no other through this file.
"""

from pawnslib import lazy_exports

lazy_exports(__name__, {
    "pipeline": ("find_strategies", "opponent_model", "set_tournament", "strategy_set", "train_model"),
    "chapter13": ("Comparison", "black_player", "compare", "foresight_contrasts", "method_games"),
    "predictability": ("map_runs", "map_table", "oracle_loss"),
    "chapter13_verdicts": ("decisions",),
    "claims": ("ReadingClaims", "reading_claims"),
    "evidence": ("claim_verdict", "evidence_lines", "judge"),
    "rulesfit": ("RulesFit", "rules_fit"),
    "maxpr": ("max_pr", "threshold_sweep"),
    "costs": ("compare_with_plain", "time_methods"),
    "recognition": ("recognition_accuracy", "recognition_trace"),
    "prediction": ("score_replies",),
    "ceiling": ("perfect_accuracy",),
    "paired": ("method_summary", "pairing_summary", "scores_frame", "subset_test"),
    "stats": ("pairing_counts", "wilson"),
    "params": ("check_parameters",),
})
