"""A saved table's column names in the words the pages use, for the pages that render the CSVs themselves (every
table, the timings).

The CSVs keep their machine names (``diff_lo``, ``p_holm``) for whoever reuses them; a page shows
:func:`header`: a name's own words where :data:`NAMES` has them, else its parts joined by spaces, each part in
:data:`PARTS`'s words where it has them (``thesis_second_seed_lo`` reads "thesis second seed, low"). A name
that is already words (``mean moves``) is shown as it is.

Layer ``report``: it imports nothing of the package.
"""

from __future__ import annotations

import re

# Whole names whose words are not their parts'.
NAMES = {
    "p": "p", "p_holm": "p (Holm)", "p_value": "p", "thesis_p": "thesis's p", "p_true": "p (true model)",
    "ci_low": "95 % low", "ci_high": "95 % high", "lo": "low", "hi": "high",
    "diff": "change", "delta": "change", "sim_lo": "simultaneous low", "sim_hi": "simultaneous high",
    "diff_lo_all": "change, low (whole map)", "diff_hi_all": "change, high (whole map)",
    "win_rate": "Black's win rate", "draw_rate": "draw rate", "black_wins": "Black's wins",
    "black_win_rate": "Black's win rate", "thesis_wins": "thesis's Black wins", "thesis_rate": "thesis's win rate",
    "thesis_value": "thesis's figure", "thesis_games": "thesis's games",
    "win_rate_plain": "win rate, plain", "win_rate_asym": "win rate, asymmetric",
    "draw_rate_plain": "draw rate, plain", "draw_rate_asym": "draw rate, asymmetric",
    "plain6_score": "plain6's score", "plain8_share": "share of plain8's gain", "base_score": "baseline's score",
    "white_noise": "White's ties", "white_share": "White's noisy share", "white_depth": "White's depth",
    "white_moves": "White moves", "black_moves": "Black moves", "distinct_games": "distinct games",
    "effective_games": "effective games", "nodes_mean": "nodes a search", "seconds_mean": "seconds a search",
    "time_ratio": "time ratio", "log_loss": "log-loss", "brier": "Brier score", "mean_max_p": "mean max. belief",
    "max_pr": "MAX_PR", "mean_pr_played": "mean pr, played", "mean_pr_random": "mean pr, random",
    "likely_mean": "likely replies a prediction", "likely_share": "likely share", "df": "degrees of freedom",
    "chi_square": "chi-square", "pr_one_lo": "pr = 1, low", "pr_one_hi": "pr = 1, high",
    "set": "strategies",
}
# The parts of a machine name, where their words differ from them.
PARTS = {"lo": "low", "hi": "high", "diff": "change", "sim": "simultaneous", "holm": "(Holm)"}
_MACHINE = re.compile(r"^[A-Za-z0-9]+(_[A-Za-z0-9]+)+$")  # words joined by underscores, nothing else


def header(name: object) -> str:
    """``name``, a saved table's column, in words: :data:`NAMES`' words, or its parts' (:data:`PARTS`) for a name
    made of underscored parts, or ``name`` itself."""
    text = str(name)
    if text in NAMES:
        return NAMES[text]
    if not _MACHINE.match(text):
        return text
    *words, last = [PARTS.get(part, part) for part in text.split("_")]
    return " ".join(words) + (", " if last in ("low", "high") else " ") + last


__all__ = ["NAMES", "PARTS", "header"]
