"""The experiments: the reproduction's steps, the thesis's figures and claims, and Chapter 13's comparison.

Modules, in the order they build on each other:

* :mod:`~pawnslib.experiments.thesis`: the thesis's own numbers and the verdict rules (``ALPHA``, ...);
  :mod:`~pawnslib.experiments.stats`: win rates, pairing counts, search and prediction summaries;
  :mod:`~pawnslib.experiments.paired`: the paired tournament's statistics; :mod:`~pawnslib.experiments.params`:
  the notebooks' parameter checks.
* :mod:`~pawnslib.experiments.pipeline`: the steps ``make reproduce`` runs (Harmony*, tournaments, the opponent
  model), each taking the run's settings as one :class:`~pawnslib.config.RunSettings`.
* :mod:`~pawnslib.experiments.recognition` (recognising White's strategy with the model),
  :mod:`~pawnslib.experiments.prediction` (the model's view of White's replies),
  :mod:`~pawnslib.experiments.ceiling` (the perfect-knowledge recogniser) and
  :mod:`~pawnslib.experiments.branching` (legal moves per position).
* :mod:`~pawnslib.experiments.costs` (what a search costs, back to back), :mod:`~pawnslib.experiments.maxpr`
  (the threshold rule's MAX_PR), :mod:`~pawnslib.experiments.chapter13` (Chapter 13's paired comparison),
  :mod:`~pawnslib.experiments.predictability` (where prediction pays: the methods against a White more or less
  predictable, at two depths, and the oracle's loss taken apart) and :mod:`~pawnslib.experiments.chapter13_words`
  (their verdicts in words).
* :mod:`~pawnslib.experiments.cells` and :mod:`~pawnslib.experiments.support` (the thesis's tables and claims at
  its own evidence: 3 effective games a cell), :mod:`~pawnslib.experiments.claims` (every claim of the report, one
  reading at a time), :mod:`~pawnslib.experiments.evidence` (the readings and sets as lines of evidence under each
  claim, one verdict a claim) and :mod:`~pawnslib.experiments.rulesfit` (which reading the thesis's own figures and
  tables fit).

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
    "chapter13_words": ("verdict_text",),
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
