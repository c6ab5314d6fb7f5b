"""The build: each step says what it does and how long it took."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import sourcedata
from .outputs import write_csv
from .paths import EXAMPLES, GENERATED, SITE


def _steps(site: bool, site_dir: Path) -> list[tuple[str, Callable[[], str]]]:
    steps: list[tuple[str, Callable[[], str]]] = [
        ("读取并核对原文", _sources),
        ("逐行分类、对齐两份南宁抄本", _articles),
        ("抽取算例", _examples),
    ]
    return steps


def _sources() -> str:
    from .sources import documents

    docs = documents()
    return ", ".join(f"{d.id}: {len(d.lines)} 行" for d in docs.values())


def _articles() -> str:
    lines = sourcedata.lines_table()
    write_csv(lines, GENERATED / "lines.csv")
    write_csv(sourcedata.class_counts().reset_index(), GENERATED / "line_class_counts.csv")
    for game in sourcedata.GAMES:
        write_csv(sourcedata.article_table(game), GENERATED / f"{game}_article.csv")
    diffs = sourcedata.differences_table()
    write_csv(diffs, GENERATED / "nanning_copy_differences.csv")
    return f"{len(lines)} 行，两份抄本差异 {len(diffs)} 处"


def _examples() -> str:
    table = sourcedata.examples_table()
    write_csv(table, EXAMPLES / "examples.csv")
    per_doc = table.groupby("doc").size().to_dict()
    return f"{len(table)} 行（" + "，".join(f"{d}: {n}" for d, n in sorted(per_doc.items())) + "）"


def run(site: bool = True, site_dir: str | None = None) -> None:
    target = Path(site_dir) if site_dir else SITE
    steps = _steps(site, target)
    started = time.perf_counter()
    for number, (title, step) in enumerate(steps, start=1):
        print(f"[{number}/{len(steps)}] {title}…", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        summary = step()
        print(f"      {summary}（{time.perf_counter() - t0:.1f} 秒）", file=sys.stderr, flush=True)
    print(f"完成，用时 {time.perf_counter() - started:.1f} 秒", file=sys.stderr)
