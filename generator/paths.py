"""Where things live in the repository. The generator never reads ../shared at run time."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SOURCES = DATA / "sources"
GENERATED = DATA / "generated"
EXAMPLES = DATA / "examples"
SITE_SRC = ROOT / "site_src"
SITE = ROOT / "site"
