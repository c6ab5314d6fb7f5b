"""Chinese names for the internal keys of presets, options and constants, so readers never see
`yuanwen` or `kong_point`: text written by earlier build steps (rulings, cross-checks) names them."""
from __future__ import annotations

import re

KEY = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*(?![\w-])")
BRACKETED = re.compile(r"（([^（）]+)）")
# a reading or option with its value(s): "zp-r-rounding=ceil10|round10", "“最后一张牌”指哪一张=wall_card",
# "fishing_offset = one_share"
CHOICE = re.compile(r"([a-z][a-z0-9_]*(?:-[a-z0-9_]+)*|“[^”]+”[^=\s（）()]*) ?= ?([a-z0-9_]+(?:\|[a-z0-9_]+)*)")


def reading_names(readings: dict | None) -> dict[str, str]:
    """A game's readings report (`<id>_readings.json`) -> names: each reading, and each of its options
    under the reading's id and under its name."""
    out: dict[str, str] = {}
    for r in (readings or {}).get("readings", []):
        out[r["id"]] = r["name"]
        for o in r["options"]:  # "zp-r-rounding=ceil10", and the same under the reading's name
            out[f"{r['id']}={o['id']}"] = out[f"{r['name']}={o['id']}"] = f"{r['name']}：{o['label']}"
    return out


def preset_names(presets: dict | None) -> dict[str, str]:
    """A game's presets report (`<id>_presets.json`) -> names: presets and options by name, constants
    by their quote."""
    out: dict[str, str] = {}
    if presets:
        out.update({key: c["quote"] for key, c in presets["constants"].items()})
        out.update({key: o["name"] for key, o in presets["options"].items()})
        # "fishing_offset = one_share" in a ruling's text: the option's name and what the value says
        out.update({f"{key}={v}": f"{o['name']}：{text}" for key, o in presets["options"].items()
                    for v, text in o["values"].items()})
        out.update({p["id"]: p["name"] for p in presets["presets"]})
    return out


def site_names(d) -> dict[str, str]:
    """Internal key -> the name readers see, from every game's `reader_names` hook (generator.games)."""
    from ..games import sites

    out: dict[str, str] = {}
    for game, site in sites().items():
        out.update(site.reader_names(d.own.get(game, {})))
    return out


def readable(text: object, table: dict[str, str]) -> str:
    """Text with every internal key it names replaced by its Chinese name; "杠牌1分（kong_point）",
    where the name is already there, loses the bracket."""
    out = CHOICE.sub(lambda m: _choice(m.group(0), m.group(1), m.group(2), table), str(text))
    for key in BRACKETED.findall(out):  # only the brackets the text holds, not every key of the table
        if key in table:
            out = out.replace(f"{table[key]}（{key}）", table[key])
    return KEY.sub(lambda m: table.get(m.group(0), m.group(0)), out)


def _choice(whole: str, reading: str, options: str, table: dict[str, str]) -> str:
    labels = [table.get(f"{reading}={o}", table.get(f"{reading.strip('“”')}={o}")) for o in options.split("|")]
    if None in labels:
        return whole
    name = labels[0].split("：")[0]
    return f"{name}：{'或'.join(x.split('：', 1)[1] for x in labels)}"


def name_list(keys: object, table: dict[str, str]) -> str:
    """"yuanwen dapao9" -> "原文、大炮一律9分"; 字牌 readings come separated by "、" already."""
    parts = re.split(r"[\s、]+", str(keys).strip())
    return "、".join(readable(k, table) for k in parts if k)
