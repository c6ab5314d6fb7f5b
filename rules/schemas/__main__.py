"""`python -m rules.schemas [--write]`: check (or write) the request schemas the declarations give.

The request schemas (``<game>.<command>.request``) and ``common``'s shared definitions are read from
the requests' declarations (`rules.schemas.generated`), and the drill schema's example from the core;
every other schema is written by hand.
Without ``--write``, exit status 1 and the names of the files that differ when any does.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import SUFFIX, dumps, generated


def main(argv: list[str] | None = None) -> int:
    """Check the generated schemas against the files (0: the same), or write them (``--write``).

    Examples:
        >>> main([])
        0
    """
    parser = argparse.ArgumentParser(prog="python -m rules.schemas", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the files that differ")
    args = parser.parse_args(argv)
    folder = Path(__file__).resolve().parent
    stale = []
    for name, schema in generated().items():
        path = folder / f"{name}{SUFFIX}"
        if not path.is_file() or path.read_text(encoding="utf-8") != dumps(schema):
            stale.append(name)
            if args.write:
                path.write_text(dumps(schema), encoding="utf-8")
    for name in stale:
        print(f"{'wrote' if args.write else 'differs'}: rules/schemas/{name}{SUFFIX}", file=sys.stderr)
    return 1 if stale and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
