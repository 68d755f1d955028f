"""How long a person's Run All of each notebook takes, and that saving it leaves `git status` clean.

Each notebook of ``notebooks/`` runs in a fresh kernel, every cell in order, as JupyterLab's Run All runs it (nbclient);
then it is saved through the running ``make lab`` server's contents API, the path Lab's save takes (its pre-save hook
strips the run), and ``git status --porcelain`` is printed. ``--first`` removes the scratch copy of the results
(``scratch/``) before each notebook, as a fresh clone has none. The README's table of notebook times comes from::

    make lab PORT=8899 TOKEN=x NO_BROWSER=1 &
    python benchmarks/notebook_times.py --port 8899 --token x --first   # then again without --first
"""

import argparse
import json
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run_and_save(name: str, port: int, token: str) -> float:
    """Run ``notebooks/<name>.ipynb`` as Run All does, save it through the server at ``port``; return the seconds."""
    path = ROOT / "notebooks" / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    where = {"metadata": {"path": str(path.parent)}}  # the notebook's folder, as Lab's kernel starts in
    client = NotebookClient(nb, kernel_name="pawnslib", timeout=3600, resources=where)
    client.execute()
    seconds = time.perf_counter() - start
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    request = urllib.request.Request(f"http://localhost:{port}/api/contents/notebooks/{name}.ipynb", data=body,
                                     method="PUT", headers={"Authorization": f"token {token}",
                                                            "Content-Type": "application/json"})
    urllib.request.urlopen(request).close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--first", action="store_true", help="remove scratch/ before each notebook")
    parser.add_argument("names", nargs="*", help="notebooks (default: every one of notebooks/)")
    a = parser.parse_args()
    for name in a.names or sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")):
        if a.first:
            shutil.rmtree(ROOT / "scratch", ignore_errors=True)
        seconds = run_and_save(name, a.port, a.token)
        status = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"], capture_output=True, text=True)
        print(f"{name}: {seconds:.1f} s; git status: {status.stdout.strip() or 'clean'}", flush=True)


if __name__ == "__main__":
    main()
