"""Harmony* (thesis Chapters 5 and 10): a harmony search for strategies scored by play.

The memory holds ``k`` weight vectors, as indexes into :data:`~pawnslib.strategies.LADDER`.
Each iteration improvises a new vector (memory consideration with ``p_hmcr``, pitch
adjustment with ``p_par`` by up to ``bw`` ladder steps), plays a round robin among the
memory and the new vector, and scores each by NW - W (games not won minus games won,
both colours); the new vector replaces the worst of the memory when it scores better.
The score is relative to the current memory, which is what makes it Harmony*.

Every random choice of iteration ``i`` comes from ``derive_seed(seed, i)``, and the run
appends one JSON line per iteration to its history file, so an interrupted run resumes
where it stopped and gives the same result. :func:`harmony_star` runs its independent
searches in parallel (one joblib worker per search), so its result does not depend on ``n_jobs``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from tqdm import tqdm

from pawnslib import config
from pawnslib.game import N_FEATURES, rules_index
from pawnslib.records import append_record, check_seed, derive_seed, read_json_lines
from pawnslib.strategies import LADDER
from pawnslib.tournament import run_tournament


@dataclass(frozen=True, kw_only=True)
class HarmonyParams:
    """Harmony* settings; the defaults are the thesis's (Chapter 10), from ``config.HARMONY``.

    Attributes:
        k: memory size.
        p_hmcr: probability of taking a component from memory.
        p_par: probability of a pitch adjustment.
        bw: largest pitch adjustment, in ladder steps.
        iterations: iterations of a search.
        games_per_pairing: games per ordered pairing in an iteration's round robin.
        depth: search depth of the games.
        rules: the reading the games are played by, one of ``pawnslib.game.READINGS``.

    Raises:
        ValueError: a parameter out of its range (or an unknown reading), naming it.
    """

    k: int = config.HARMONY["k"]
    p_hmcr: float = config.HARMONY["p_hmcr"]
    p_par: float = config.HARMONY["p_par"]
    bw: int = config.HARMONY["bw"]
    iterations: int = config.HARMONY["iterations"]
    games_per_pairing: int = config.HARMONY["games_per_pairing"]
    depth: int = config.HARMONY["depth"]
    rules: str = config.RULES

    def __post_init__(self):
        for name in ("k", "bw", "iterations", "games_per_pairing", "depth"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"Harmony* parameter {name} must be an integer >= 1, got {v!r}")
            object.__setattr__(self, name, int(v))  # plain ints: the parameters are written as JSON
        for name in ("p_hmcr", "p_par"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not 0 <= v <= 1:
                raise ValueError(f"Harmony* parameter {name} must be a probability in [0, 1], got {v!r}")
        rules_index(self.rules, where="Harmony* parameter rules")


# Histories written before the rules had readings record no "rules": all were played by Kalles' reading.
_LEGACY_RULES = "kalles"


def _identity(params: HarmonyParams, seed: int) -> dict:
    """What fixes a run's course (recorded in its history's first row); more iterations only extend it."""
    return {k: v for k, v in params.__dict__.items() if k != "iterations"} | {"seed": seed}


def _read_history(path: Path | None, identity: dict) -> list[dict]:
    """The finished iterations in ``path`` (none if it is ``None`` or missing), checked against ``identity``.

    Raises:
        ValueError: a damaged file, or one that holds a run with other parameters, naming each that differs.
    """
    if path is None or not path.exists():
        return []
    history = read_json_lines(path)
    if not history:
        return history
    old = history[0].get("params")
    if not isinstance(old, dict):
        raise ValueError(f"{path} does not start with a Harmony* run's parameters; use another file")
    old = {"rules": _LEGACY_RULES} | old

    def show(d, k):
        return repr(d[k]) if k in d else "none"

    diff = [f"{k}: file {show(old, k)}, asked {show(identity, k)}"
            for k in dict.fromkeys([*identity, *old]) if k not in old or k not in identity or old[k] != identity[k]]
    if diff:
        raise ValueError(f"{path} holds a Harmony* run with other parameters ({'; '.join(diff)}); use another file")
    return history


def weights_of(indexes) -> tuple[int, ...]:
    """The weight vector at ``indexes`` of :data:`~pawnslib.strategies.LADDER`."""
    return tuple(LADDER[int(i)] for i in indexes)


def improvise(memory: np.ndarray, params: HarmonyParams, rng: np.random.Generator) -> np.ndarray:
    """A new vector of ladder indexes from ``memory``, per the harmony rules.

    Args:
        memory: the memory, k x 6 ladder indexes.
        params: ``p_hmcr``, ``p_par`` and ``bw`` are used.
        rng: every random choice comes from it.

    Returns:
        Six ladder indexes.
    """
    new = np.empty(N_FEATURES, np.int64)
    for i in range(N_FEATURES):
        if rng.random() < params.p_hmcr:
            new[i] = memory[rng.integers(len(memory)), i]
        else:
            new[i] = rng.integers(len(LADDER))
        if rng.random() < params.p_par:
            step = rng.integers(1, params.bw + 1) * rng.choice((-1, 1))
            new[i] = np.clip(new[i] + step, 0, len(LADDER) - 1)
    return new


def nw_minus_w(records: list[dict], ids: Iterable[int]) -> dict[int, int]:
    """Harmony*'s score per strategy id: games not won minus games won, both colours.

    Args:
        records: a round robin's game records (``black``, ``white`` and ``result`` are read).
        ids: the strategy ids.

    Returns:
        ``{id: score}``; lower is better.
    """
    score = dict.fromkeys(ids, 0)
    for r in records:
        for sid, colour in ((r["black"], "black"), (r["white"], "white")):
            score[sid] += -1 if r["result"] == colour else 1
    return score


@dataclass
class HarmonyRun:
    """One Harmony* search: its history (one row per iteration) and final memory."""

    history: list[dict] = field(default_factory=list)

    @property
    def memory(self) -> list[tuple[int, ...]]:
        """The memory after the last iteration."""
        return [tuple(v) for v in self.history[-1]["memory_after"]]

    @property
    def best(self) -> tuple[int, ...]:
        """The memory vector with the best (lowest) score in the last round robin."""
        last = self.history[-1]
        scores = last["scores_after"]
        return tuple(last["memory_after"][int(np.argmin(scores))])

    def frame(self) -> pd.DataFrame:
        """The history as a table, one row per iteration."""
        return pd.DataFrame(self.history)


def harmony_search(*, params: HarmonyParams = HarmonyParams(), seed: int = 0, history_path: str | Path | None = None,
                   n_jobs: int = config.JOBS, progress: bool = True) -> HarmonyRun:
    """Run (or resume) one Harmony* search.

    Args:
        params: the search's settings, including the rules its games are played by.
        seed: every random choice and game seed derives from it; a non-negative integer.
        history_path: JSON-lines file of finished iterations; resumed if it exists. Its first
            row's ``params`` records every parameter but ``iterations``, and the seed (a file
            without ``rules`` there is read as played by ``"kalles"``, the only reading before).
        n_jobs: joblib workers for each iteration's round robin (the result does not depend on it).
        progress: show a progress bar over iterations.

    Returns:
        The run; ``run.best`` is its strategy.

    Raises:
        ValueError: a bad seed, a damaged history file, or one that holds a run with other
            parameters (e.g. other rules), naming each parameter that differs.
    """
    seed = check_seed(seed)
    identity = _identity(params, seed)
    path = Path(history_path) if history_path else None
    run = HarmonyRun(_read_history(path, identity))
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
    start = len(run.history)
    for it in tqdm(range(start, params.iterations), disable=not progress, desc=f"Harmony* seed {seed}", initial=start,
                   total=params.iterations):
        rng = np.random.default_rng(derive_seed(seed, it))
        if it == 0:
            memory = rng.integers(len(LADDER), size=(params.k, N_FEATURES))
        else:
            memory = np.array([[LADDER.index(w) for w in v] for v in run.history[-1]["memory_after"]])
        new = improvise(memory, params, rng)
        players = {i + 1: weights_of(v) for i, v in enumerate([*memory, new])}
        recs = run_tournament(players, None, rounds=params.games_per_pairing, depth=params.depth,
                              seed=derive_seed(seed, it, 1), rules=params.rules, n_jobs=n_jobs, progress=False)
        score = nw_minus_w(recs, players)
        mem_scores = [score[i + 1] for i in range(params.k)]
        worst = int(np.argmax(mem_scores))  # ties: the first, so the incumbent order is stable
        replaced = worst if score[params.k + 1] < mem_scores[worst] else -1
        after = list(range(params.k))
        if replaced >= 0:
            after[replaced] = params.k
        row = {"iteration": it, "memory_before": [players[i + 1] for i in range(params.k)], "scores_before": mem_scores,
               "candidate": players[params.k + 1], "candidate_score": score[params.k + 1], "replaced": replaced,
               "memory_after": [players[i + 1] for i in after], "scores_after": [score[i + 1] for i in after]}
        if it == 0:
            row["params"] = identity
        row = json.loads(json.dumps(row))  # the in-memory history is exactly what a resumed run reads
        run.history.append(row)
        if path:
            append_record(path, row)
    return run


def _search(s: int, **kwargs) -> tuple[int, HarmonyRun]:
    """Search ``s`` of :func:`harmony_star`, in a worker: (``s``, its run)."""
    return s, harmony_search(**kwargs)


def harmony_star(*, params: HarmonyParams = HarmonyParams(), n_searches: int = config.N_STRATEGIES, seed: int = 0,
                 out_dir: str | Path | None = None, n_jobs: int = config.JOBS,
                 progress: bool = True) -> tuple[dict[int, tuple[int, ...]], list[HarmonyRun]]:
    """The thesis's procedure: ``n_searches`` independent searches; the best of each is a strategy.

    The searches run in parallel on up to ``n_jobs`` joblib workers, each search wholly in one
    worker (its round robins too); a single search (or ``n_jobs=1``) runs here, with ``n_jobs``
    workers for its round robins. Each search has its own seed and history file, so the result
    does not depend on ``n_jobs``.

    Args:
        params: the searches' settings, including the rules their games are played by.
        n_searches: how many searches, hence strategies; an integer >= 1.
        seed: search ``s`` (from 0) is seeded with ``derive_seed(seed, 1000 + s)``.
        out_dir: folder for the histories ``harmony_<s + 1>.jsonl`` (each resumed; all are
            checked before any search starts); ``None``: memory only.
        n_jobs: joblib workers (-1: all cores; not 0).
        progress: show a progress bar over finished searches (over iterations when the searches run here).

    Returns:
        (strategies ``{1: weights, ...}``, list of the runs, in search order).

    Raises:
        ValueError: a bad seed, ``n_searches`` or ``n_jobs``, or a bad history file (see :func:`harmony_search`).
    """
    seed = check_seed(seed)
    if isinstance(n_searches, bool) or not isinstance(n_searches, (int, np.integer)) or n_searches < 1:
        raise ValueError(f"n_searches must be an integer >= 1, got {n_searches!r}")
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, (int, np.integer)) or n_jobs == 0:
        raise ValueError(f"n_jobs must be a non-zero integer (-1: all cores), got {n_jobs!r}")
    jobs = [{"params": params, "seed": derive_seed(seed, 1000 + s),
             "history_path": Path(out_dir) / f"harmony_{s + 1}.jsonl" if out_dir else None} for s in range(n_searches)]
    for job in jobs:  # a file of another run is refused before any search starts
        _read_history(job["history_path"], _identity(params, job["seed"]))
    workers = min(joblib.effective_n_jobs(n_jobs), n_searches)
    if workers == 1:
        runs = [harmony_search(**job, n_jobs=n_jobs, progress=progress) for job in jobs]
    else:
        runs = [None] * n_searches
        done = joblib.Parallel(n_jobs=workers, return_as="generator_unordered")(
            joblib.delayed(_search)(s, **job, n_jobs=1, progress=False) for s, job in enumerate(jobs))
        for s, run in tqdm(done, total=n_searches, disable=not progress, desc="Harmony* searches"):
            runs[s] = run
    return {s + 1: run.best for s, run in enumerate(runs)}, runs
