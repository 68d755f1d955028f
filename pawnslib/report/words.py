"""Every sentence the findings say, as a Jinja2 template of records: one template per kind of finding.

A template only formats: each decision (a verdict, which method is best, whether a gain is beyond noise) arrives
decided, in the record it renders, so a sentence cannot contradict its table. The filters format numbers one way
everywhere: :func:`points` (a difference of shares, signed, in points), :func:`percent`, :func:`count`.

Layer ``report``: it imports Jinja2 only.
"""

from __future__ import annotations

import math
import re

import jinja2


def points(x: float) -> str:
    """A difference of two shares in points (hundredths), signed, one decimal: 0.0965 -> "+9.7"."""
    return f"{100 * x:+.1f}".replace("-", "−")


def percent(x: float) -> str:
    """A share as a whole percentage: 0.361 -> "36 %"."""
    return f"{100 * x:.0f} %"


def count(n: float) -> str:
    """A whole count with thousands separated: 25600 -> "25,600"."""
    return f"{int(n):,}"


def interval(lo: float, hi: float) -> str:
    """A signed interval in points: "(+7.4 to +11.9)"."""
    return f"({points(lo)} to {points(hi)})"


TEMPLATES = {
    # The answers: one sentence each (at most 40 words), its number in it; the conditions that bound it in a few words.
    "answer.reproduce": (
        "**Does the thesis reproduce? {{ word | capitalize }}.** Of the {{ data_claims }} claims its own counts can "
        "test: {{ data['reproduced'] }} reproduced, {{ data['not reproduced'] }} not reproduced, {{ data['mixed'] }} "
        "mixed, {{ data['inconclusive'] + data['untestable'] }} undecided; {{ no_data_claims }} more state figures "
        "without data. [The claims]({{ link }})"),
    "answer.pays": (
        "**Does predicting White pay? {% if pays %}Yes{% elif cell %}Where White is predictable{% else %}No, "
        "at this power{% endif %}.** Thesis's noise: `{{ best }}` {{ best_diff | points }} "
        "{{ interval(best_lo, best_hi) }} over `plain6`{% if cell %}; White {{ cell.predictability | percent }} "
        "predictable, depth {{ cell.depth }}: `{{ cell.method }}` {{ cell.diff | points }} "
        "{{ interval(cell.lo, cell.hi) }}{% if cell.share == cell.share %}, {{ cell.share | percent }} of "
        "`plain8`'s{% endif %}. {{ games | count }}/{{ cell.games | count }} games{% else %}, `plain8` "
        "{{ deeper_diff | points }} {{ interval(deeper_lo, deeper_hi) }}{% if map %}; none beyond noise, White "
        "{{ (100 * map.lo) | round | int }}–{{ map.hi | percent }} predictable, depths {{ map.depths | join(', ') }}"
        "{% endif %}. {{ games | count }} games{% endif %}, {{ rules }} reading. [Chapter 13]({{ link }})"),
    "answer.rules": (
        "**Which rules did the thesis play?** {% if settled %}The {{ reading }} reading, the only one that fits its "
        "outcome tables{% elif fitting %}Not settled: only the {{ fitting | join(' and ') }} reading fits its outcome "
        "tables{% else %}Not settled: neither reading fits its outcome tables{% endif %}; of the {{ statistics }} "
        "figures the rules move, {{ inside }} lie in a reading's interval{% for r, n in nearer.items() %}, {{ n }} "
        "nearer the {{ r }} reading's{% endfor %}. [The rules compared]({{ link }})"),
    "glossary": (
        "**Names.** `plain6`, `plain8`: plain alpha-beta at depth 6 (the thesis's player), 8; *score points*: Black's "
        "score (a win 1, a draw ½) in hundredths of a game; the **kalles** and **king** readings of the rules: steps "
        "to orthogonal neighbours (Kalles' RLGame), or to all eight."),
    # A chapter's bullet on the front page (at most 60 words): its claims' verdicts counted, linked.
    "chapter": (
        "**{{ title }}.** {{ claims }} claim{{ 's' if claims != 1 }} of the thesis: {% for v, n in verdicts.items() %}"
        "{{ n }} {{ v }}{{ ', ' if not loop.last }}{% endfor %}. [Evidence]({{ link }})"),
    "ceiling": (
        "**The ceiling of prediction** (the thesis's noise). Told White's next reply, the `oracle` gains "
        "{{ oracle_diff | points }} score points {{ interval(oracle_lo, oracle_hi) }} over `plain6`; the thesis's "
        "method told White's reply at ply 1 (`one-hist-told1`) {{ told_diff | points }} "
        "{{ interval(told_lo, told_hi) }}. [The ceiling]({{ link }})"),
    "survival": (
        "**Which findings survive the tie-breaker.** {{ held }} of {{ findings }} hold under every tie-breaker with "
        "noise{% if depends %}; {{ depends | join(', ') }} depend on it{% endif %}. [The study]({{ link }})"),
    # A contrast in a sentence: "`oracle` −7.8 score points (−10.6 to −4.9) against `plain6`".
    "contrast": ("`{{ method }}` {{ diff | points }} {{ unit }} {{ interval(lo, hi) }} against `{{ baseline }}`"),
}

_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)  # noqa: S701  markdown, not HTML
_ENV.filters |= {"points": points, "percent": percent, "count": count}
_ENV.globals |= {"interval": interval}


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
        return _ENV.from_string(TEMPLATES[kind]).render(**record)
    except jinja2.UndefinedError as e:
        raise ValueError(f"the {kind} record lacks a field: {e.message}") from None


def words(text: str) -> int:
    """How many words a rendered sentence has for a reader: its links' addresses and markup left out."""
    return len(re.sub(r"\]\([^)]*\)|[*`\[]", " ", text).split())


__all__ = ["TEMPLATES", "count", "interval", "percent", "points", "render", "words"]
