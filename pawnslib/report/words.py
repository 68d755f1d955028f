"""Every sentence the findings say, as a Jinja2 template of records: one template per kind of finding.

A template only formats: each decision (a verdict, which method is best, whether a gain is beyond noise) arrives
decided, in the record it renders, so a sentence cannot contradict its table. The filters format numbers one way
everywhere: :func:`points` (a difference of shares, signed, in points), :func:`percent`, :func:`count`.

Layer ``report``: it imports Jinja2, and :mod:`~pawnslib.experiments.records` for the numbers a line holds.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

import jinja2

from pawnslib.experiments.records import NUMBERS


def points(x: float) -> str:
    """A difference of two shares in points (hundredths), signed, one decimal: 0.0965 -> "+9.7"; one that rounds to
    zero is "0.0", whichever side of zero it lies."""
    text = f"{100 * x:+.1f}"
    return "0.0" if float(text) == 0 else text.replace("-", "−")


def percent(x: float) -> str:
    """A share as a whole percentage: 0.361 -> "36 %"."""
    return f"{100 * x:.0f} %"


def count(n: float) -> str:
    """A whole count with thousands separated: 25600 -> "25,600"."""
    return f"{int(n):,}"


def interval(lo: float, hi: float) -> str:
    """A signed interval in points: "(+7.4 to +11.9)"."""
    return f"({points(lo)} to {points(hi)})"


P_SMALL = 1e-4  # a p below this is written "< 0.0001": its digits say nothing more (the t-test's p is exact)


def holm_value(p_holm: float) -> str:
    """A Holm-corrected p, two digits ("0.012"), or "< 0.0001" below :data:`P_SMALL`."""
    return f"< {P_SMALL:g}" if p_holm < P_SMALL else f"{p_holm:.2g}"


# How a sentence says a label decided elsewhere (experiments.chapter13_verdicts): a comparison ("<method> is <words>
# <baseline>"), whether matching White's depth removes OM search's loss, whether recognition pays, and White's
# tie-breaking level.
COMPARISON_WORDS = {"better": "better than", "worse": "worse than", "not distinguishable": "not distinguishable from",
                    "not distinguishable once corrected": "not distinguishable (once Holm-corrected) from"}
MATCHING_WORDS = {
    "no loss": "OM search loses nothing beyond noise there, so matching has no loss to remove",
    "not removed": "Matching White's depth **does not remove** OM search's loss there",
    "reduced": "Matching White's depth **reduces but does not remove** OM search's loss there",
    "removed": "Matching White's depth **removes** OM search's loss there"}
RECOGNITION_WORDS = {"pays": "**Yes, it pays**", "loses": "**No, it loses to recognising no one**",
                     "not measurable": "**No gain from recognition is measurable** at this power"}
CHANCE_WORDS = {"above": "above chance", "below": "below chance", "within": "not distinguishable from chance"}
NOISE_WORDS = {"none": "breaking no tie by noise", "half": "breaking ties by noise in half its searches",
               "thesis": "breaking ties by the thesis's noise"}
PAY_NOISE = {"none": ", noise-free", "half": ", half noisy", "thesis": ""}  # White's tie-breaking in the pay answer

# Pieces of Chapter 13's sentences, shared by its templates. A record ``r`` is a contrast's row (method, against,
# games, diff, diff_lo, diff_hi, p_holm) with its decided ``label``.
MACROS = (
    "{% macro change(r, unit='score points') %}{{ r.diff | points }} {{ unit }} {{ interval(r.diff_lo, r.diff_hi) }}"
    "{% endmacro %}"
    "{% macro holm(r, group) %}p (Holm {{ group }}) {{ '' if r.p_holm < P_SMALL else '= ' }}"
    "{{ holm_value(r.p_holm) }}{% endmacro %}"
    "{% macro figure(r, group) %}{{ r.diff | points }} score points ({{ r.diff_lo | points }} to "
    "{{ r.diff_hi | points }}; {{ r.games }} paired games, {{ holm(r, group) }}){% endmacro %}"
    "{% macro said(r, group) %}{{ COMPARISON_WORDS[r.label] }} `{{ r.against }}`: {{ figure(r, group) }}{% endmacro %}"
    "{% macro beyond(r, group) %}`{{ r.method }}` is {{ COMPARISON_WORDS[r.label] }} `plain6` ({{ change(r) }}, "
    "{{ holm(r, group) }}){% endmacro %}")


TEMPLATES = {
    # The answers: one sentence each (at most 40 words), its number in it; the conditions that bound it in a few words.
    "answer.reproduce": (
        "**Does the thesis reproduce? {{ word | capitalize }}.** Of its {{ claims }} claims: "
        "{{ counts['reproduced'] }} reproduced, {{ counts['not reproduced'] }} not reproduced, {{ counts['mixed'] }} "
        "mixed, {{ counts['inconclusive'] }} inconclusive, {{ counts['untestable'] }} untestable; {{ ours }} "
        "findings of ours counted apart. [The claims]({{ link }})"),
    # The pay answer: both sides (where modelling White loses and gains beyond noise, whose gain it is, plain8's, the
    # smallest change detectable) in one sentence; every row and interval in "answer.pays.details", on the page.
    "answer.pays": (
        "**Does predicting White pay? {% if pays %}Yes{% elif cell %}Where White is predictable{% else %}No"
        "{% endif %}.** {% set s = sides %}{% if s.losses %}Against a depth-{{ s.loss_depths | join('/') }} White, "
        "modelling loses beyond noise {{ s.losses | length }} times (worst `{{ s.losses[0].method }}` "
        "{{ s.losses[0].diff | points }}){% else %}No modelling of White loses beyond noise{% endif %}; "
        "{% if s.gain %}`{{ s.gain.method }}` {{ s.gain.diff | points }}{% if s.gain.label != 'better' %} "
        "uncorrected{% endif %} (depth-{{ s.gain.depth }} White{{ PAY_NOISE[s.gain.noise] }})"
        "{% if s.recognition %}, {{ \"recognition's\" if s.recognition.comes_from == 'recognition' else "
        "\"PrOM search's, not recognition's\" }} ({{ s.recognition.diff | points }} over `prom-uniform`)"
        "{% endif %}{% else %}no gain{% endif %}; "
        "`plain8` {{ deeper_diff | points }}{% if s.detectable_map or s.detectable %}; detectable "
        "{{ ((s.detectable_map or s.detectable).effect * 100) | round(1) }} points{% endif %}. "
        "[Chapter 13]({{ link }})"),
    "answer.pays.details": (
        "{% set s = sides %}{% macro row(r) %}`{{ r.method }}` {{ r.diff | points }} {{ interval(r.lo, r.hi) }}, "
        "{{ 'Chapter 13' if r.source == 'ch13' else 'map' }}, White depth {{ r.depth }}{{ PAY_NOISE[r.noise] }}"
        "{% endmacro %}"
        "Modelling White, against `plain6` in score points (intervals simultaneous over each family: Chapter 13's "
        "methods, the map's methods that model White; Holm p below 0.05): "
        "{% if s.losses %}loses beyond noise: {% for r in s.losses %}{{ row(r) }}{{ '; ' if not loop.last }}"
        "{% endfor %}{% else %}loses nothing beyond noise{% endif %}. "
        "{% if s.gains %}Gains beyond noise: {% for r in s.gains %}{{ row(r) }}{{ '; ' if not loop.last }}{% endfor %}."
        "{% else %}Gains nothing beyond noise{% if s.uncorrected %}; before the correction (own p below 0.05): "
        "{% for r in s.uncorrected %}{{ row(r) }}{{ '; ' if not loop.last }}{% endfor %}{% endif %}.{% endif %}"
        "{% if s.recognition %} In that cell `prom-learned` against `prom-uniform` (recognising White against "
        "recognising no one) is {{ s.recognition.diff | points }} {{ interval(s.recognition.lo, s.recognition.hi) }} "
        "(95 %): the gain is {{ 'recognition' if s.recognition.comes_from == 'recognition' else 'PrOM search' }}'s"
        "{{ '' if s.recognition.comes_from == 'recognition' else \", not recognition's\" }}.{% endif %}"
        "{% if s.deeper %} `plain8` gains {{ s.deeper.diff | points }} {{ interval(s.deeper.lo, s.deeper.hi) }} in "
        "Chapter 13 (95 %, the yardstick, outside the families){% if s.deeper_map %} and "
        "{{ s.deeper_map.lo | points }} to {{ s.deeper_map.hi | points }} over the map's cells{% endif %}.{% endif %}"
        "{% for name, d in (('Chapter 13', s.detectable), ('the map', s.detectable_map)) if d %} At 80 % power "
        "{{ name }} detects a change of {{ (100 * d.effect) | round(1) }} points after Holm over its {{ d.k }} "
        "comparisons "
        "(typical standard error {{ (100 * d.se) | round(1) }}).{% endfor %}"),
    "answer.rules": (
        "**Which rules did the thesis play?** {% if settled %}The {{ reading }} reading, the only one that fits its "
        "outcome tables{% elif fitting %}Not settled: only the {{ fitting | join(' and ') }} reading fits its outcome "
        "tables{% else %}Not settled: neither reading fits its outcome tables{% endif %}; of the {{ statistics }} "
        "figures the rules move, {{ inside }} lie in a reading's interval{% for r, n in nearer.items() %}, {{ n }} "
        "nearer the {{ r }} reading's{% endfor %}. [The rules compared]({{ link }})"),
    # The rules fit's conclusion (notebook 12): each reading's intervals, which lies nearer, which fits the tables.
    "rules.conclusion": (
        "Of the figures the rules move, {% for r in readings %}the {{ r }} reading's intervals contain "
        "{{ (contained[r] | join(', ')) or 'none' }}{{ '; ' if not loop.last }}{% endfor %}"
        "{% for r, labels in nearer.items() %}; the {{ r }} reading's lies nearer for {{ labels | length }} ("
        "{{ labels | join(', ') }}){% endfor %}. Of the outcome counts of Tables 10.2 and 11.1, "
        "{% for r, independent in fitting.items() %}the {{ r }} reading fits the thesis's outcome tables "
        "{{ 'with independent games' if independent else \"only with a cell's games correlated\" }}"
        "{{ '; ' if not loop.last }}{% else %}neither reading fits the thesis's outcome tables, even with a cell's "
        "games correlated: the thesis's tables are less probable than 95 % of those either reading produces, so "
        "neither reading (as we play it) is what the thesis played, and no ratio of the two can say which it was "
        "nearer{% endfor %}{% if fitting %}{% for r in unfit %}{{ '; ' if loop.first else ', ' }}the {{ r }} reading "
        "does not{% endfor %}{% endif %}."),
    "glossary": (
        "**Names.** `plain6`, `plain8`: plain alpha-beta at depth 6 (the thesis's player), 8; *score points*: Black's "
        "score (a win 1, a draw ½) in hundredths of a game; the **kalles** and **king** readings of the rules: steps "
        "to orthogonal neighbours (Kalles' RLGame), or to all eight."),
    # A chapter's bullet on the front page (at most 60 words): its claims' verdicts counted, linked.
    "chapter": (
        "**{{ title }}.** {{ claims }} claim{{ 's' if claims != 1 }} of the thesis: {% for v, n in verdicts.items() %}"
        "{{ n }} {{ v }}{{ ', ' if not loop.last }}{% endfor %}. [Evidence]({{ link }})"),
    "foresight": (
        "**Perfect prediction of White's reply** (the thesis's noise). Told White's next reply, the `oracle` gains "
        "{{ oracle_diff | points }} score points {{ interval(oracle_lo, oracle_hi) }} over `plain6`; the thesis's "
        "method told White's reply at ply 1 (`one-hist-told1`) {{ told_diff | points }} "
        "{{ interval(told_lo, told_hi) }}. [Perfect prediction]({{ link }})"),
    "plan.finding": (
        "**What the design can detect.** At 80 % power, after each family's correction, the smallest change detected "
        "is {% for f in families %}{{ f.detectable | fmt('.1f') }} score points for {{ f.name }} ({{ f.k }} "
        "comparisons){{ ' and ' if loop.revindex == 2 else ', ' if not loop.last }}{% endfor %}; {{ decisive }} of "
        "the thesis's {{ lines }} lines of evidence have a rule that reaches a verdict with 80 % chance if our figures "
        "are the truth."),
    "survival": (
        "**Which findings survive the tie-breaker.** {{ held }} of {{ findings }} hold under every tie-breaker with "
        "noise{% if depends %}; {{ depends | join(', ') }} depend on it{% endif %}. [The study]({{ link }})"),
    # A contrast in a sentence: "`oracle` −7.8 score points (−10.6 to −4.9) against `plain6`".
    "contrast": ("`{{ method }}` {{ diff | points }} {{ unit }} {{ interval(lo, hi) }} against `{{ baseline }}`"),
    # Chapter 13's answer (pawnslib.report.chapter13_text), sentence by sentence; every label arrives decided.
    "ch13.games": "Each method played the same {{ games }} games as `plain6`.",
    "ch13.beating": (
        "{% if better %}Beyond noise (p < {{ alpha }}, Holm-corrected {{ group }}), {% for r in better %}`"
        "{{ r.method }}` beats `plain6` by {{ change(r) }}{{ ', ' if not loop.last }}{% endfor %}.{% else %}**No "
        "prediction method beats `plain6` beyond noise** (p < {{ alpha }}, Holm-corrected {{ group }}).{% endif %}"),
    "ch13.losing": (
        "Beyond noise, {% for r in worse %}`{{ r.method }}` loses to it, {{ change(r) }}{{ ', ' if not loop.last }}"
        "{% endfor %}."),
    "ch13.best": (
        "The largest change of the {{ k }} prediction methods, `{{ r.method }}`'s, is {{ r.diff | points }} score "
        "points ({{ r.diff_lo_all | points }} to {{ r.diff_hi_all | points }}, simultaneous 95 % interval {{ group }}"
        "), {{ holm(r, group) }}."),
    "ch13.bound": (
        "At this power no prediction method gains more than {{ bound | points }} score points over `plain6` (the "
        "highest upper end of their simultaneous 95 % intervals, `{{ method }}`'s)."),
    "ch13.deeper": (
        "Two more plies everywhere (`plain8`) change it by {{ change(deeper) }} at "
        "{{ '%.1f' | format(deeper.nodes) }} times plain6's nodes per search; `{{ best.method }}` {% if share %}"
        "gains {{ '%.0f' | format(100 * best.diff / deeper.diff) }} % of that at{% else %}changes it within noise, at"
        "{% endif %} {{ '%.2f' | format(best.nodes) }} times."),
    "ch13.control": (
        "The random control changes it by {{ change(random) }}, the thesis's `one-hist` by {{ change(hist) }}: the "
        "same tree and rule, the DBN's predictions against chance."),
    "ch13.power": (
        "Power: every difference's 95 % interval is within ±{{ '%.1f' | format(100 * widest) }} score points"
        "{% if reached %} (goal ±{{ '%.0f' | format(100 * target) }}).{% else %}, wider than the goal of ±"
        "{{ '%.0f' | format(100 * target) }}; `{{ method }}` would need about {{ rounds }} rounds a pairing to reach "
        "it.{% endif %}"),
    "ch13.om": (
        "Knowing White's weights exactly, OM search: {{ beyond(r, group) }}, at {{ '%.1f' | format(r.nodes) }} times "
        "plain6's nodes per search."),
    "ch13.learned": (
        "{% if gains %}Of that gain, a learned model recovers {% for r in learned %}"
        "{{ '%.0f' | format(100 * r.diff / om.diff) }} % with `{{ r.method }}` ({{ change(r) }})"
        "{{ '; ' if not loop.last }}{% endfor %}.{% else %}OM search with White's true weights gains nothing over "
        "`plain6` here, so no share of a gain can be given for the learned models: {% for r in learned %}"
        "{{ beyond(r, group) }}{{ '; ' if not loop.last }}{% endfor %}.{% endif %}"),
    "ch13.disaster": (
        "The published warning that OM search can be disastrous {% if holds %}**holds here** even with White's true "
        "weights.{% else %}**does not show here** with White's true weights (the papers' opponents were modelled, "
        "not known).{% endif %}"),
    "ch13.prom": (
        "The published finding that PrOM search beats alpha-beta at equal depth {% if holds %}**holds here**"
        "{% else %}**is not reproduced here**{% endif %}: {% for r in prom %}{{ beyond(r, group) }}"
        "{{ '; ' if not loop.last }}{% endfor %}."),
    "ch13.told": (
        "With a perfect model of White's next reply, the thesis's method (`one-hist-told1`: its tree with the "
        "minimum over every reply kept and White's actual reply at ply 1 marked likely) is {% for r in rows %}"
        "{{ said(r, group) }}{{ ', ' if not loop.last }}{% endfor %}."),
    "ch13.oracle": (
        "Knowing White's very next reply (`oracle`), Black is {% for r in rows %}{{ said(r, group) }}"
        "{{ ', and ' if not loop.last }}{% endfor %}."),
    "ch13.oracle_hist": (
        # The oracle is another algorithm (no minimum over White's other replies, no deeper search), not the thesis's
        # tree with a perfect model: its contrast with one-hist bounds nothing about a better model of the thesis's.
        "Against the thesis's `one-hist`, the oracle is {{ said(r, group) }}. The oracle values each Black move only "
        "by its own search below White's actual reply, with no minimum over White's other replies and no deeper "
        "search: another algorithm, not the thesis's method with a perfect model, so this contrast does not say what "
        "a better model would add to the thesis's method."),
    "ch13.matching": (
        "Against White 1, OM search (`om-perfect`) is {{ said(om, group) }}; with White's depth matched "
        "(`om-matched`) it is {{ said(matched, group) }}, and {{ said(versus, group) }}. "
        "{{ MATCHING_WORDS[matching] }}."),
    "ch13.matched_all": "Over every pairing, `om-matched` is {{ said(a, group) }}, and {{ said(b, group) }}.",
    "ch13.recognition": (
        "Does recognising White pay? {{ RECOGNITION_WORDS[recognition] }}. PrOM search with the beliefs of the "
        "learned choice model of White's moves (`prom-learned`, notebook 08's best recogniser) is "
        "{{ said(uniform, group) }}, PrOM search that recognises no one{% if tempered %}; it is "
        "{{ said(tempered, group) }}, the tempered DBN's{% endif %}{% if perfect %}; and it is "
        "{{ said(perfect, group) }}, OM search knowing White's weights{% endif %}."),
    "ch13.claim12": (
        "Chapter 12's \"{{ r.claim }}\" ({{ r.pairs }}; {{ r.games }} paired games, Black's wins): "
        "{{ change(r, 'win-rate points') }}, {{ holm(r, group) }}: **{{ r.verdict }}** by the report's rule, a "
        "second sample beside the report's."),
    "ch13.map_cell": (
        "White at {{ depth }} plies {{ NOISE_WORDS.get(noise, noise) }} (its noise-free model predicts "
        "{{ '%.0f' | format(100 * predictability) }} % of its moves; {{ distinct }} distinct paired games): `plain6` "
        "scores {{ '%.0f' | format(100 * plain6_score) }} %{% if deeper %}, `plain8` gains "
        "{{ deeper.diff | points }} {{ interval(deeper.diff_lo, deeper.diff_hi) }}{% endif %}; the best method that "
        "models White, `{{ b.method }}`, {{ b.diff | points }} ({{ b.diff_lo_all | points }} to "
        "{{ b.diff_hi_all | points }}, simultaneous over the map's {{ n }} contrasts of methods that model White)"
        "{% if beyond_noise %}; beyond "
        "noise: {% for r in beyond_noise %}`{{ r.method }}` {{ r.label }}{{ ', ' if not loop.last }}{% endfor %}."
        "{% else %}; none beyond noise.{% endif %}"),
    "ch13.map_answer": (
        "{% if cell %}**Modelling White pays where White is predictable**: most against White at "
        "{{ cell.white_depth }} plies {{ NOISE_WORDS.get(cell.white_noise, cell.white_noise) }}, `{{ cell.method }}` "
        "{{ cell.diff | points }} score points ({{ cell.diff_lo_all | points }} to {{ cell.diff_hi_all | points }}, "
        "simultaneous; "
        "{% else %}**No method that models White beats `plain6` beyond noise in any cell** ({% endif %}p < "
        "{{ alpha }}, Holm over the map's {{ n }} contrasts of methods that model White; `plain8` outside them)."),
    "ch13.loss_cells": (
        "The oracle against `plain6`, {% for c in cells %}White at {{ c.depth }}: on the diagonal (both sides the "
        "same weights) {{ figure(c.on, group) }}, off it {{ figure(c.off, group) }}{{ '; ' if not loop.last }}"
        "{% endfor %}."),
    "ch13.loss_horizon": (
        "With White at {{ r.white_depth }} plies its reply looks exactly as far as the oracle, and the oracle is "
        "{{ figure(r, group) }} against `plain6`: {% if r.label == 'worse' %}the horizon's mismatch alone does not "
        "explain the loss.{% else %}within noise, so this contrast does not rule the horizon out.{% endif %}"),
    "ch13.loss_diagonal": (
        "Where both sides play the same weights the oracle {% if loses %}loses beyond noise too (White at "
        "{{ at | join(' and ') }} plies), so the disagreement between Black's evaluation and White's does not "
        "explain all of it.{% else %}loses nothing beyond noise, but the diagonal's games cannot tell that from the "
        "rest: these contrasts do not separate the evaluations' disagreement.{% endif %}"),
    "ch13.loss_deep": (
        "Searching 5 plies below White's reply (`oracle-deep`, root + 7: White's own horizon), it is "
        "{% for r in rows %}against `{{ r.against }}` {{ figure(r, group) }}{{ '; ' if not loop.last }}{% endfor %}. "
        "{% if removes %}One more ply below the reply removes the oracle's loss against `plain6`: the loss goes with "
        "how far Black looks below the reply it knows.{% else %}One more ply below the reply does not remove the "
        "loss beyond noise.{% endif %}"),
    "ch13.loss_tiebreak": "Every contrast here keeps the thesis's tie-breaking, so none measures its part in the loss.",
}
# Our figure on a line of evidence (the claims table and the chapters quote it), by its claim's id: the line's numbers
# (estimate, lo, hi, games, thesis_value, p, p_holm, effective_games), its method and its facts (records.line's).
# est: the estimate and its interval in one format; share_in: a share's interval in whole percent.
_OURS_MACROS = (
    "{% macro est(spec, after='') %}{{ estimate | fmt(spec) }}{{ after }} ({{ lo | fmt(spec) }}-{{ hi | fmt(spec) }})"
    "{% endmacro %}{% macro share_in() %}{{ (100 * lo) | fmt('.0f') }}-{{ hi | percent }}{% endmacro %}")
_CELLS = "{% for k, n in cells.items() %}{{ n }} {{ k }}{{ ', ' if not loop.last }}{% endfor %}"
_CHANGES = "changes of {{ least | fmt('+.0f') }} to {{ most | fmt('+.0f') }} win-rate points; its pairings: " + _CELLS
_PAIRED = "{{ estimate | points }} win-rate points {{ interval(lo, hi) }}, {{ games }} paired games"
_POINTS = "{{ estimate | points }} percentage points"
OURS = {
    "t10_2.cells": "{{ rounds }} games a pairing; its cells: " + _CELLS,
    "t11_1.cells": "{{ rounds }} games a pairing; its cells: " + _CELLS,
    "t10_2.can_beat": "{% for i, a, b in beats %}{{ i }} surely beats {{ a }}, possibly {{ b }}"
                      "{{ ', ' if not loop.last }}{% endfor %}",
    "t10_2.very_poorly": "{% for i, share, j in pairs %}{{ i }} wins {{ share | percent }} against {{ j }}"
                         "{{ '; ' if not loop.last }}{% else %}none{% endfor %}",
    "ch12.strongest": "strategy {{ best }} ({{ estimate | percent }} of its games won, "
                      "{{ 'clearly ahead' if ahead else 'intervals overlap' }})",
    "f11_1.pr_one": "{{ estimate | fmt('.2f') }} a game ({{ lo | fmt('.2f') }}-{{ hi | fmt('.2f') }}; {{ moves }} in "
                    "{{ games }} games: {{ thesis_moves }} in about {{ (thesis_moves / estimate) | fmt('.0f') }} "
                    "games)",
    "ch11.share_correct": "{{ correct }} of {{ made }} ({{ estimate | percent }}, {{ share_in() }})",
    "ch11.share_correct_text": "{{ estimate | percent }} ({{ share_in() }})",
    "ch11.predictions_per_game": "{{ est('.1f', ' a game') }}",
    "ch11.likely_when_correct": "{{ est('.1f') }}",
    "ch11.branching": "{{ est('.1f') }}",
    "ch11.threshold_vs_random": "{{ share_a | percent }} correct against {{ share_b | percent }}: " + _POINTS
                                + " {{ interval(lo, hi) }}",
    "ch11.time_slices": "{{ slices | length }} slice counts ({{ slices | join(', ') }}): largest change " + _POINTS
                        + " at {{ at }} {{ interval(lo, hi) }}",
    "t11_2.rose": _CHANGES,
    "t11_3.fell": _CHANGES,
    "t11_2_3.moved": "with no change at all, two {{ effective_games }}-game samples of each of our plain pairings "
                     "would move {{ expected | fmt('.1f') }} on average, {{ thesis_value | int }} or more with chance "
                     "{{ p | fmt('.2f') }}; our paired tests find {{ estimate | int }} of {{ pairings }} changed "
                     "(Holm over the {{ pairings }} pairings)",
    "tree.changes_play": "deeper in {{ extended | count }} of {{ searches | count }} searches from the same history, "
                         "another root value in {{ valued | count }}, another move in {{ moved | count }} "
                         "({{ (100 * estimate) | fmt('.1f') }} %); {{ otherwise | count }} of {{ games | count }} "
                         "games played otherwise, {{ other_result | count }} with another result",
    "ch12.helps_unlikely": "{% if pairs %}{{ pairs | length }} pairings with a plain Black win rate under 1/3 "
                           "({{ pairs | join(' ') }}): " + _PAIRED + "{% else %}no pairing with a plain Black win "
                           "rate under 1/3{% endif %}",
    "ch12.strategy4_suffers": "its {{ pairs | length }} pairings ({{ pairs | join(' ') }}): " + _PAIRED,
    "ch11.nodes_plain": "{{ est('.0f') }}",
    "ch11.node_ratio": "{{ est('.2f', 'x') }}",
    "ch11.time_ratio": "{{ asym_ms | fmt('.2f') }} ms against {{ plain_ms | fmt('.2f') }} ms "
                       "({{ estimate | fmt('.2f') }}x, {{ lo | fmt('.2f') }}-{{ hi | fmt('.2f') }})",
    "ch12.often_deeper": "{{ estimate | percent }} of Black's searches",
    "ch11.sorting": "{{ estimate | fmt('.1f') }} times the nodes unsorted ({{ lo | fmt('.1f') }}-"
                    "{{ hi | fmt('.1f') }}; {{ games }} held-out positions)",
    "ch11.dsum_values": "{{ estimate | int }} in the {{ games }} games of Table 10.2",
    "dbn.recognises": "{{ estimate | percent }} right after White's move {{ move }} ({{ share_in() }}) of all "
                      "{{ games }} held-out games{% if running is defined and running < games %} ({{ running }} still "
                      "running, the rest at their last belief){% endif %}, chance {{ thesis_value | percent }}: "
                      "{{ CHANCE_WORDS[chance] }}",
    "ch13.pays": "`{{ method }}` {{ estimate | points }} score points ({{ lo | points }} to {{ hi | points }}; "
                 "simultaneous 95 % interval and Holm p {{ holm_value(p_holm) }} both over the {{ k }} methods "
                 "against plain6, `plain8` outside them); {{ games }} paired games; at this power no prediction "
                 "method gains more than {{ most | points }}",
}
TEMPLATES |= {f"ours.{k}": _OURS_MACROS + v for k, v in OURS.items()}

_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)  # noqa: S701  markdown, not HTML
_ENV.filters |= {"points": points, "percent": percent, "count": count, "fmt": format}
_ENV.globals |= {"interval": interval, "holm_value": holm_value, "P_SMALL": P_SMALL,
                 "COMPARISON_WORDS": COMPARISON_WORDS, "MATCHING_WORDS": MATCHING_WORDS,
                 "RECOGNITION_WORDS": RECOGNITION_WORDS, "NOISE_WORDS": NOISE_WORDS, "PAY_NOISE": PAY_NOISE,
                 "CHANCE_WORDS": CHANCE_WORDS}


def render(kind: str, **record) -> str:
    """The sentence of ``kind`` (a key of :data:`TEMPLATES`) for a record's fields.

    Raises:
        KeyError: an unknown kind.
        ValueError: a field the template needs is missing, or a number it prints is NaN.
    """
    if kind not in TEMPLATES:
        raise KeyError(f"no template {kind!r}; the kinds are {', '.join(TEMPLATES)}")
    if nan := [k for k, v in record.items() if isinstance(v, float) and math.isnan(v)]:
        raise ValueError(f"the {kind} record has no value for {', '.join(nan)}")
    try:
        return _ENV.from_string(MACROS + TEMPLATES[kind]).render(**record)
    except jinja2.UndefinedError as e:
        raise ValueError(f"the {kind} record lacks a field: {e.message}") from None


def ours(line: Mapping) -> str:
    """Our figure on a line of evidence (a row of :data:`~pawnslib.experiments.records.LINE_COLUMNS`) in words: its
    claim's ``ours.<id>`` template over the line's numbers (those it has; counts as integers), method and facts."""
    has = {k: line[k] for k in (*NUMBERS, "effective_games") if line[k] is not None and line[k] == line[k]}
    counts = {k: int(has[k]) for k in ("games", "effective_games") if k in has}
    return render(f"ours.{line['id']}", **has | counts, method=line["method"], **line["facts"])


def words(text: str) -> int:
    """How many words a rendered sentence has for a reader: its links' addresses and markup left out."""
    return len(re.sub(r"\]\([^)]*\)|[*`\[]", " ", text).split())


__all__ = ["CHANCE_WORDS", "COMPARISON_WORDS", "MATCHING_WORDS", "NOISE_WORDS", "OURS", "RECOGNITION_WORDS",
           "TEMPLATES", "count", "holm_value", "interval", "ours", "percent", "points", "render", "words"]
