"""The conda environment and pyproject.toml must name the same dependencies."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(req: str) -> str:
    return re.split(r"[<>=!\[ ;]", req.strip(), maxsplit=1)[0].lower()


def test_environment_yml_matches_pyproject():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in meta["dependencies"] + meta["optional-dependencies"]["dev"]}
    listed = set()
    for line in (ROOT / "environment.yml").read_text().splitlines():
        m = re.match(r"\s*-\s+([A-Za-z][\w.-]*)", line)
        if m and m.group(1) not in ("python", "pip", "conda-forge"):
            listed.add(_name(m.group(1)))
    assert wanted == listed, f"only in pyproject: {wanted - listed}; only in environment.yml: {listed - wanted}"


def test_torch_is_never_a_dependency():
    text = (ROOT / "pyproject.toml").read_text() + (ROOT / "environment.yml").read_text()
    assert "torch" not in text
