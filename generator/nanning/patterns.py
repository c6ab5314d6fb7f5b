"""The patterns a Nanning worked example names in its words (普通 / 门清 / 清一色 / 碰碰胡 /
七小对 / 七大对 / 全求人), for the example extraction (`generator.examples`)."""
from __future__ import annotations

from rules.nanning.model import Shape

PATTERN_WORDS = (
    ("七大对三组", "七大对三组"), ("三组", "七大对三组"), ("七大对二组", "七大对二组"), ("二组", "七大对二组"),
    ("七大对一组", "七大对一组"), ("一组", "七大对一组"), ("七大对", "七大对一组"),
    ("七小对", "七小对"), ("七对", "七小对"), ("碰碰胡", "碰碰胡"), ("清一色", "清一色"),
    ("全求人", "全求人"), ("门清", "门清"),
)


def example_patterns(text: str, defaults: list[str]) -> list[str]:
    """The patterns a worked example's words name, on top of its block's."""
    found: list[str] = list(defaults)
    rest = text
    for word, pattern in PATTERN_WORDS:
        if word in rest:
            rest = rest.replace(word, "")
            if pattern not in found:
                found.append(pattern)
    if "七大对一组" in found and ("七大对二组" in found or "七大对三组" in found):
        found.remove("七大对一组")
    return normalise_patterns(found)


SHAPES = tuple(s.value for s in Shape)  # 鸡胡 碰碰胡 七小对 七大对一组 二组 三组
PATTERN_ORDER = (*SHAPES, "门清", "清一色", "全求人")


def normalise_patterns(found: list[str]) -> list[str]:
    """One shape (鸡胡 when none is named) plus the modifiers it implies.

    七小对 and 七大对 are always 门清 (every tile concealed); 全求人 is always
    碰碰胡 (four exposed 碰 and a pair), as the document's own items show.
    """
    found = set(found)
    if "全求人" in found:
        found.add("碰碰胡")
    if found & {"七小对", "七大对一组", "七大对二组", "七大对三组"}:
        found.add("门清")
        found.discard("碰碰胡")
        if found & {"七大对一组", "七大对二组", "七大对三组"}:
            found.discard("七小对")
    if not found & set(SHAPES):
        found.add("鸡胡")
    return [p for p in PATTERN_ORDER if p in found]
