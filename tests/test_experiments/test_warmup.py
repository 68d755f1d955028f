"""The kernels' warm-up: its two parts play, between them, every kind of game the steps play, each once."""

import pytest

from pawnslib import config
from pawnslib.__main__ import main
from pawnslib.experiments import chapter13, pipeline, warmup


@pytest.fixture
def played(monkeypatch):
    """What compile_kernels plays, as (kind, noise) pairs, without playing it."""
    log = []
    monkeypatch.setattr(pipeline, "set_tournament", lambda results, s, *, method="minimax", settings, progress:
                        log.append((method, settings.noise)))
    monkeypatch.setattr(pipeline, "train_model", lambda results, s, *, settings: log.append(("train", settings.noise)))
    monkeypatch.setattr(chapter13, "method_games",
                        lambda results, s, method, *, settings, progress: log.append((method, settings.noise)))
    return log


def test_the_two_parts_play_every_kind_of_game_once(played):
    parts = {}
    for part in warmup.PARTS:
        warmup.compile_kernels(part=part)
        parts[part], played[:] = list(played), []
    kinds = [*[("minimax", n) for n in config.NOISES], ("train", config.NOISE), ("asym", config.NOISE),
             *[(m, config.NOISE) for m in chapter13.METHODS]]
    assert sorted(parts[1] + parts[2]) == sorted(kinds)
    # Each part trains what its searches need: the methods with an opponent model are in the part that trains it.
    needs_model = [(m, config.NOISE) for m, spec in chapter13.METHODS.items() if spec.slices]
    assert set(needs_model) <= set(parts[1]) and ("train", config.NOISE) in parts[1]
    assert min(len(parts[1]), len(parts[2])) >= 6  # neither part is nearly empty
    warmup.compile_kernels()
    assert sorted(played) == sorted(kinds)


def test_a_bad_part_is_refused(capsys):
    with pytest.raises(ValueError, match="part must be one of 1, 2 or None, got 3"):
        warmup.compile_kernels(part=3)
    with pytest.raises(SystemExit) as e:
        main(["compile", "--part", "3"])
    assert e.value.code == 2 and "argument --part: invalid choice: 3" in capsys.readouterr().err
