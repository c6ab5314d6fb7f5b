"""`python -m generator build`: generate the data, the charts and the site."""
from __future__ import annotations

import argparse
import sys

from .errors import BuildError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description="caipan 裁判 generator")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="generate data, charts and pages, then build the site into site/")
    build.add_argument("--no-site", action="store_true", help="stop after the data (skip charts and mkdocs)")
    build.add_argument("--site-dir", default=None, help="where to build the site (default: site/)")
    args = parser.parse_args(argv)
    from pathlib import Path

    from .build import BuildContext, run

    ctx = BuildContext(with_site=not args.no_site)
    if args.site_dir:
        ctx = BuildContext(site=Path(args.site_dir), with_site=ctx.with_site)
    try:
        run(ctx)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
