"""`python -m rules score --game nanning`: the JSON contract and one-line errors."""
import json
import subprocess
import sys

import pytest

PENG_9S = [{"kind": "碰", "tile": "9s"}]


def run(payload, game="nanning"):
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    return subprocess.run([sys.executable, "-m", "rules", "score", "--game", game], input=text,
                          capture_output=True, text=True, timeout=60)


def test_contract_fields():
    done = run({"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, *PENG_9S], "win": "杠上花"})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["patterns"] == ["鸡胡"]
    assert out["total"] == 21
    assert {"payer", "amount", "for"} <= set(out["payments"][0])
    assert "×" in out["formula"] and out["rules"] and all(r.startswith("nn-") for r in out["rules"])


def test_chain_and_preset_options():
    hand = {"hand": "111m555m999m22m", "melds": [{"kind": "暗杠", "tile": "7z"}], "win": "杠上花"}
    default = json.loads(run(hand).stdout)["total"]
    plus1 = json.loads(run({**hand, "rules": {"preset": "menqing-plus1"}}).stdout)["total"]
    # 碰碰胡 门清 暗杠杠上花: (4×2×2 + 杠1)×3, or under 3+1: (3×2×2 + 门清1 + 杠1)×3
    assert (default, plus1) == (51, 42)


@pytest.mark.parametrize("payload, words", [
    ("not json", "not JSON"),
    ([1, 2], "one JSON object"),
    ({"hand": "123x", "win": "放炮"}, "cannot read"),
    ({"hand": "8z", "win": "放炮"}, "not a tile"),
    ({"hand": "234m678m99m55p", "melds": PENG_9S, "win": "放炮"}, "14 tiles"),
    ({"hand": "11111m234p567p999s", "win": "放炮"}, "only 4 of each"),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "吃", "tile": "1s"}], "win": "放炮"},
     "melds[1].kind must be one of"),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰"}], "win": "放炮"}, "missing field(s) in melds[1]: tile"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "抢杠胡", "win_tile": "9m"}, "nn-9-d1"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "海底捞月", "kongs": 1}, "nn-17-n1"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "天胡"}, "nn-14-r1"),
    ({"hand": "111m555m999p55s", "melds": [{"kind": "碰", "tile": "7z"}], "win": "抢杠胡", "win_tile": "5s"},
     "nn-9-d1"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "放炮", "rules": {"options": {"nope": "x"}}},
     "unknown option(s) in rules.options: nope"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "放炮", "rules": {"options": {"moma_multiply": "x"}}},
     "rules.options.moma_multiply must be one of additive | compound"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "放炮", "rules": "nosuch"}, "unknown preset"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "胡了"}, 'win must be one of 放炮 | 自摸'),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "放炮", "extra": 1}, "unknown field"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "杠上花"}, "nn-7-mg1-r1"),
    ({"hand": "234m678m999m55p", "melds": PENG_9S, "win": "自摸", "moma_hits": 1}, "nn-22-d1"),
    ({"hand": "1234m678m999m5p", "melds": PENG_9S, "win": "放炮"}, "complete hand"),
    # issue 13: hostile input, each refused with its reason (and its rule when one forbids it)
    ({"hand": "234m678m55p111s999s", "win": "杠上炮", "kongs": 1000000000}, "nn-7-mg4-r1"),
    ({"hand": "234m678m55p111s999s", "win": "杠上炮", "kongs": True}, "not true"),
    ({"hand": "１２３m456m789m111s99s", "win": "自摸"}, "cannot read"),
    ({"hand": "𝟑𝟑𝟑m456m789m111s99s", "win": "自摸"}, "cannot read"),
    ({"hand": "345p678m234s99s", "melds": [{"kind": "碰", "tile": "5p"}], "win": "抢杠胡", "win_tile": "5p"},
     "nn-9-d1"),
    ({"hand": "55s", "melds": [{"kind": "暗杠", "tile": f"{r}m"} for r in range(1, 5)], "win": "人胡"}, "nn-16-r1"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "rules": {"options": {"fishing": "on"}},
      "fishing": {"payers": ["对家", "对家", "对家"]}}, "twice"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "fishing": {"winner": True}}, "nn-22-yu"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "chain": ""}, "chain must be a list"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "chain": {}}, "chain must be a list"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "kongs": False}, "kongs must be a whole number"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "kongs": 0.0}, "kongs must be a whole number"),
    ({"hand": "234m55p678p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "明杠", "tile": "9s"}],
      "win": "杠上花"}, "give chain"),
    ({"hand": "234m678m55p111s999s", "win": "自摸", "a\u001bb": 1}, "a\\x1bb"),
])
def test_bad_input_is_one_line_and_status_2(payload, words):
    done = run(payload)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in done.stderr
    assert words in lines[0]


def test_unknown_game_is_status_2():
    done = subprocess.run([sys.executable, "-m", "rules", "score", "--game", "go"], input="{}",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
