"""Command line of the reproduction, one subcommand per step: ``python -m pawnslib <command> [options]``.

``harmony``, ``tournament``, ``train`` and ``compare`` are the expensive, resumable steps the Makefile runs;
``site`` builds the results site from the executed notebooks; ``compile`` fills numba's cache before the steps run
side by side. Each command has its own options, help and examples (``python -m pawnslib <command> --help``); an
option the command does not take, or one before the command, is refused naming it. The steps' options build one
:class:`~pawnslib.config.RunSettings` (each value checked by its own rule as parsed).

Every error is one line, ``python -m pawnslib <command>: error: <message>``, exit status 2: a bad value or path
(``argument --seed: ...``), two options that conflict, and a step's own refusal (``ValueError``, among them
``ModelFileError``, or ``FileNotFoundError``). A refusal that says which settings it is about names their options:
a :class:`~pawnslib.config.SettingsMismatch` (a folder holds games or a model made otherwise) carries each field
that differs (``argument --depth: ... (depth: asked 2, recorded 1) ...``), a :class:`~pawnslib.config.SettingError`
its one field. Any other exception is a bug and propagates.

Imports: ``config`` only, so that ``--help`` and a mistake in the arguments answer at once, loading no numba kernel.
A command's options are built only for the command asked for, and the steps' modules (:mod:`~.experiments.pipeline`,
:mod:`~.experiments.chapter13`, :mod:`~.experiments.predictability`, :mod:`~.experiments.warmup`,
:mod:`pawnslib.report.book`, ...) are imported by the options and the command that need them.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import re
import signal
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from pawnslib import config
from pawnslib.config import READINGS, RunSettings, SettingError, SettingsMismatch

if TYPE_CHECKING:
    from pawnslib.report.book import Page

PROG = "python -m pawnslib"
DESCRIPTION = ("The reproduction's expensive steps and its results site, one command each.\n"
               f"`{PROG} COMMAND --help` lists a command's options. Defaults are pawnslib/config.py's.")
# The settings a step's refusal may be blamed on, each the destination of the option --<name>: a SettingError or
# SettingsMismatch about one of them is reported on that option, if the command has it. (Not "rounds": a model's
# training rounds are a command's --rounds under train but not under compare, whose --rounds are its games.)
STEP_NAMES = ("seed", "rules", "noise", "depth")
INTERRUPTED = 130  # the exit status after Ctrl-C (128 + SIGINT), as a shell reports it


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``<prog>: error: <message>``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.splitlines())}\n")


def _error(command: str, message: str) -> NoReturn:
    """Exit as argparse does for a bad argument of ``command``: one line on stderr, status 2."""
    _Parser(prog=f"{PROG} {command}", add_help=False).error(message)


# ----------------------------------------------------------------------------- values: argparse types


def _setting(field: str, name: str | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for an integer that sets ``RunSettings.<field>``, checked by RunSettings' rule.

    A bad value is argparse's one-line error naming the option: ``argument --seed: seed must be ...``
    (``name``, default ``field``, is what the message calls the value).
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
        try:
            RunSettings().replace(**{field: value})
        except SettingError as e:
            raise argparse.ArgumentTypeError(f"{name or field} must be {e.rule}, got {e.value!r}") from None
        return value

    return parse


def _folder(must_exist: bool) -> Callable[[str], str]:
    """An argparse ``type`` for a folder: refused if it is a file, or (``must_exist``) if it is missing."""
    def parse(text: str) -> str:
        path = Path(text)
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{text}: not a folder")
        if must_exist and not path.exists():
            raise argparse.ArgumentTypeError(f"{text}: no such folder")
        return text

    return parse


def _file(text: str) -> str:
    """An argparse ``type`` for an existing file."""
    if not Path(text).is_file():
        raise argparse.ArgumentTypeError(f"{text}: no such file")
    return text


def _default(step: Callable, keyword: str):
    """A step's own default for ``keyword`` (so that the command line never retypes it)."""
    return inspect.signature(step).parameters[keyword].default


class _Later(Sequence):
    """An option's choices or default that live in a step's module, imported only when needed: when the option is
    given (its value checked), when its help is shown, or, for a default, when the command runs
    (:func:`parse`). So a mistake in another option stops at once, loading no numba kernel. (An option with such
    choices names a metavar: argparse would list the choices in every usage line.)"""

    def __init__(self, module: str, get: Callable[[object], object]) -> None:
        self._module, self._get = module, get

    @functools.cached_property
    def value(self):
        return self._get(importlib.import_module(self._module))

    def __getitem__(self, i):
        return self.value[i]

    def __len__(self) -> int:
        return len(self.value)

    def __contains__(self, x: object) -> bool:
        return x in self.value

    def __iter__(self):
        return iter(self.value)

    def __str__(self) -> str:  # as a help text names them: "minimax, asym"
        value = self.value
        return ", ".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


PIPELINE = "pawnslib.experiments.pipeline"


# ----------------------------------------------------------------------------- options: one function each

# An option's adder adds it to a command's parser and returns its action (or a tuple of them, for several).
Adder = Callable[[argparse.ArgumentParser], argparse.Action | tuple[argparse.Action, ...]]


def _results(must_exist: bool) -> Adder:
    what = "which must exist" if must_exist else "which must exist unless --new"
    return lambda p: p.add_argument("--results", type=_folder(must_exist), default="results",
                                    help=f"the results folder, {what} (default: %(default)s)")


def _new(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--new", action="store_true",
                          help="start a new results folder: make --results if it does not exist (without it, a "
                               "missing folder is refused, so that a mistyped path starts nothing)")


def _seed(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--seed", type=_setting("seed"), default=config.SEED,
                          help="master seed, a non-negative integer (default: config.SEED, %(default)s)")


def _rules(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--rules", default=config.RULES, choices=READINGS,
                          help="the reading of the rules every game is played by; keep each reading in its own "
                               "--results folder (default: config.RULES, %(default)s)")


def _noise(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--noise", default=config.NOISE, choices=config.NOISES,
                          help="the tie-breaking scheme every search plays by: thesis (a fresh number per "
                               "evaluation, reproducibly), position (per leaf position) or none; keep each in its "
                               "own --results folder (default: config.NOISE, %(default)s)")


def _jobs(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--jobs", type=_setting("jobs"), default=config.JOBS,
                          help="parallel workers, not 0; -1: all cores; results do not depend on it "
                               "(default: config.JOBS, %(default)s)")


def _depth(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--depth", type=_setting("depth"), default=config.DEPTH,
                          help="search depth in plies (default: config.DEPTH, %(default)s)")


def _rounds(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--rounds", type=_setting("rounds"), default=config.ROUNDS,
                          help="games per ordered pairing, at least 1 (default: config.ROUNDS, %(default)s)")


def _train_rounds(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--rounds", dest="train_rounds", type=_setting("train_rounds", "rounds"),
                          default=config.TRAIN_ROUNDS,
                          help="the minimax rounds (games per ordered pairing) the model learns from, played if "
                               "missing, at least 1 (default: config.TRAIN_ROUNDS, %(default)s)")


def _set(default: str) -> Adder:
    return lambda p: p.add_argument("--set", default=default, choices=config.SETS,
                                    help="the strategy set: the thesis's Table 10.1, or ours from Harmony* "
                                         "(default: %(default)s)")


def _tournament_method(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--method", default=_Later(PIPELINE, lambda m: _default(m.set_tournament, "method")),
                          choices=_Later(PIPELINE, lambda m: m.BLACK_SEARCHES), metavar="METHOD",
                          help="Black's search: plain alpha-beta, or the asymmetric tree, which needs the set's "
                               "trained model (%(choices)s; default: %(default)s)")


def _openings(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--openings", type=_setting("openings"), default=0,
                          help="plies of each game's seeded random opening, a non-negative even number; 0: every "
                               "game from the start position, the thesis's (default: %(default)s)")


def _compare_method(p: argparse.ArgumentParser) -> tuple:
    return (p.add_argument("--method", required=True, nargs="+", action="extend",
                           choices=_Later("pawnslib.experiments.chapter13", lambda m: tuple(m.METHODS)),
                   metavar="METHOD", help="Black's methods, of those listed below, played in turn (required)"),
            p.add_argument("--white-depth", type=_setting("white_depth", "white-depth"),
                           help="White's depth if not --depth (runs/ch13_white<D>/)"),
            p.add_argument("--white-noise",
                           choices=_Later("pawnslib.experiments.predictability", lambda m: tuple(m.WHITE_NOISES)),
                           metavar="NOISE",
                           help="a cell of the map of where prediction pays: how White breaks ties (none: never by "
                                "noise, half: in a seeded half of its searches, thesis: always), at White's depth, "
                                "from seeded openings (runs/ch13_map/<noise>_white<D>/; %(choices)s)"))


def _model_kind(p: argparse.ArgumentParser) -> tuple:
    return (p.add_argument("--slices", type=int, default=_Later(PIPELINE, lambda m: _default(m.train_model, "slices")),
                           choices=_Later(PIPELINE, lambda m: tuple(m.MODELS)), metavar="SLICES",
                           help="one slice for both colours (the thesis's) or one per colour (%(choices)s; "
                                "default: %(default)s)"),
            p.add_argument("--latent", default=_Later(PIPELINE, lambda m: _default(m.train_model, "latent")),
                           choices=_Later("pawnslib.dbn.learn", lambda m: m.LATENTS), metavar="LATENT",
                           help="S_w latent per training row (the thesis's) or per game (one slice only; "
                                "%(choices)s; default: %(default)s)"))


def _part(p: argparse.ArgumentParser) -> object:
    return p.add_argument("--part", type=int, choices=_Later("pawnslib.experiments.warmup", lambda m: m.PARTS),
                          default=None, metavar="PART",
                          help="compile only this part's kernels, to run the parts side by side (%(choices)s; "
                               "default: all)")


SETTINGS = (_seed, _rules, _noise, _jobs)  # what every step plays by


# ----------------------------------------------------------------------------- the commands


def _settings(a: argparse.Namespace) -> RunSettings:
    """The run's settings from the parsed options: each option's destination is the field it sets."""
    return RunSettings(**{f.name: getattr(a, f.name) for f in fields(RunSettings) if hasattr(a, f.name)})


def _harmony(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.experiments import pipeline

    pipeline.find_strategies(a.results, settings=_settings(a))
    return ()


def _tournament(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.experiments import pipeline

    pipeline.set_tournament(a.results, a.set, method=a.method, settings=_settings(a))
    return ()


def _train(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.experiments import pipeline

    if a.latent == "game" and a.slices != 1:
        _error(a.command, f"argument --latent: --latent game (one S_w per game) is a one-slice model, "
                          f"not with --slices {a.slices}")
    pipeline.train_model(a.results, a.set, settings=_settings(a), slices=a.slices, latent=a.latent)
    if a.latent == "game":  # and the set's recognisers of White: Chapter 13's prom-dbn-cal and prom-learned, the board
        pipeline.tempered_recogniser(a.results, a.set, settings=_settings(a))
        pipeline.choice_model(a.results, a.set, settings=_settings(a))
    return ()


def _compare(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.experiments import chapter13, predictability
    from pawnslib.play.openings import OPENING_PLIES

    if a.white_noise is not None:  # a cell of the map: its settings are the cell's
        if a.openings:
            _error(a.command, f"argument --openings: a cell of the map (--white-noise) plays its own "
                              f"{OPENING_PLIES}-ply openings")
        cell = (a.white_noise, a.depth if a.white_depth is None else a.white_depth)
        predictability.cell_games(a.results, a.set, cell, settings=_settings(a).replace(white_depth=None),
                                  methods=a.method, rounds=a.rounds)
        return ()
    for method in dict.fromkeys(a.method):
        chapter13.method_games(a.results, a.set, method, settings=_settings(a))
    return ()


def _compile(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.experiments import warmup

    print(f"kernels compiled or loaded in {warmup.compile_kernels(part=a.part):.0f} s")
    return ()


def _site(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.report import book

    return book.build_site(a.results)


def _tidy(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.report.tidy import tidy_notebook

    for path in a.notebooks:
        tidy_notebook(path)
    return ()


def _check_reproducible(a: argparse.Namespace) -> Sequence[Page]:
    from pawnslib.report import reproducible

    found = (reproducible.differences(a.results, a.other, timing=a.timing) if a.other else
             reproducible.differences_from_git(a.results, rev=a.rev, timing=a.timing))
    against = a.other or f"git {a.rev}"
    for line in found:
        print(line.replace("only in A", f"only in {a.results}").replace("only in B", f"only in {against}"))
    print(f"{len(found)} difference(s) between {a.results} and {against}"
          + (", timing data included" if a.timing else " outside the timing data"))
    if found:
        sys.exit(1)
    return ()


def _notebooks(p: argparse.ArgumentParser) -> object:
    return p.add_argument("notebooks", nargs="+", type=_file, metavar="NOTEBOOK", help="executed notebooks (.ipynb)")


def _compared(p: argparse.ArgumentParser) -> tuple:
    what = p.add_mutually_exclusive_group()
    return (what.add_argument("--rev", default="HEAD",
                              help="compare with what this git revision holds (default: %(default)s)"),
            what.add_argument("--other", type=_folder(True), help="compare with this results folder instead of git"),
            p.add_argument("--timing", action="store_true", help="compare the timing data too (logs/, *timing*)"))


@dataclass(frozen=True)
class Command:
    """A command: what it does (one line), its options, the function that runs it, its examples."""

    help: str
    options: tuple[Adder, ...]
    run: Callable[[argparse.Namespace], Sequence[Page]]
    examples: str
    notes: Callable[[], str] | None = None  # what is shown after the examples (made only for the command's help)
    # What Ctrl-C leaves: a step appends each game as it ends and resumes from them; a file is only ever whole
    # (files.replaced_atomically), so what was being written when Ctrl-C came is simply not there.
    kept: str = "every finished game is kept, and the same command resumes from them"


def _plain(text: str) -> str:
    """``text``'s TeX formulas as plain text, for a terminal: ``$P(S_w \\mid \\text{x})$`` reads ``P(S_w | x)``."""
    return re.sub(r"\\text\{([^}]*)\}", r"\1", text).replace("\\mid", "|").replace("$", "")


def _methods() -> str:
    """Chapter 13's methods, a line or more each: ``compare``'s notes."""
    from pawnslib.experiments import chapter13

    return "methods:\n" + "\n".join(textwrap.fill(_plain(m.what), 110, initial_indent=f"  {m.name:14} ",
                                                  subsequent_indent=" " * 17) for m in chapter13.METHODS.values())
COMMANDS = {
    "harmony": Command(
        "find a strategy set by Harmony* (Chapter 10): data/strategies_harmony.json",
        (_results(False), _new, *SETTINGS), _harmony,
        "  python -m pawnslib harmony\n"
        "  python -m pawnslib harmony --rules king --results results/king --seed 7 --jobs 2"),
    "tournament": Command(
        "play a set's round robin (Table 10.2; Chapter 11 with --method asym): runs/<set>_<method>",
        (_results(False), _new, _set(config.SETS[0]), _tournament_method, _rounds, _depth, _openings, *SETTINGS),
        _tournament,
        "  python -m pawnslib tournament --set thesis                  # Table 10.2's games: runs/thesis_minimax\n"
        "  python -m pawnslib tournament --set thesis --method asym    # Chapter 11's games: runs/thesis_asym\n"
        "  python -m pawnslib tournament --set thesis --rules king --results results/king   # the king reading"),
    "train": Command(
        "fit the set's opponent model (the DBN) to its minimax games: data/dbn_<set>.npz",
        (_results(False), _new, _set(config.SETS[0]), _model_kind, _train_rounds, _depth, _openings, *SETTINGS),
        _train,
        "  python -m pawnslib train --set thesis                # the opponent model: data/dbn_thesis.npz\n"
        "  python -m pawnslib train --set thesis --slices 2     # Chapter 13's two-slice model: data/dbn2_thesis.npz\n"
        "  python -m pawnslib train --set thesis --latent game  # one S_w per game, and the recognisers",
        kept="every finished game is kept; no model is saved until EM ends, and the same command starts it again"),
    "compare": Command(
        "play Black methods' games of Chapter 13's paired comparison: runs/ch13/<set>_<method>",
        (_results(False), _new, _set(config.COMPARISON_SET), _compare_method, _rounds, _depth, _openings,
         *SETTINGS),
        _compare,
        "  python -m pawnslib compare --method plain8              # runs/ch13/thesis_plain8\n"
        "  python -m pawnslib compare --method plain6 oracle --white-depth 4 --rounds 50   # runs/ch13_white4/\n"
        "  python -m pawnslib compare --method plain6 oracle --white-noise none --white-depth 2 --rounds 25\n"
        "      # a cell of the map of where prediction pays: runs/ch13_map/none_white2/",
        _methods),
    "compile": Command(
        "compile the kernels every step plays by into numba's cache, once, by playing small games of every kind",
        (_part,), _compile,
        "  python -m pawnslib compile                 # after an install or a change to pawnslib: a minute or two\n"
        "  python -m pawnslib compile --part 1 & python -m pawnslib compile --part 2   # side by side",
        kept="every kernel compiled so far stays in numba's cache"),
    "site": Command(
        "build the results site from RESULTS' executed notebooks: RESULTS/html/index.html and a page per notebook",
        (_results(True),), _site,
        "  python -m pawnslib site                              # results/html/index.html, results/html/<name>.html\n"
        "  python -m pawnslib site --results /tmp/copy_of_results",
        kept="the site may be part built; the same command builds it again"),
    "tidy": Command(
        "take what a run stamps (times, random ids, progress bars) out of executed notebooks, in place",
        (_notebooks,), _tidy,
        "  python -m pawnslib tidy results/notebooks/04_pawns.ipynb",
        kept="the notebooks tidied so far are kept"),
    "check-reproducible": Command(
        "list every file of RESULTS that differs from the committed one (or from --other), timing data apart; "
        "exit status 1 if any",
        (_results(True), _compared), _check_reproducible,
        "  python -m pawnslib check-reproducible                     # results/ against git HEAD\n"
        "  python -m pawnslib check-reproducible --results /tmp/a --other /tmp/b",
        kept="it writes nothing"),
}


def _parsers(built: Sequence[str]) -> tuple[_Parser, dict[str, _Parser], dict[str, set[str]]]:
    """The command line's parser, each command's own, and the option strings of the commands in ``built``, the only
    ones whose options (and notes) are made: a command's options may import its step's modules."""
    raw = argparse.RawDescriptionHelpFormatter
    top = _Parser(prog=PROG, description=DESCRIPTION, formatter_class=raw, allow_abbrev=False,
                  epilog="examples:\n" + "\n".join(c.examples for c in COMMANDS.values()))
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    parsers, options = {}, {}
    for name, c in COMMANDS.items():
        made = name in built
        epilog = f"examples:\n{c.examples}" + (f"\n\n{c.notes()}" if c.notes and made else "")
        parsers[name] = p = sub.add_parser(name, help=c.help, description=c.help[0].upper() + c.help[1:] + ".",
                                           epilog=epilog, formatter_class=raw, allow_abbrev=False)
        if not made:
            continue
        options[name] = set()
        for add in c.options:
            actions = add(p)
            for action in actions if isinstance(actions, tuple) else (actions,):
                options[name].update(action.option_strings)
    return top, parsers, options


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed arguments (``command`` names the command), without running anything.

    Only the command asked for has its options made (:func:`_parsers`): ``--help`` alone makes none, and so loads
    no step's module.

    Raises:
        SystemExit: status 2 with one line on stderr for a bad value or path, or an option the command does not take;
            status 0 after ``--help``.
    """
    argv = list(argv)
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):  # before the command: which take it?
        top, parsers, options = _parsers(COMMANDS)
        takes = [n for n in parsers if argv[0] in options[n]]
        top.error(f"{argv[0]} comes before the command; options go after it, as in `{PROG} "
                  f"{next((x for x in argv if x in parsers), takes[0] if takes else 'COMMAND')} {argv[0]} ...`"
                  + (f" (taken by: {', '.join(takes)})" if takes else f": no command takes {argv[0]}"))
    top, parsers, _ = _parsers(argv[:1])
    a, extras = top.parse_known_args(argv)
    if extras:  # argparse would report them as the top parser's; they are the command's
        parsers[a.command].error(f"unrecognized arguments: {' '.join(extras)} "
                                 f"({PROG} {a.command} --help lists its options)")
    if getattr(a, "new", None) is False and not Path(a.results).exists():  # a step that plays, into no folder
        parsers[a.command].error(f"argument --results: {a.results}: no such folder; add --new to start a new results "
                                 "folder there")
    for name, value in vars(a).items():  # a default from a step's module, now that the command runs
        if isinstance(value, _Later):
            setattr(a, name, value.value)
    return a


def _blamed(error: Exception, a: argparse.Namespace) -> str:
    """A step's refusal, on the options of the settings it is about (:data:`STEP_NAMES` the command has):
    ``argument --depth: <message>``. The settings are the exception's own fields, never read off its message."""
    fields = (error.fields if isinstance(error, SettingsMismatch) else
              (error.field,) if isinstance(error, SettingError) else ())
    options = [f"--{name}" for name in dict.fromkeys(fields) if name in STEP_NAMES and hasattr(a, name)]
    message = str(error)
    return f"argument{'s' if len(options) > 1 else ''} {', '.join(options)}: {message}" if options else message


def main(argv: Sequence[str] | None = None) -> None:
    """Run one command, from ``argv`` (default: ``sys.argv[1:]``).

    Raises:
        SystemExit: status 2 with a one-line message on stderr for a bad argument or a step's refusal
            (``ValueError`` and its subclasses, ``FileNotFoundError``); status 0 after ``--help``; status
            :data:`INTERRUPTED` with a line saying what was kept after Ctrl-C.
    """
    a = parse(sys.argv[1:] if argv is None else argv)
    import joblib  # after parsing: --help and a bad argument import nothing they do not need

    # Ctrl-C is the command's to handle: its joblib workers ignore it (the command's interrupt stops them), so none
    # prints a traceback of its own from wherever the interrupt found it
    quiet_workers = joblib.parallel_config(backend="loky", initializer=signal.signal,
                                           initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        with quiet_workers:
            pages = COMMANDS[a.command].run(a)
    except (ValueError, FileNotFoundError) as e:
        _error(a.command, _blamed(e, a))
    except KeyboardInterrupt:  # Ctrl-C: one line saying what the command leaves (Command.kept)
        sys.stderr.write(f"\n{PROG} {a.command}: interrupted; {COMMANDS[a.command].kept}\n")
        raise SystemExit(INTERRUPTED) from None
    for page in pages:
        for tex in page.unconverted:
            print(f"{page.path}: formula not converted to MathML, shown as TeX: {tex}", file=sys.stderr)


if __name__ == "__main__":
    main()
