"""The 字牌 scoring page lists the presets of deployed programs apart, marked 不见于原文 (issue 26, item 5)."""
from __future__ import annotations

import re

from generator.games import sites
from generator.site.render import environment
from generator.zipai.site import preset_view
from rules.zipai.club import presets


def test_the_presets_section_marks_and_cites_each_preset() -> None:
    env = environment(own={g: s.templates() for g, s in sites().items()})
    text = env.get_template("zipai/presets.md.j2").render(presets=[preset_view(c) for c in presets().values()])
    assert "游戏程序里的预设（不见于原文）" in text and "{ #zipai-presets }" in text
    assert text.count("不见于原文") >= 2 and "泸州大贰（jgqq0902-cmyk/daer）" in text
    assert "<td>坎</td><td>黑</td><td class=\"cp-num\">6</td><td class=\"cp-num\">9</td>" in text  # the override
    assert "Bridge 252-257" in text and "乱胡" in text and "40 胡以上 → 5" in text


def test_the_scoring_page_includes_the_presets_section() -> None:
    env = environment(own={g: s.templates() for g, s in sites().items()})
    source = env.loader.get_source(env, "zipai/scoring.md.j2")[0]
    assert '{% include "zipai/presets.md.j2" %}' in source


def test_the_presets_section_speaks_chinese() -> None:
    """A player reads why each fan is taken, and the win and payment rules, in Chinese: the only Latin words
    are the names the citations give (the program's file, its functions)."""
    cited = {"Bridge", "handleHu"}
    for club in presets().values():
        view = preset_view(club)
        said = [view["win"], view["pay"], view["gang"], view["settle"], view["split"], view["taken_three"],
                *(f["why"] for f in view["fans"])]
        for text in said:
            assert set(re.findall(r"[A-Za-z]{2,}", text)) <= cited, text
