"""`python -m generator build`: generate the data, the charts and the site.

`python -m generator examples [--write]`: check (or write) the one committed
generated file, data/examples/examples.csv; a build only checks it.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rules.errors import RuleError

from .errors import BuildError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description="caipan 裁判 generator")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="generate data, charts and pages into build/, then the site into site/")
    build.add_argument("--no-site", action="store_true", help="stop after the data (skip charts and mkdocs)")
    build.add_argument("--site-dir", default=None, help="where to build the site (default: site/)")
    build.add_argument("--data", default=None, help="read the data files from this folder (default: data/)")
    build.add_argument("--out", default=None, help="write generated data and pages under this folder (default: build/)")
    build.add_argument("--quiet", action="store_true", help="no progress lines: stderr says only what went wrong")
    examples = sub.add_parser("examples", help="check data/examples/examples.csv against the data")
    examples.add_argument("--write", action="store_true", help="rewrite data/examples/examples.csv")
    examples.add_argument("--data", default=None, help="the data folder (default: data/)")
    args = parser.parse_args(argv)

    from .build import BuildContext, run
    from rules.data import use_data_dir

    defaults = BuildContext()
    data = Path(args.data).resolve() if args.data else defaults.data
    try:
        if args.command == "examples":
            from .sourcedata import check_examples, write_examples

            use_data_dir(data)
            if args.write:
                print(write_examples(), file=sys.stderr)
            else:
                print(check_examples(), file=sys.stderr)
            return 0
        out = Path(args.out) if args.out else None
        ctx = BuildContext(
            data=data,
            generated=out / "generated" if out else defaults.generated,
            docs=out / "docs" if out else defaults.docs,
            site=Path(args.site_dir) if args.site_dir else defaults.site,
            with_site=not args.no_site,
        )
        run(ctx, quiet=args.quiet)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RuleError as exc:  # rule data the first step could not see through (should not happen)
        print(f"error: rule data: {exc.one_line()}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    code = main()
    # A build leaves a large heap (payout rows, parsed pages, the site's structures): freeing it object
    # by object at exit took 0.6 s. Every file is written and closed by now, so the process ends at
    # once, as mypy's command line does.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
