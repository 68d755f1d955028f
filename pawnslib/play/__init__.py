"""Playing games: players, records, tournaments, their archives, and Harmony* (thesis Chapters 6, 10, 11 and 13).

Modules: :mod:`~pawnslib.play.players` (the ``Player`` protocol, every player, and the factories that build
them, one signature for all), :mod:`~pawnslib.play.foresight` (the players that foresee White's first reply: the
oracle and depth-matched OM search), :mod:`~pawnslib.play.records` (what a game's record holds, JSON lines),
:mod:`~pawnslib.play.tournament` (games and round robins), :mod:`~pawnslib.play.archive` (a run's compact
records) and :mod:`~pawnslib.play.harmony` (Harmony*). The players wrap the algorithms below, as OpenSpiel's
``bots`` wrap its ``algorithms``.

Imports every layer below it: game, search, dbn, guided.
"""

from pawnslib.play.archive import load_run, read_archive
from pawnslib.play.foresight import ForesightFactory, MatchedOMPlayer, OraclePlayer
from pawnslib.play.harmony import HarmonyParams, harmony_star
from pawnslib.play.players import (
    AlphaBeta,
    AsymFactory,
    AsymPlayer,
    DeepAlphaBeta,
    DeepFactory,
    Observer,
    OpponentFactory,
    Player,
    PlayerFactory,
    PromPlayer,
    RecognisingPlayer,
)
from pawnslib.play.records import GameRecord, positions_of, read_records
from pawnslib.play.tournament import play_game, run_tournament

__all__ = ["AlphaBeta", "AsymFactory", "AsymPlayer", "DeepAlphaBeta", "DeepFactory", "ForesightFactory", "GameRecord",
           "HarmonyParams", "MatchedOMPlayer", "Observer", "OpponentFactory", "OraclePlayer", "Player",
           "PlayerFactory", "PromPlayer", "RecognisingPlayer", "harmony_star", "load_run", "play_game", "positions_of",
           "read_archive", "read_records", "run_tournament"]
