"""The statistics page (analytics.md) with its charts and downloads (analytics/) in the docs folder.

Every number on the page is computed in the build; the template only lays them out.
Text reaches the page through jinja2 autoescaping; links are relative to the
page's URL (analytics/), as on the site's other pages.
"""
from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pandas as pd
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from rules.nanning.codes import SEATS_FROM_DEALER, tiles_for
from rules.nanning.model import Shape
from rules.nanning.preset import preset
from rules.nanning.tiles import name
from rules.zipai.presets import readings_data

from . import charts, moma
from .nanning import MEASURES
from .tables import one_in
from .zipai import Hand

PAGE = "analytics.md"
FOLDER = "analytics"
ROOT = "../"  # the page is served at analytics/


def probability(p: Fraction) -> str:
    """A probability for people: a percentage down to 0.1%, then a power of ten."""
    if p == 0:
        return "0"
    if p >= Fraction(1, 1000):
        return f"{float(p) * 100:#.3g}".rstrip(".") + "%"  # keep trailing zeros: 5.40%
    mantissa, exponent = f"{float(p):.2e}".split("e")
    # <sup> in the page's own font: the Unicode superscripts ⁻⁴…⁹ come from other fonts than ¹²³
    return Markup(f"{mantissa}×10<sup>{str(int(exponent)).replace('-', '−')}</sup>")


def times(x: Fraction | float) -> str:
    return f"{float(x):,.0f}" if x >= 100 else f"{float(x):.3g}"


def rarity_context(found) -> dict:
    r = found.rarity
    jihu = next(row for row in r.rows if row.category.label == Shape.JIHU.value)
    rows = []
    for row in r.rows:
        p = r.probability(row.count)
        rows.append({"label": row.category.label, "count": row.count, "p": probability(p),
                     "one_in": one_in(p), "zimo": row.zimo, "fangpao": row.fangpao, "also": row.also_jihu,
                     "rarer": times(Fraction(jihu.count, row.count)) if row.count else "—",
                     "pays": times(Fraction(row.zimo, jihu.zimo))})
    rarest = min((row for row in r.rows if row.count), key=lambda row: row.count)
    pengpeng = [row for row in r.rows if row.category.shape is Shape.PENGPENG]
    return {
        "rows": rows, "all_hands": r.all_hands, "complete": r.complete,
        "complete_p": probability(r.probability(r.complete)), "complete_one_in": one_in(r.probability(r.complete)),
        "jihu_share": f"{float(Fraction(jihu.count, r.complete)) * 100:.2f}%",
        "rarest": {"label": rarest.category.label, "p": probability(r.probability(rarest.count)),
                   "rarer": times(Fraction(jihu.count, rarest.count)), "pays": times(Fraction(rarest.zimo, jihu.zimo)),
                   "zimo": rarest.zimo},
        "impossible": [row.category.label for row in r.rows if not row.count],
        "standard": r.standard, "seven": r.seven, "both": r.both,
        "pengpeng": sum(row.count for row in pengpeng), "pengpeng_also": sum(row.also_jihu for row in pengpeng),
    }


def published_context(found) -> dict:
    rows = [{"title": m.source["title"], "url": m.source["url"], "label": m.label, "measure": MEASURES[m.measure],
             "published": m.published, "computed": m.computed} for m in found.matches]
    sources = {m.source["id"]: m.source for m in found.matches}
    by_measure = {m.measure: m for m in found.matches}
    union = None
    if {"standard", "seven", "standard_and_seven"} <= by_measure.keys():
        # four sets and a pair, or seven pairs: exactly Nanning's complete hands
        value = sum(by_measure[k].published * s for k, s in (("standard", 1), ("seven", 1), ("standard_and_seven", -1)))
        union = {"value": value, "computed": found.rarity.complete}
    return {"rows": rows, "sources": list(sources.values()), "union": union}


def moma_context(found, crosscheck: pd.DataFrame | None) -> dict:
    codes = preset().value("moma_codes")
    main = [o for o in found.odds if o.model == "和牌" and o.codes == codes]
    finding = {}
    if crosscheck is not None:
        finding = dict(zip(crosscheck["example_id"], crosscheck["finding_id"]))
    seats = []
    for o in main:
        claimed, example = found.claims.get(o.seat, (None, None))
        seats.append({
            "name": SEATS_FROM_DEALER[o.seat], "tiles": "、".join(name(t) for t in tiles_for(o.seat)),
            "copies": o.copies, "claimed": claimed, "example": example, "finding": finding.get(example),
            # the document's count taken at its word, the codes n random tiles of the 136
            "doc_any": probability(1 - moma.hypergeometric(moma.TILES, claimed, codes)[0]) if claimed else None,
            "p": [probability(q) for q in o.p], "any": probability(o.any_hit),
            "additive": f"{float(o.additive):.3f}", "compound": f"{float(o.compound):.3f}",
        })
    by_key = {(o.model, o.seat, o.codes): o for o in found.odds}
    gap = max(abs(o.any_hit - by_key[("随机", o.seat, o.codes)].any_hit) for o in found.odds if o.model == "和牌")
    seat = {o.seat: o for o in main}
    return {"codes": codes, "seats": seats, "models": moma.MODELS, "unseen": moma.UNSEEN,
            "max_codes": max(o.codes for o in found.odds), "model_gap": f"{float(gap) * 100:.2f}",
            "ratio": f"{float((seat[0].additive - 1) / (seat[3].additive - 1)):.2f}"}  # dealer against his 上家


def zipai_context(found) -> dict:
    z = found.zipai
    sizes = sorted(z.hands)
    reading_names = {r["id"]: r["name"] for r in readings_data()["reading"]}
    rows = [{"name": c.label, "definition": c.definition, "pays": c.pays, "rule": c.rule, "reading": c.reading,
             "reading_name": reading_names.get(c.reading, ""),
             "p": [probability(Fraction(z.counts[(c.key, n)], z.hands[n])) for n in sizes],
             "one_in": [one_in(Fraction(z.counts[(c.key, n)], z.hands[n])) for n in sizes]} for c in z.conditions]
    mean = {n: Fraction(sum(r * w for r, w in enumerate(z.reds[n])), z.hands[n]) for n in sizes}
    return {"deck": z.deck, "sizes": sizes, "rows": rows, "mean": {n: f"{float(m):.2f}" for n, m in mean.items()}}


def red_spans(z) -> list[tuple[int, int | None, str]]:
    """The red counts each colour condition holds for (high None: and everything above), for the chart."""
    out = []
    for c in z.conditions:
        if c.colour:
            reds = [r for r in range(z.deck.dealer + 1) if c.holds(Hand(r, 0, 0))]
            out.append((reds[0], None if reds[-1] == z.deck.dealer else reds[-1], c.label))
    return out


def write(docs: Path, generated: Path, found, files: dict[str, str]) -> int:
    """Write the page, its charts and its downloads; returns the number of charts."""
    folder = docs / FOLDER
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for file in files.values():
        data = (generated / file).read_bytes()
        bom = "\ufeff".encode() if file.endswith(".csv") and not data.startswith("\ufeff".encode()) else b""
        (folder / file).write_bytes(bom + data)  # CSV with a byte-order mark: Excel reads it as UTF-8
    claimed = {seat: n for seat, (n, _) in found.claims.items()}
    sizes = charts.draw(folder, [
        ("rarity.svg", charts.rarity, (found.rarity,)),
        ("moma.svg", charts.moma, (found.odds, claimed, dict(enumerate(SEATS_FROM_DEALER)))),
        ("zipai-conditions.svg", charts.zipai_conditions, (found.zipai,)),
        ("zipai-reds.svg", charts.zipai_reds, (found.zipai, red_spans(found.zipai))),
    ])
    crosscheck_path = generated / "crosscheck.csv"
    crosscheck = pd.read_csv(crosscheck_path, dtype=str, keep_default_na=False) if crosscheck_path.exists() else None
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent / "templates")), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["n"] = lambda v: "—" if v is None else f"{v:,}"
    text = env.get_template("analytics.md.j2").render(
        root=ROOT, files=files, charts=sizes,
        nn=rarity_context(found), pub=published_context(found), ma=moma_context(found, crosscheck),
        zp=zipai_context(found),
    )
    (docs / PAGE).write_text(text, encoding="utf-8")
    return len(sizes)
