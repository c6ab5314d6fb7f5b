"""Tables made from the sources: line classes, reconstructed articles, copy
differences and worked examples."""
from __future__ import annotations

from dataclasses import asdict

import pandas as pd

from .examples import extract
from .games import ids
from .outputs import write_csv
from .paths import DATA
from .sources import documents
from .structure import article
from .text import all_lines, class_labels


def games_with_article() -> list[str]:
    """The games built from a source document: those with a structure (data/structure/<id>.toml)."""
    return [game for game in ids() if (DATA / "structure" / f"{game}.toml").is_file()]


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


def steps(ctx) -> list:
    """Build steps: verify the sources, classify and align, extract the examples."""

    def verify() -> str:
        return ", ".join(f"{d.id}: {len(d.lines)} 行" for d in documents().values())

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

    def examples() -> str:
        table = examples_table()
        write_csv(table, ctx.examples / "examples.csv")
        per_doc = table.groupby("doc").size().to_dict()
        return f"{len(table)} 行（" + "，".join(f"{d}: {n}" for d, n in sorted(per_doc.items())) + "）"

    return [("读取并核对原文", verify), ("逐行分类、对齐两份抄本", articles), ("抽取算例", examples)]
