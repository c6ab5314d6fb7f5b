"""Where the rules core reads its data files.

The repository's data/ folder, unless a build was pointed at another copy
(`python -m generator build --data DIR`, used by the data-corruption tests).
The folder is chosen once, before the first file is read.
"""
from __future__ import annotations

from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[1] / "data"
_chosen: list[Path] = [DEFAULT]


def data_dir() -> Path:
    return _chosen[0]


def use_data_dir(folder: Path) -> None:
    """Read every data file from `folder` from now on (call before anything is loaded)."""
    _chosen[0] = Path(folder).resolve()
