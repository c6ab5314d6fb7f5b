"""Tables made from the sources: line classes, reconstructed articles, copy
differences and worked examples."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pandas as pd

from .datafile import fail
from .examples import extract
from .games import ids
from .inputs import check_inputs
from .outputs import csv_bytes, write_csv
from .paths import data_dir
from .structure import article
from .text import all_lines, class_labels


def games_with_article() -> list[str]:
    """The games built from a source document: those with a structure (data/structure/<id>.toml)."""
    return [game for game in ids() if (data_dir() / "structure" / f"{game}.toml").is_file()]


def lines_table() -> pd.DataFrame:
    """Every line of every document with its class and the article row it belongs to."""
    labels = class_labels()
    row_of = {}
    for game in games_with_article():
        for row in article(game).rows:
            for doc, numbers in row.sources.items():
                for n in numbers:
                    row_of[(doc, n)] = row.id
    records = []
    for doc_id, lines in all_lines().items():
        for line in lines:
            records.append({
                "doc": doc_id,
                "line": line.number,
                "class": line.cls,
                "class_zh": labels[line.cls],
                "why": line.why,
                "row_id": row_of.get((doc_id, line.number), ""),
                "original": line.original,
                "clean": line.clean if line.cls not in ("blank", "unrelated", "spam") else "",
                "spam_removed": "｜".join(line.spam),
                "folds": " ".join(line.folds),
            })
    return pd.DataFrame.from_records(records)


def class_counts() -> pd.DataFrame:
    """Lines per class per document (the figure issue 2 asks for)."""
    table = lines_table()
    counts = table.pivot_table(index="class", columns="doc", values="line", aggfunc="count", fill_value=0)
    order = list(class_labels())
    return counts.reindex(order, fill_value=0)


def article_table(game: str) -> pd.DataFrame:
    art = article(game)
    records = []
    for row in art.rows:
        record = {
            "id": row.id,
            "section": row.section,
            "block": row.block,
            "class": row.cls,
            "text": row.text,
            "inferred": row.inferred,
            "reason": row.reason,
            "provenance": row.cite(),
            "differences": " ".join(row.differences),
        }
        for doc in art.documents:
            record[f"lines_{doc}"] = " ".join(str(n) for n in row.sources.get(doc, ()))
            record[f"text_{doc}"] = row.texts.get(doc, "")
        records.append(record)
    return pd.DataFrame.from_records(records)


def differences_table(game: str) -> pd.DataFrame:
    """Where the two copies of a game's article differ, one row per difference."""
    art = article(game)
    first, second = art.documents
    records = []
    for row in art.rows:
        for kind in row.differences:
            records.append({
                "row_id": row.id,
                "kind": kind,
                f"lines_{first}": " ".join(str(n) for n in row.sources.get(first, ())),
                f"text_{first}": row.texts.get(first, ""),
                f"lines_{second}": " ".join(str(n) for n in row.sources.get(second, ())),
                f"text_{second}": row.texts.get(second, ""),
            })
    return pd.DataFrame.from_records(records)


def examples_table() -> pd.DataFrame:
    rows = []
    for game in games_with_article():
        for example in extract(game):
            record = asdict(example)
            record["pattern"] = "+".join(example.pattern)
            rows.append(record)
    return pd.DataFrame.from_records(rows)


EXAMPLES_FILE = "examples/examples.csv"
WRITE_EXAMPLES = "python -m generator examples --write"


def examples_csv() -> bytes:
    """examples.csv as the sources and data/examples/context.toml give it now."""
    return csv_bytes(examples_table())


def check_examples() -> str:
    """The committed examples.csv is what the data gives; a build never rewrites it."""
    committed = data_dir() / EXAMPLES_FILE
    fresh = examples_csv()
    try:
        current = committed.read_bytes()
    except FileNotFoundError:
        fail(EXAMPLES_FILE, "", f"file is missing; run `{WRITE_EXAMPLES}`")
    if current != fresh:
        old, new = current.decode("utf-8", "replace").splitlines(), fresh.decode("utf-8").splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        fail(EXAMPLES_FILE, f"line {first + 1}",
             f"out of date with the sources and data/examples/context.toml ({len(old) - 1} rows committed, "
             f"{len(new) - 1} extracted now); review and run `{WRITE_EXAMPLES}`")
    return f"{len(fresh.splitlines()) - 1} 行，与提交的 data/{EXAMPLES_FILE} 一致"


def write_examples() -> Path:
    """The one command that writes data/examples/examples.csv."""
    path = data_dir() / EXAMPLES_FILE
    path.write_bytes(examples_csv())
    return path


def steps(ctx) -> list:
    """Build steps: verify the sources and every data file, classify and align, check the examples."""

    def verify() -> str:
        docs = check_inputs()
        return ", ".join(f"{d.id}: {len(d.lines)} 行" for d in docs.values()) + "；数据文件均有效"

    def articles() -> str:
        lines = lines_table()
        write_csv(lines, ctx.generated / "lines.csv", schema="lines")
        write_csv(class_counts().reset_index(), ctx.generated / "line_class_counts.csv")
        differences = 0
        for game in games_with_article():
            write_csv(article_table(game), ctx.generated / f"{game}_article.csv")
            if len(article(game).documents) == 2:  # a game kept in two copies
                diffs = differences_table(game)
                write_csv(diffs, ctx.generated / f"{game}_copy_differences.csv")
                differences += len(diffs)
        return f"{len(lines)} 行，两份抄本差异 {differences} 处"

    return [("读取并核对原文与数据文件", verify), ("逐行分类、对齐两份抄本", articles),
            ("抽取算例并与提交的 examples.csv 核对", check_examples)]
