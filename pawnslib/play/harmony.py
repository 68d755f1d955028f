"""Harmony* (thesis Chapters 5 and 10): a harmony search for strategies scored by play.

The memory holds ``k`` weight vectors, as indexes into :data:`~pawnslib.search.strategies.LADDER`.
Each iteration improvises a new vector (memory consideration with ``p_hmcr``, pitch
adjustment with ``p_par`` by up to ``bw`` ladder steps), plays a round robin among the
memory and the new vector, and scores each by NW - W (games not won minus games won,
both colours); the new vector replaces the worst of the memory when it scores better.
The score is relative to the current memory, which is what makes it Harmony*.

A game between two weight vectors is a function of the pair (and the search's seed), as it
is for the thesis's deterministic players: our search breaks ties by seeded leaf noise, and a
pairing's seed derives from its two vectors, not from the iteration. So an iteration plays only
the new vector's games and reuses the memory's, which earlier iterations played (16 of 25
games at k = 4). The players are :class:`~pawnslib.play.players.DeepAlphaBeta`: the plain search's
depth-``depth`` moves and values by the fastest exact search under the noise scheme (``make bench``'s
bench_harmony times both readings).

Every random choice of iteration ``i`` comes from ``derive_seed(seed, i)``, and the run
appends one JSON line per iteration to its history file, so an interrupted run resumes
where it stopped and gives the same result. :func:`harmony_star` advances its independent
searches together and plays their games on one pool of workers; the result does not depend on ``n_jobs``.
Its seed and workers come as keywords or in one :class:`~pawnslib.config.RunSettings` (what the experiments pass).

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.search` and the rest of :mod:`pawnslib.play`.
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
from pawnslib.config import DEFAULT_SETTINGS, Difference, RunSettings, SettingsMismatch
from pawnslib.game.position import rules_index
from pawnslib.game.rules import N_FEATURES
from pawnslib.play.players import DeepAlphaBeta
from pawnslib.play.records import append_record, check_jobs, read_json_lines
from pawnslib.play.tournament import play_game, schedule
from pawnslib.search.noise import check_noise
from pawnslib.search.seeds import check_seed, derive_seed
from pawnslib.search.strategies import LADDER


@dataclass(frozen=True, kw_only=True)
class HarmonyParams:
    """Harmony* settings; the defaults are the thesis's (Chapter 10): memory 4, HMCR 0.95, PAR 0.5, bandwidth 2
    ladder steps, 100 iterations, one game per ordered pairing, depth 6.

    Attributes:
        k: memory size.
        p_hmcr: probability of taking a component from memory.
        p_par: probability of a pitch adjustment.
        bw: largest pitch adjustment, in ladder steps.
        iterations: iterations of a search.
        games_per_pairing: games per ordered pairing in an iteration's round robin.
        depth: search depth of the games.
        rules: the reading the games are played by, one of ``pawnslib.config.READINGS``.
        noise: the tie-breaking scheme the players search by, one of ``config.NOISES``.

    Raises:
        ValueError: a parameter out of its range (or an unknown reading), naming it.
    """

    k: int = 4
    p_hmcr: float = 0.95
    p_par: float = 0.5
    bw: int = 2
    iterations: int = 100
    games_per_pairing: int = 1
    depth: int = 6
    rules: str = config.RULES
    noise: str = config.NOISE

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
        check_noise(self.noise, where="Harmony* parameter noise")


GAMES = "deep search, one seed per pairing"  # how games are played: a history played otherwise is refused
GAME_STREAM = 1  # a game's seed: derive_seed(the search's seed, GAME_STREAM, round, both vectors' ladder indexes)


def _identity(params: HarmonyParams, seed: int) -> dict:
    """What fixes a run's course (recorded in its history's first row); more iterations only extend it."""
    return {k: v for k, v in params.__dict__.items() if k != "iterations"} | {"seed": seed, "games": GAMES}


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

    differences = tuple(Difference(k, identity.get(k), old.get(k)) for k in dict.fromkeys([*identity, *old])
                        if k not in old or k not in identity or old[k] != identity[k])
    if differences:
        raise SettingsMismatch(f"{path} holds a Harmony* run with other parameters", differences, "use another file")
    return history


def weights_of(indexes) -> tuple[int, ...]:
    """The weight vector at ``indexes`` of :data:`~pawnslib.search.strategies.LADDER`."""
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


Pairing = tuple[tuple[int, ...], tuple[int, ...], int]  # (Black's weights, White's weights, round)


def _play_pairing(pairing: Pairing, params: HarmonyParams, seed: int) -> str:
    """The result of ``pairing``'s game in the search seeded ``seed``: both sides
    :class:`~pawnslib.play.players.DeepAlphaBeta` at ``params.depth``."""
    black, white, r = pairing
    game_seed = derive_seed(seed, GAME_STREAM, r, *(LADDER.index(x) for x in black + white))
    players = [DeepAlphaBeta(v, depth=params.depth, noise=params.noise) for v in (black, white)]
    return play_game(*players, seed=game_seed, rules=params.rules)["result"]


def _unplayed(players: dict[int, tuple[int, ...]], params: HarmonyParams, played: dict[Pairing, str]) -> list[Pairing]:
    """The pairings of ``players``' round robin not in ``played``, each once."""
    pairings = ((players[b], players[w], r) for b, w, r in schedule(players, params.games_per_pairing))
    return list(dict.fromkeys(p for p in pairings if p not in played))


def _records(players: dict[int, tuple[int, ...]], params: HarmonyParams, played: dict[Pairing, str]) -> list[dict]:
    """The round robin of ``players``, its games all in ``played``: ``{"black", "white", "round", "result"}`` each."""
    return [{"black": b, "white": w, "round": r, "result": played[players[b], players[w], r]}
            for b, w, r in schedule(players, params.games_per_pairing)]


def _play(todo: list[tuple[Pairing, HarmonyParams, int]], pool: joblib.Parallel) -> list[str]:
    """The results of ``todo``'s (pairing, params, search seed) games, played on ``pool``, in order."""
    return pool(joblib.delayed(_play_pairing)(*job) for job in todo) if todo else []


def round_robin(players: dict[int, tuple[int, ...]], *, params: HarmonyParams, seed: int,
                played: dict[Pairing, str] | None = None, n_jobs: int = config.JOBS) -> list[dict]:
    """Every player against every player, itself included, as Black and as White, ``games_per_pairing`` times.

    A game depends only on its pairing's two weight vectors, its round and ``seed``, so a pairing in
    ``played`` is not played again.

    Args:
        players: ``{id: weights}``, weights on the ladder.
        params: ``depth``, ``rules`` and ``games_per_pairing`` are used.
        seed: the search's seed.
        played: results of pairings played before, ``{(black, white, round): result}``; the new ones are added.
        n_jobs: joblib workers for the games not yet played (the result does not depend on it).

    Returns:
        One ``{"black": id, "white": id, "round": r, "result": ...}`` per game, in schedule order.
    """
    check_jobs(n_jobs)
    played = {} if played is None else played
    todo = _unplayed(players, params, played)
    with joblib.Parallel(n_jobs=n_jobs) as pool:
        played.update(zip(todo, _play([(p, params, seed) for p in todo], pool), strict=True))
    return _records(players, params, played)


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


class _Search:
    """One search between iterations: its run so far, the games it has played, the next iteration's players."""

    def __init__(self, params: HarmonyParams, seed: int, history_path: str | Path | None):
        self.params, self.seed = params, check_seed(seed)
        self.identity = _identity(params, self.seed)
        self.path = Path(history_path) if history_path else None
        self.run = HarmonyRun(_read_history(self.path, self.identity))
        self.played: dict[Pairing, str] = {}  # an iteration plays only its new vector's games
        self.players: dict[int, tuple[int, ...]] = {}

    @property
    def done(self) -> bool:
        return len(self.run.history) >= self.params.iterations

    def improvise(self) -> list[Pairing]:
        """Draw the next iteration's new vector; return the pairings of its round robin not played yet."""
        it, k = len(self.run.history), self.params.k
        rng = np.random.default_rng(derive_seed(self.seed, it))
        if it == 0:
            memory = rng.integers(len(LADDER), size=(k, N_FEATURES))
        else:
            memory = np.array([[LADDER.index(w) for w in v] for v in self.run.history[-1]["memory_after"]])
        new = improvise(memory, self.params, rng)
        self.players = {i + 1: weights_of(v) for i, v in enumerate([*memory, new])}
        return _unplayed(self.players, self.params, self.played)

    def score(self) -> None:
        """Score the round robin (its games all in ``played``), replace the worst, record the iteration."""
        it, k, players = len(self.run.history), self.params.k, self.players
        score = nw_minus_w(_records(players, self.params, self.played), players)
        mem_scores = [score[i + 1] for i in range(k)]
        worst = int(np.argmax(mem_scores))  # ties: the first, so the incumbent order is stable
        replaced = worst if score[k + 1] < mem_scores[worst] else -1
        after = list(range(k))
        if replaced >= 0:
            after[replaced] = k
        row = {"iteration": it, "memory_before": [players[i + 1] for i in range(k)], "scores_before": mem_scores,
               "candidate": players[k + 1], "candidate_score": score[k + 1], "replaced": replaced,
               "memory_after": [players[i + 1] for i in after], "scores_after": [score[i + 1] for i in after]}
        if it == 0:
            row["params"] = self.identity
        row = json.loads(json.dumps(row))  # the in-memory history is exactly what a resumed run reads
        self.run.history.append(row)
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            append_record(self.path, row)


def _advance(searches: list[_Search], *, n_jobs: int, progress: bool) -> list[HarmonyRun]:
    """Run ``searches`` to their last iteration together, one iteration a step: each step plays all of the
    searches' new games on one pool of ``n_jobs`` workers, so no worker idles while one search finishes alone.

    Raises:
        ValueError: ``n_jobs`` is not a non-zero integer.
    """
    check_jobs(n_jobs)
    bar = tqdm(total=sum(s.params.iterations for s in searches), initial=sum(len(s.run.history) for s in searches),
               disable=not progress, desc="Harmony* iterations")
    with joblib.Parallel(n_jobs=n_jobs) as pool, bar:
        while active := [s for s in searches if not s.done]:
            todo = [(s, p) for s in active for p in s.improvise()]
            results = _play([(p, s.params, s.seed) for s, p in todo], pool)
            for (s, p), result in zip(todo, results, strict=True):
                s.played[p] = result
            for s in active:
                s.score()
            bar.update(len(active))
    return [s.run for s in searches]


def _same_games(settings: RunSettings, params: HarmonyParams) -> None:
    """``ValueError`` unless ``settings`` plays by ``params``' rules and noise (Harmony*'s games follow ``params``;
    the run's settings give its seed and workers, and must not say otherwise)."""
    if not isinstance(settings, RunSettings):
        raise TypeError(f"settings must be a RunSettings, got {type(settings).__name__}")
    for name in ("rules", "noise"):
        if getattr(settings, name) != getattr(params, name):
            raise ValueError(f"params.{name} is {getattr(params, name)!r} but settings.{name} is "
                             f"{getattr(settings, name)!r}; give the same")


def harmony_search(params: HarmonyParams = HarmonyParams(), settings: RunSettings = DEFAULT_SETTINGS, *,
                   history_path: str | Path | None = None, progress: bool = True) -> HarmonyRun:
    """Run (or resume) one Harmony* search.

    Args:
        params: the search's settings, including the rules its games are played by (and their depth).
        settings: the run's master seed (every random choice and game seed derives from it) and workers (no result
            depends on them); its rules and noise must be ``params``' (its depth and rounds are not Harmony*'s).
        history_path: JSON-lines file of finished iterations; resumed if it exists. Its first
            row's ``params`` records every parameter but ``iterations``, the seed and :data:`GAMES`
            (how the games are played: a history without it, from before, is refused).
        progress: show a progress bar over iterations.

    Returns:
        The run; ``run.best`` is its strategy.

    Raises:
        ValueError: ``settings`` of another reading or noise, or a damaged history file.
        SettingsMismatch: a history file that holds a run with other parameters (e.g. other rules), naming each
            parameter that differs.
    """
    _same_games(settings, params)
    return _advance([_Search(params, settings.seed, history_path)], n_jobs=settings.jobs, progress=progress)[0]


def harmony_star(params: HarmonyParams = HarmonyParams(), settings: RunSettings = DEFAULT_SETTINGS, *,
                 n_searches: int = config.N_STRATEGIES, out_dir: str | Path | None = None,
                 progress: bool = True) -> tuple[dict[int, tuple[int, ...]], list[HarmonyRun]]:
    """The thesis's procedure: ``n_searches`` independent searches; the best of each is a strategy.

    The searches advance together, one iteration at a time, and each step plays all their new
    games on ``settings.jobs`` joblib workers. Each search has its own seed and history file, and a game
    depends only on its pairing and its search's seed, so the result does not depend on the workers.

    Args:
        params: the searches' settings, including the rules their games are played by (and their depth).
        settings: the run's master seed (search ``s``, from 0, is seeded with ``derive_seed(seed, 1000 + s)``) and
            workers; its rules and noise must be ``params``', as :func:`harmony_search`'s.
        n_searches: how many searches, hence strategies; an integer >= 1.
        out_dir: folder for the histories ``harmony_<s + 1>.jsonl`` (each resumed; all are
            checked before any search starts); ``None``: memory only.
        progress: show a progress bar over the searches' iterations.

    Returns:
        (strategies ``{1: weights, ...}``, list of the runs, in search order).

    Raises:
        ValueError: a bad ``n_searches``, ``settings`` of another reading, or a bad history file
            (see :func:`harmony_search`).
        SettingsMismatch: a history file of another run.
    """
    _same_games(settings, params)
    seed, n_jobs = check_seed(settings.seed), settings.jobs
    if isinstance(n_searches, bool) or not isinstance(n_searches, (int, np.integer)) or n_searches < 1:
        raise ValueError(f"n_searches must be an integer >= 1, got {n_searches!r}")
    check_jobs(n_jobs)  # before any history is read
    # Every history is read and checked here, so a file of another run is refused before any search starts.
    searches = [_Search(params, derive_seed(seed, 1000 + s), Path(out_dir) / f"harmony_{s + 1}.jsonl" if out_dir
                        else None) for s in range(n_searches)]
    runs = _advance(searches, n_jobs=n_jobs, progress=progress)
    return {s + 1: run.best for s, run in enumerate(runs)}, runs
