"""Command line for the expensive, resumable steps of the reproduction (the Makefile runs these).

Its options build one :class:`~pawnslib.config.RunSettings` (each checked as it is parsed, so a bad value is
an error naming its option), which the step passes down; the site's steps have their own options.

Imports: ``config``, :mod:`pawnslib.game.rules` (the readings) and the experiments :mod:`~.experiments.pipeline`
and :mod:`~.experiments.chapter13`; :mod:`pawnslib.report`'s render and site only inside the site's steps.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from pawnslib import config
from pawnslib.config import RunSettings
from pawnslib.experiments import chapter13, pipeline
from pawnslib.game.rules import READINGS

EXAMPLES = """examples:
  python -m pawnslib harmony                                  # Harmony*: data/strategies_harmony.json
  python -m pawnslib tournament --set thesis                  # Table 10.2's games: runs/thesis_minimax
  python -m pawnslib train --set thesis                       # the opponent model: data/dbn_thesis.npz
  python -m pawnslib tournament --set thesis --method asym    # Chapter 11's games: runs/thesis_asym
  python -m pawnslib train --set thesis --slices 2            # Chapter 13's two-slice model: data/dbn2_thesis.npz
  python -m pawnslib train --set thesis --latent game         # one S_w per game: data/dbn_game_thesis.npz
  python -m pawnslib compare --set thesis --method plain8     # one method of Chapter 13: runs/ch13/thesis_plain8
  python -m pawnslib tournament --set harmony --seed 7 --jobs 2 --results elsewhere
  python -m pawnslib tournament --set thesis --rules king --results results/king   # the king-step reading

the results site (`python -m pawnslib render --help`):
  python -m pawnslib render results/notebooks/08_dbn.ipynb --html-dir results/html   # one executed notebook's page
  python -m pawnslib index                                    # the front page: results/html/index.html
  python -m pawnslib site                                     # every page of results/, then the front page
"""
SITE_STEPS = ("render", "index", "site")
SITE_EXAMPLES = """examples:
  python -m pawnslib render results/notebooks/08_dbn.ipynb --html-dir results/html --reading kalles \\
      --variant king=results/king/html
  python -m pawnslib render results/king/notebooks/08_dbn.ipynb --html-dir results/king/html --reading king \\
      --index results/html/index.html --variant kalles=results/html \\
      --chapters 03_minimax 07_features 08_dbn 11_asymmetric_game_tree
  python -m pawnslib index --results results
  python -m pawnslib site --results /tmp/copy_of_results
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``python -m pawnslib: error: <message>``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _setting(field: str):
    """An argparse ``type`` for an integer option that sets ``RunSettings.<field>``, checked by RunSettings' rule.

    A bad value is argparse's one-line error naming the option: ``argument --seed: seed must be ...``.
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
        try:
            RunSettings().replace(**{field: value})
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e).removeprefix("RunSettings.")) from None
        return value

    return parse


def _parser() -> _Parser:
    ap = _Parser(prog="python -m pawnslib", description=__doc__, epilog=EXAMPLES,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["harmony", "tournament", "train", "compare", *SITE_STEPS],
                    help="harmony: find a strategy set by Harmony*; tournament: play a set's round robin; "
                         "train: fit the set's opponent model (DBN) to its minimax games; compare: play one "
                         "Black method's games of Chapter 13's paired comparison; render, index, site: the "
                         "results site's pages (their own options: python -m pawnslib render --help)")
    ap.add_argument("--results", default="results", help="the results folder (default: %(default)s)")
    ap.add_argument("--seed", type=_setting("seed"), default=config.SEED,
                    help="master seed, a non-negative integer (default: config.SEED, %(default)s)")
    ap.add_argument("--rules", default=config.RULES, choices=READINGS,
                    help="the reading of the rules every game is played by; keep each reading in its own "
                         "--results folder (default: config.RULES, %(default)s)")
    ap.add_argument("--noise", default=config.NOISE, choices=config.NOISES,
                    help="the tie-breaking scheme every search plays by: thesis (a fresh number per evaluation, "
                         "reproducibly), position (per leaf position) or none; keep each in its own --results "
                         "folder (default: config.NOISE, %(default)s)")
    ap.add_argument("--set", default="thesis", choices=pipeline.SETS,
                    help="tournament, train: strategy set, the thesis's Table 10.1 or ours from Harmony* "
                         "(default: %(default)s)")
    ap.add_argument("--method", default=None, choices=pipeline.METHODS + tuple(chapter13.METHODS),
                    help="tournament: Black's search, plain alpha-beta or the asymmetric tree, which needs "
                         "the set's trained model (default: minimax); compare: one of Chapter 13's methods "
                         "(required)")
    ap.add_argument("--slices", type=int, default=1, choices=[1, 2],
                    help="train: one slice for both colours (the thesis's) or one per colour (default: %(default)s)")
    ap.add_argument("--latent", default="row", choices=pipeline.LATENTS,
                    help="train: S_w latent per training row (the thesis's) or per game (one slice only; "
                         "default: %(default)s)")
    ap.add_argument("--rounds", type=_setting("rounds"), default=None,
                    help=f"tournament, train: games per ordered pairing, at least 1 (default: config.ROUNDS, "
                         f"{config.ROUNDS}; for train config.TRAIN_ROUNDS, {config.TRAIN_ROUNDS})")
    ap.add_argument("--depth", type=_setting("depth"), default=config.DEPTH,
                    help="tournament, train: search depth in plies (default: config.DEPTH, %(default)s)")
    ap.add_argument("--jobs", type=_setting("jobs"), default=config.JOBS,
                    help="parallel workers, not 0; -1: all cores; results do not depend on it "
                         "(default: config.JOBS, %(default)s)")
    return ap


def _variant(text: str) -> tuple[str, str]:
    name, sep, folder = text.partition("=")
    if not (sep and name and folder):
        raise argparse.ArgumentTypeError(f"expected READING=HTML_DIR, got {text!r}")
    return name, folder


def _site_parser() -> _Parser:
    ap = _Parser(prog="python -m pawnslib", description="The results site: executed notebooks as HTML pages, "
                 "code folded, formulas as MathML, no network needed; and its front page.",
                 epilog=SITE_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    render = sub.add_parser("render", help="render one executed notebook to HTML_DIR/<name>.html")
    render.description = ("Render an executed notebook as a page: code folded (parameters shown), stderr left out, "
                          "formulas as MathML, a navigation bar at top and bottom.")
    render.add_argument("notebook", help="the executed notebook (papermill's output)")
    render.add_argument("--html-dir", required=True, help="the folder of the page")
    render.add_argument("--chapters", nargs="+", default=None, metavar="NAME",
                        help="the pages of HTML_DIR in reading order, names without suffix, for the previous and "
                             "next links (default: the notebooks beside NOTEBOOK, by name)")
    render.add_argument("--index", default=None, help="the site's front page (default: HTML_DIR/index.html)")
    render.add_argument("--reading", default=None, help="the reading of the rules the notebook ran under, shown "
                        "on the page (default: not shown)")
    render.add_argument("--variant", action="append", type=_variant, default=[], metavar="READING=HTML_DIR",
                        help="the same chapter's page under another reading is in HTML_DIR (repeatable)")
    for name, text in (("index", "write the front page, RESULTS/html/index.html, from what RESULTS holds"),
                       ("site", "render every executed notebook of RESULTS to its page, then the front page")):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--results", default="results", help="the results folder (default: %(default)s)")
    return ap


def _site_main(argv: list[str]) -> None:
    from pawnslib.report import render, site

    ap = _site_parser()
    a = ap.parse_args(argv)
    try:
        if a.step == "render":
            page = render.render_notebook(a.notebook, a.html_dir, chapters=a.chapters, index=a.index,
                                          reading=a.reading, variants=dict(a.variant))
            pages = [page]
        elif a.step == "index":
            site.build_index(a.results)
            pages = []
        else:
            pages = site.build_site(a.results)
    except (ValueError, FileNotFoundError) as e:
        ap.error(str(e))
    for page in pages:
        for tex in page.unconverted:
            print(f"{page.path}: formula not converted to MathML, shown as TeX: {tex}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    """Run one step.

    Args:
        argv: the arguments (default: ``sys.argv[1:]``).

    Raises:
        SystemExit: status 2 with a one-line message on stderr for a bad argument or any of
            the project's errors (``ValueError`` and its subclasses, ``FileNotFoundError``).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in SITE_STEPS:
        _site_main(argv)
        return
    ap = _parser()
    a = ap.parse_args(argv)
    if a.step in SITE_STEPS:
        ap.error(f"{a.step} takes its own options after it: python -m pawnslib {a.step} --help")
    settings = _settings(a)
    try:
        if a.step == "harmony":
            pipeline.find_strategies(a.results, settings=settings)
        elif a.step == "tournament":
            pipeline.play_tournament(a.results, a.set, method=a.method or "minimax", settings=settings)
        elif a.step == "compare":
            if a.method is None:
                ap.error(f"compare needs --method, one of {', '.join(chapter13.METHODS)}")
            chapter13.play_method(a.results, a.set, a.method, settings=settings)
        else:
            pipeline.train_model(a.results, a.set, settings=settings, slices=a.slices, latent=a.latent)
    except (ValueError, FileNotFoundError) as e:
        ap.error(str(e))


def _settings(a: argparse.Namespace) -> RunSettings:
    """The run's settings from the parsed options: ``--rounds`` is the training rounds for ``train``, else the
    tournament's rounds (each defaults to config's)."""
    settings = RunSettings(seed=a.seed, rules=a.rules, noise=a.noise, depth=a.depth, jobs=a.jobs)
    if a.rounds is None:
        return settings
    return settings.replace(**{"train_rounds" if a.step == "train" else "rounds": a.rounds})


if __name__ == "__main__":
    main()
