"""Games and round-robin tournaments (thesis Chapter 10), parallel, resumable, reproducible.

Every game's seed is derived from (master seed, black id, white id, round), so a
tournament's records do not depend on the number of workers or on the order in which
games finish. Without noise (``"none"``) no search reads its seed, so every round of a pairing is one and
the same game: it is played once and recorded for each round (its per-move ``seconds`` too, the times of
those same searches). Records are appended to ``<out>/games.jsonl`` as games finish, one JSON
line each; re-running the same tournament skips finished games, those of ``games.jsonl`` and
those of the compact, committed archive ``<out>/games.jsonl.gz`` (:mod:`pawnslib.play.archive`),
which a run rewrites whenever it no longer holds exactly the finished games. The searches' wall-clock times stay
out of the archive; a run that played games summarises them in ``<out>/timings.json`` (:mod:`~.timings`).

Black may be any player, built for each game by a factory (:class:`~pawnslib.play.players.PlayerFactory`);
White plays its strategy's plain alpha-beta moves. Both players break ties by the tournament's noise scheme
(:mod:`pawnslib.search.noise`). A tournament takes its rounds, depth, seed, rules, noise and workers as one
:class:`~pawnslib.config.RunSettings`, the only home of their defaults.

Imports: :mod:`pawnslib.game`, :mod:`pawnslib.search` and the rest of :mod:`pawnslib.play`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import joblib
import numpy as np
from tqdm import tqdm

from pawnslib import config
from pawnslib.config import DEFAULT_SETTINGS, Difference, RunSettings, SettingError, SettingsMismatch
from pawnslib.files import replaced_atomically
from pawnslib.game.position import Position
from pawnslib.play.archive import ARCHIVE_NAME, RAW_NAME, Key, compact, finished_games, game_key, write_archive
from pawnslib.play.foresight import move_of
from pawnslib.play.openings import opening_moves
from pawnslib.play.players import AlphaBeta, DeepAlphaBeta, Observer, Player, PlayerFactory, check_share
from pawnslib.play.records import GameRecord, PlayedGame, append_record
from pawnslib.play.timings import plan, write_timings
from pawnslib.search.alphabeta import MAX_DEPTH, SearchResult
from pawnslib.search.noise import check_noise, uses_seed
from pawnslib.search.seeds import check_seed, derive_seed
from pawnslib.search.strategies import check_strategies, check_weights

DASK_ENV = "PAWNS_DASK_SCHEDULER"
# The committed results, whose run folders' timings estimate a new run's time (a checkout's; none when installed).
COMMITTED = Path(__file__).resolve().parents[2] / config.COMMITTED_RESULTS
# How much deeper than ``depth`` a tournament's Black player may search: the asymmetric tree
# extends predicted replies by pawnslib.guided.asym.EXTENSION plies (a test keeps the two in step).
BLACK_EXTRA_PLIES = 2


def play_game(black: Player | Sequence[int], white: Player | Sequence[int], *, depth: int = config.DEPTH,
              seed: int = 0, start: Position | None = None, rules: str | None = None,
              noise: str = config.NOISE, white_depth: int | None = None, white_share: float | None = None,
              opening: int = 0) -> PlayedGame:
    """Play one game to its end (a win, both sides emptied, or the 200-ply draw).

    Args:
        black: a weight vector (played by :class:`~.players.AlphaBeta` at ``depth``) or a
            :class:`~.players.Player`; an :class:`~.players.Observer` is
            also shown each opponent move.
        white: the same for White, but a weight vector is played by
            :class:`~.players.DeepAlphaBeta`: the same moves and values as
            :class:`~.players.AlphaBeta`'s, found with fewer nodes. Every cost this project reports is
            Black's, so White's searches need only be right, not the thesis's algorithm.
        depth: search depth for players given as weight vectors.
        seed: the game's seed; the search at ply t is seeded with derive_seed(seed, t) (a
            :class:`~.foresight.Foreseer` also learns its opponent's, derive_seed(seed, t + 1)).
        start: the initial position (default: the start of the game).
        rules: the reading to play by (default: ``start``'s, else ``config.RULES``).
        noise: the tie-breaking scheme of players given as weight vectors (:mod:`pawnslib.search.noise`).
        white_depth: the search depth of White given as a weight vector (None: ``depth``).
        white_share: the share of the searches of White given as a weight vector that break ties by ``noise``
            (None: all; :class:`~.players.DeepAlphaBeta`'s ``share``).
        opening: the plies of the game's seeded random opening (:func:`~.openings.opening_moves`, seeded by
            ``seed``): recorded as moves of value 0 and 0 nodes, and ``opening`` in the record; the players then see
            the game as starting after it (their history begins there), so no player reads the opening's random
            moves as a strategy's choices.

    Returns:
        The game's record (its layout: :class:`~.records.PlayedGame`).

    Raises:
        ValueError: a bad weight vector, depth, seed, noise scheme, share or opening, an unknown reading,
            ``start`` played by another, or an opening that ends the game.
    """
    check_noise(noise)
    share = 1.0 if white_share is None else check_share(white_share, name="white_share")
    players = [p if isinstance(p, Player) else kind(tuple(check_weights(p)), depth=d, noise=noise, **extra)
               for p, kind, d, extra in ((black, AlphaBeta, depth, {}),
                                         (white, DeepAlphaBeta, white_depth or depth, {"share": share}))]
    if start is None:
        start = Position.start(rules=config.RULES if rules is None else rules)
    elif rules is not None and rules != start.rules:
        raise ValueError(f"rules={rules!r}, but the start position is played by {start.rules!r}")
    history = [start]
    rec = {"rules": start.rules, "positions": [history[0].to_text()], "features": [history[0].features().tolist()],
           "moves": [], "values": [], "nodes": [], "seconds": [], "info": []}
    for move in opening_moves(start, opening, seed):
        history.append(history[-1].play(move))
        _append(rec, history[-1], SearchResult(move, 0.0, 0, 0.0, {}), {})
    watches = [isinstance(p, Observer) for p in players]  # asked once: a protocol's isinstance is slow
    while history[-1].result is None:
        pos, seen = history[-1], history[opening:]
        mover, other, watching = players[pos.ply % 2], players[1 - pos.ply % 2], watches[1 - pos.ply % 2]
        res = move_of(mover, seen, derive_seed(seed, pos.ply), derive_seed(seed, pos.ply + 1))
        history.append(pos.play(res.move))
        info = dict(res.info)
        if watching:  # e.g. the asymmetric player scoring White's actual reply
            info |= other.observe(history[opening:]) or {}
        _append(rec, history[-1], res, info)
    if not any(rec["info"]):
        del rec["info"]
    return {"result": history[-1].result, "plies": history[-1].ply, **rec, **({"opening": opening} if opening else {})}


def _append(rec: dict, pos: Position, res: SearchResult, info: dict) -> None:
    """Record a move that reached ``pos``: its search ``res`` and the ply's ``info``."""
    rec["positions"].append(pos.to_text())
    rec["features"].append(pos.features().tolist())
    rec["moves"].append(str(res.move))
    rec["values"].append(res.value)
    rec["nodes"].append(res.nodes)
    rec["seconds"].append(res.seconds)
    rec["info"].append(info)


def schedule(ids: Iterable[int], rounds: int) -> list[tuple[int, int, int]]:
    """The round robin: every id against every id, itself included, as Black and as White."""
    ids = sorted(ids)
    return [(b, w, r) for r in range(rounds) for b in ids for w in ids]


def _play_scheduled(strategies: dict, black_player: PlayerFactory | None, settings: RunSettings,
                    key: Key) -> GameRecord:
    """The game ``key`` (black, white, round) of a tournament of ``strategies`` played by ``settings``."""
    b, w, r = key
    depth, noise = settings.depth, settings.noise
    black = (black_player(strategies[b], depth=depth, opponent=strategies[w], noise=noise) if black_player
             else strategies[b])
    rec = play_game(black, strategies[w], depth=depth, seed=derive_seed(settings.seed, b, w, r), rules=settings.rules,
                    noise=noise, white_depth=settings.white_depth, white_share=settings.white_share,
                    opening=settings.openings)
    return {"black": b, "white": w, "round": r, **rec}


def _check_int(name: str, value, lo: int, hi: int | None = None, why: str = "") -> None:
    """Raise :class:`~pawnslib.config.SettingError` for the setting ``name`` unless ``value`` is an integer in
    [lo, hi]."""
    bad = isinstance(value, bool) or not isinstance(value, (int, np.integer))
    if bad or value < lo or (hi is not None and value > hi):
        rule = "an integer " + (f">= {lo}" if hi is None else f"from {lo} to {hi}{why}")
        raise SettingError(name, value, rule, message=f"{name} must be {rule}, got {value!r}")


def _read_meta(path: Path) -> dict:
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path} is damaged ({e}); delete that folder to replay its tournament") from None
    if not isinstance(meta, dict):
        raise ValueError(f"{path} is damaged (not a JSON object); delete that folder to replay its tournament")
    return meta


def run_tournament(strategies: dict, out_dir: str | Path | None, settings: RunSettings = DEFAULT_SETTINGS, *,
                   black_player: PlayerFactory | None = None, label: str = "", progress: bool = True,
                   scheduler: str | None = None) -> list[GameRecord]:
    """Play (or finish) a round-robin tournament and return all its records.

    Args:
        strategies: ``{id: weights}``.
        out_dir: folder for ``games.jsonl``, ``games.jsonl.gz``, ``meta.json`` and ``timings.json``; finished
            games found in either games file are kept and not replayed (the raw file's record wins for a game in
            both), the archive ``games.jsonl.gz`` is (re)written at the end unless it holds exactly the finished
            games, and ``timings.json`` is written when some game carries its times (one played now or kept in the
            raw file). ``None``: keep the records in memory only.
        settings: how the games are played, in one value: ``rounds`` (how many times every ordered pairing is
            played), ``depth`` (both players', 1 to ``MAX_DEPTH``, or ``MAX_DEPTH - BLACK_EXTRA_PLIES`` with a
            ``black_player``), ``seed`` (the master seed; each game's is derived from (seed, black, white, round)),
            ``rules``, ``noise``, ``jobs`` (joblib workers) and ``white_depth`` (None: ``depth``; ``meta.json``
            records another). Default: :data:`~pawnslib.config.DEFAULT_SETTINGS`, the reproduction's.
        black_player: optional ``factory(weights, *, depth, opponent, noise) -> Player`` for Black
            (:class:`~.players.PlayerFactory`; e.g. the asymmetric search, which may search
            ``BLACK_EXTRA_PLIES`` deeper), given Black's weights, the depth and White's weights (which only
            an opponent-model ceiling may use); White always plays the plain alpha-beta's moves (by
            :func:`play_game`'s deep search). None: plain alpha-beta.
        label: recorded in ``meta.json`` to tell variants apart (e.g. "asymmetric").
        progress: show a tqdm progress bar, and say first what the run will play, where, and for how long
            (:func:`~.timings.plan`).
        scheduler: a Dask scheduler address (default: ``$PAWNS_DASK_SCHEDULER``); when
            set, games run through joblib's dask backend on that cluster.

    Returns:
        The records, sorted by (round, black, white).

    Raises:
        TypeError: ``settings`` is not a :class:`~pawnslib.config.RunSettings`.
        ValueError: bad arguments (before anything is written), a damaged ``meta.json`` or record.
        SettingsMismatch: ``out_dir`` holds a different tournament (e.g. one played by other rules or noise), naming
            each field that differs.
    """
    if not isinstance(settings, RunSettings):
        raise TypeError(f"settings must be a RunSettings, got {type(settings).__name__}")
    strategies = check_strategies(strategies)
    _check_depth(settings.depth, black_player is not None)  # RunSettings checked every other field
    meta = _meta(strategies, settings, label)
    out = None if out_dir is None else Path(out_dir)
    done, archived = ({}, None) if out is None else _open_run(out, meta)
    todo = [k for k in schedule(strategies, settings.rounds) if k not in done]
    if todo and progress and out is not None:  # said where the progress bar goes, before the first game
        workers = joblib.effective_n_jobs(settings.jobs)  # -1 is every core, not one negative worker
        tqdm.write(plan(len(todo), out, meta, workers, _committed_twin(out, settings.rules)), file=sys.stderr)
    if todo:
        games = (strategies, black_player, settings)
        done |= _play_missing(todo, done, games, None if out is None else out / RAW_NAME,
                              once=not uses_seed(settings.noise) and not settings.openings,
                              n_jobs=settings.jobs, scheduler=scheduler, progress=progress, label=label)
    if out is not None:
        _keep(out, archived, done)
    return [done[k] for k in schedule(strategies, settings.rounds)]


def _committed_twin(out: Path, rules: str) -> Path | None:
    """The committed run folder of the same name as ``out`` (its path from its last ``runs`` folder on), under the
    reading ``rules``; None when ``out`` is not below a ``runs`` folder."""
    parts = out.absolute().parts
    if "runs" not in parts:
        return None
    below = parts[len(parts) - 1 - parts[::-1].index("runs"):]
    return config.reading_dir(COMMITTED, rules).joinpath(*below)


def _meta(strategies: dict, settings: RunSettings, label: str) -> dict:
    """What a run folder's ``meta.json`` records; ``white_depth`` only when it is not ``depth`` (checked here),
    ``white_share`` only when set and ``openings`` only when not 0, so that a run as the thesis plays it records what
    it always did."""
    depth, white_depth = settings.depth, settings.white_depth
    meta = {"strategies": {str(k): list(v) for k, v in strategies.items()}, "depth": int(depth),
            "seed": check_seed(settings.seed), "rules": settings.rules, "label": label, "noise": settings.noise}
    if white_depth is not None and white_depth != depth:
        _check_int("white_depth", white_depth, 1, MAX_DEPTH)
        meta["white_depth"] = int(white_depth)
    if settings.white_share is not None:
        meta["white_share"] = float(settings.white_share)
    if settings.openings:
        meta["openings"] = int(settings.openings)
    return meta


def _keep(out: Path, archived: dict | None, done: dict) -> None:
    """Write the run folder ``out``'s archive of the games ``done``, unless it holds them already (``archived``, as
    :func:`~.archive.compact` has them: their times do not count), and the summary of their times."""
    if archived is None or {k: compact(r) for k, r in archived.items()} != {k: compact(r) for k, r in done.items()}:
        write_archive(out / ARCHIVE_NAME, done.values())
    write_timings(out, done.values())


def _play_missing(todo: list[Key], done: dict, games: tuple, raw: Path | None, *, once: bool, n_jobs: int,
                  scheduler: str | None, progress: bool, label: str) -> dict:
    """Play the games ``todo`` and return their records by key. With ``once`` (no noise: no search reads its seed)
    every round of a pairing is one game: only each pairing's first is played, and the others are its copies."""
    played = _play(_first_of_each_pairing(todo, done) if once else todo, games, raw, n_jobs=n_jobs,
                   scheduler=scheduler or os.environ.get(DASK_ENV), progress=progress, label=label)
    return played | _same_game_each_round(todo, done | played, raw) if once else played


def _first_of_each_pairing(todo: list[Key], done: dict) -> list[Key]:
    """Of the games ``todo``, the first of each pairing that has no game in ``done``: without noise the only ones
    to play (every round of a pairing is the same game)."""
    have, first = {(b, w) for b, w, _ in done}, {}
    for b, w, r in todo:
        if (b, w) not in have:
            first.setdefault((b, w), (b, w, r))
    return list(first.values())


def _same_game_each_round(todo: list[Key], done: dict, games_path: Path | None) -> dict:
    """The games of ``todo`` not in ``done``, each its pairing's game in ``done`` recorded for its own round (and
    appended to ``games_path``, if any)."""
    by_pairing = {(b, w): rec for (b, w, _), rec in done.items()}
    copies = {}
    for b, w, r in todo:
        if (b, w, r) not in done:
            copies[b, w, r] = rec = {**by_pairing[b, w], "round": r}
            if games_path is not None:
                append_record(games_path, rec)
    return copies


def _check_depth(depth: int, deeper_black: bool) -> None:
    """Raise ``ValueError`` unless ``depth`` is at most ``MAX_DEPTH`` (``deeper_black``: Black's player may search
    ``BLACK_EXTRA_PLIES`` deeper than ``depth``, so at most ``MAX_DEPTH - BLACK_EXTRA_PLIES``)."""
    if not deeper_black:
        _check_int("depth", depth, 1, MAX_DEPTH)
    else:
        _check_int("depth", depth, 1, MAX_DEPTH - BLACK_EXTRA_PLIES,
                   f" (Black's player searches {BLACK_EXTRA_PLIES} plies deeper)")


def _open_run(out: Path, meta: dict) -> tuple[dict, dict | None]:
    """The run folder ``out``'s finished games and its archive's (:func:`~.archive.finished_games`), after checking
    that its ``meta.json`` is ``meta`` (or writing it, in a new folder).

    Raises:
        ValueError: a damaged ``meta.json`` or record.
        SettingsMismatch: ``out`` holds a different tournament.
    """
    meta_path = out / "meta.json"
    if meta_path.exists():
        old = _read_meta(meta_path)
        differences = tuple(Difference(k, meta[k], old.get(k)) for k in meta if old.get(k) != meta[k])
        if differences:
            raise SettingsMismatch(f"{out} holds a different tournament", differences, "use another folder")
    else:
        out.mkdir(parents=True, exist_ok=True)
        with replaced_atomically(meta_path) as tmp:
            tmp.write_text(json.dumps(meta, indent=1) + "\n")
    return finished_games(out)


def _play(todo: list[tuple[int, int, int]], games: tuple, games_path: Path | None, *, n_jobs: int,
          scheduler: str | None, progress: bool, label: str) -> dict:
    """Play the scheduled games ``todo`` on joblib's workers (on the Dask cluster at ``scheduler``, if any), each
    appended to ``games_path`` (if any) as it finishes; ``games``: :func:`_play_scheduled`'s arguments but the key.

    Returns:
        The records by game key, in the order the games finished.
    """
    played = {}
    with _backend(scheduler):
        jobs = joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered")(
            joblib.delayed(_play_scheduled)(*games, k) for k in todo)
        for rec in tqdm(jobs, total=len(todo), disable=not progress, desc=label or "games"):
            if games_path is not None:
                append_record(games_path, rec)
            played[game_key(rec)] = rec
    return played


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
