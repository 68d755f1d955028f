"""Games and round-robin tournaments (thesis Chapter 10), parallel, resumable, reproducible.

Every game's seed is derived from (master seed, black id, white id, round), so a
tournament's records do not depend on the number of workers or on the order in which
games finish. Records are appended to ``<out>/games.jsonl`` as games finish, one JSON
line each; re-running the same tournament skips finished games.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
from tqdm import tqdm

from pawnslib.game import Position
from pawnslib.search import SearchResult, search
from pawnslib.strategies import check_strategies, check_weights

DASK_ENV = "PAWNS_DASK_SCHEDULER"


def derive_seed(*parts: int) -> int:
    """A 32-bit seed derived from integers, independent of anything else."""
    return int(np.random.SeedSequence([int(p) for p in parts]).generate_state(1)[0])


@dataclass(frozen=True)
class AlphaBeta:
    """A player that runs the plain alpha-beta search with a strategy's weights."""

    weights: tuple[int, ...]
    depth: int = 6

    def choose(self, history: list[Position], seed: int) -> SearchResult:
        return search(history[-1], self.weights, self.depth, seed)


def play_game(black, white, depth: int = 6, seed: int = 0, start: Position | None = None) -> dict:
    """Play one game to its end (a win, both sides emptied, or the 200-ply draw).

    Args:
        black, white: a weight vector (played by :class:`AlphaBeta` at ``depth``) or any
            player object with ``choose(history, seed) -> SearchResult`` and, optionally,
            ``observe(history) -> dict`` called after each opponent move.
        depth: search depth for players given as weight vectors.
        seed: the game's seed; the search at ply t is seeded with derive_seed(seed, t).
        start: the initial position (default: the start of the game).

    Returns:
        A record: ``result``, ``plies``, and per ply ``positions`` (x_0..x_T as text),
        ``features`` (x_0..x_T), ``moves``, ``values``, ``nodes``, ``seconds``; plus
        ``info`` (one dict per ply: the mover's ``SearchResult.info`` and the opponent's
        ``observe``) when a player gives extra information.
    """
    players = [p if hasattr(p, "choose") else AlphaBeta(tuple(check_weights(p)), depth) for p in (black, white)]
    history = [start or Position.start()]
    rec = {"positions": [history[0].to_text()], "features": [history[0].features().tolist()],
           "moves": [], "values": [], "nodes": [], "seconds": [], "info": []}
    while history[-1].result is None:
        pos = history[-1]
        mover, other = players[pos.ply % 2], players[1 - pos.ply % 2]
        res = mover.choose(history, derive_seed(seed, pos.ply))
        history.append(pos.play(res.move))
        info = dict(res.info)
        if hasattr(other, "observe"):  # e.g. the asymmetric player scoring White's actual reply
            info |= other.observe(history) or {}
        rec["positions"].append(history[-1].to_text())
        rec["features"].append(history[-1].features().tolist())
        rec["moves"].append(str(res.move))
        rec["values"].append(res.value)
        rec["nodes"].append(res.nodes)
        rec["seconds"].append(res.seconds)
        rec["info"].append(info)
    if not any(rec["info"]):
        del rec["info"]
    return {"result": history[-1].result, "plies": history[-1].ply, **rec}


# ----------------------------------------------------------------------------- records


def read_records(path: str | Path) -> list[dict]:
    """Read a JSON-lines record file.

    Raises:
        ValueError: a damaged line, naming the file and the line number.
    """
    path = Path(path)
    out = []
    with path.open() as f:
        for n, line in enumerate(f, 1):
            try:
                rec = json.loads(line)
                if not isinstance(rec, dict):
                    raise ValueError("not a JSON object")
            except ValueError as e:
                raise ValueError(f"{path}:{n}: damaged record ({e}); delete that line to replay the game") from None
            out.append(rec)
    return out


def append_record(path: Path, rec: dict) -> None:
    # One write() of a whole line in append mode: a record is on disk entirely or not at all.
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (json.dumps(rec, separators=(",", ":")) + "\n").encode())
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- tournaments


def schedule(ids: Iterable[int], rounds: int) -> list[tuple[int, int, int]]:
    """The round robin: every id against every id, itself included, as Black and as White."""
    ids = sorted(ids)
    return [(b, w, r) for r in range(rounds) for b in ids for w in ids]


def _play_scheduled(strategies, black_player, depth, seed, key):
    b, w, r = key
    black = black_player(strategies[b], depth) if black_player else strategies[b]
    rec = play_game(black, strategies[w], depth, derive_seed(seed, b, w, r))
    return {"black": b, "white": w, "round": r, **rec}


def run_tournament(
    strategies: dict,
    out_dir: str | Path | None,
    rounds: int = 1,
    depth: int = 6,
    seed: int = 0,
    n_jobs: int = -1,
    scheduler: str | None = None,
    black_player: Callable | None = None,
    progress: bool = True,
    label: str = "",
) -> list[dict]:
    """Play (or finish) a round-robin tournament and return all its records.

    Args:
        strategies: ``{id: weights}``.
        out_dir: folder for ``games.jsonl`` and ``meta.json``; finished games found
            there are kept and not replayed. ``None``: keep the records in memory only.
        rounds: how many times every ordered pairing is played.
        depth: search depth of both players.
        seed: master seed; each game's seed is derived from (seed, black, white, round).
        n_jobs: joblib workers (-1: all cores).
        scheduler: a Dask scheduler address (default: ``$PAWNS_DASK_SCHEDULER``); when
            set, games run through joblib's dask backend on that cluster.
        black_player: optional ``factory(weights, depth) -> player`` for Black (e.g. the
            asymmetric search); White always plays plain alpha-beta.
        progress: show a tqdm progress bar.
        label: recorded in ``meta.json`` to tell variants apart (e.g. "asymmetric").

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        ValueError: bad arguments, or ``out_dir`` holds a different tournament.
    """
    strategies = check_strategies(strategies)
    for name, v, lo in (("rounds", rounds, 1), ("depth", depth, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < lo:
            raise ValueError(f"{name} must be an integer >= {lo}, got {v!r}")
    meta = {"strategies": {str(k): list(v) for k, v in strategies.items()}, "depth": int(depth),
            "seed": int(seed), "label": label}
    done, games_path = {}, None
    if out_dir is not None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        meta_path, games_path = out / "meta.json", out / "games.jsonl"
        if meta_path.exists():
            old = json.loads(meta_path.read_text())
            diff = [k for k in meta if old.get(k) != meta[k]]
            if diff:
                raise ValueError(f"{out} holds a different tournament ({', '.join(diff)} differ); use another folder")
        else:
            meta_path.write_text(json.dumps(meta, indent=1) + "\n")
        if games_path.exists():
            done = {(r["black"], r["white"], r["round"]): r for r in read_records(games_path)}
    todo = [k for k in schedule(strategies, rounds) if k not in done]
    if todo:
        scheduler = scheduler or os.environ.get(DASK_ENV)
        with _backend(scheduler):
            jobs = joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered")(
                joblib.delayed(_play_scheduled)(strategies, black_player, depth, seed, k) for k in todo)
            for rec in tqdm(jobs, total=len(todo), disable=not progress, desc=label or "games"):
                if games_path is not None:
                    append_record(games_path, rec)
                done[(rec["black"], rec["white"], rec["round"])] = rec
    keys = schedule(strategies, rounds)
    return [done[k] for k in keys]


class _backend:
    """joblib's default backend, or its dask backend on the cluster at ``address``."""

    def __init__(self, address: str | None):
        self.address, self.client, self.ctx = address, None, None

    def __enter__(self):
        if self.address:
            from distributed import Client

            self.client = Client(self.address)
            self.ctx = joblib.parallel_config(backend="dask")
            self.ctx.__enter__()
        return self

    def __exit__(self, *exc):
        if self.ctx is not None:
            self.ctx.__exit__(*exc)
            self.client.close()
