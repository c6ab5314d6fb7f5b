"""Where things live. Inputs and outputs never share a folder.

Hand-written inputs: data/ (sources, rule data, findings; read through
`data_dir()`, which a build may point at a copy) and site_src/assets/.
Generated outputs: build/generated/ (tables), build/docs/ (the MkDocs pages)
and site/, all ignored by git. The one committed generated file,
data/examples/examples.csv, is written only by `python -m generator examples --write`.
The generator never reads ../shared at run time.
"""
from __future__ import annotations

from pathlib import Path

from rules.data import data_dir  # one choice of data folder, for the core and the generator

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SOURCES = DATA / "sources"
EXAMPLES = DATA / "examples"
SITE_SRC = ROOT / "site_src"
BUILD = ROOT / "build"
GENERATED = BUILD / "generated"
DOCS = BUILD / "docs"
SITE = ROOT / "site"


def shown(path: Path) -> str:
    """A data file as messages name it: data/<path inside the data folder>."""
    try:
        return "data/" + path.resolve().relative_to(data_dir()).as_posix()
    except ValueError:
        return str(path)
