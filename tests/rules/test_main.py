"""Hostile input through `python -m rules score`: every input gives exit 0 and a consistent
result, or exit 2 and one short printable line; never a traceback, a hang or a memory blow-up.

Most inputs run in-process through `rules.__main__.main` with stdin/stdout/stderr
replaced (fast); a smaller batch runs as real subprocesses for what only a process
shows: raw bytes under a strict locale, a closed stdin or stdout, a broken pipe.
Categories (each ≥ a few hundred generated inputs per game, ≥ 5,000 in all): types, sizes,
nesting, unicode, bytes, duplicates, situations (plausible hands in possible and impossible
situations), order (meld and tile order never change a score), waits. Each fuzz test
(`fuzzed`) counts the inputs it ran and checks the count itself when hypothesis is done, so a
run under -k, pytest-xdist or in any order checks what it ran; the plan (how many per category
and game) is checked on its own.

Bounds: each in-process input runs under a 10 s alarm and each subprocess under a
30 s timeout (hang detectors, generous for a shared 2-core machine; the target is
1 s and each fuzz test writes its slowest input to .pytest_cache/fuzz/<test>[<game>].json),
and memory is checked per input: tracemalloc's peak for an in-process input, the
process's own peak RSS (VmHWM) for a subprocess, each under 100 MB.
"""
from __future__ import annotations

import functools
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator.paths import ROOT
from rules import registry
from rules.__main__ import main
from rules.request import MAX_INPUT_BYTES, MAX_INT_DIGITS, MAX_LINE, fields_of, without
from tests.rules.zipai.test_properties import hands as zipai_hands

GAMES = tuple(registry.GAMES)  # every shipped game; each needs its words, requests and situations below
CATEGORIES = ("types", "sizes", "nesting", "unicode", "bytes", "duplicates", "situations", "order", "waits")
HANG = 10  # seconds: a hang detector, not a timing assertion
MEMORY = 100 * 1024 * 1024
FUZZ = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

# Every field of each game's requests, from their declarations (`Game.requests`)
REQUESTS = {game: registry.game(game).requests for game in GAMES}
FIELDS = {game: [f.key for f in fields_of(requests["score"])] for game, requests in REQUESTS.items()}
WORDS = {
    "nanning": ["234m678m55p111s999s", "5p", "9s", "1m", "放炮", "自摸", "杠上花", "杠上炮", "抢杠胡", "人胡", "天胡",
                "碰", "明杠", "加杠", "暗杠", "本家", "下家", "对家", "上家", "他家放炮", "被封胡者包付", "yuanwen",
                "fishing", "on", "preset", "options", "kind", "tile", "winner", "payers"],
    "zipai": ["一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "十", "七七七", "自摸", "点炮", "胡牌者", "上家", "下家",
              "爆", "红爆", "碰", "招", "拢", "吃", "海底", "头块", "起手", "垅", "点招", "自招", "kind", "cards", "by",
              "from", "zp-r-combine"],
}
VALID = {
    "nanning": {"hand": "234m678m55p111s999s", "win": "自摸"},
    "zipai": {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "自摸"},
}
# A waiting hand: the valid request without its win and one tile/card short.
WAITING = {game: {"hand": r["hand"][:-1]} for game, r in VALID.items()}
WIN_FIELDS = {game: without(requests["score"], requests["waits"]) for game, requests in REQUESTS.items()}


# ------------------------------------------------------------------ running one input

@dataclass
class Tally:
    """What one fuzz test ran for one game: inputs, and (reported, not asserted) the slowest in CPU
    seconds with its input (in-process inputs) and the most bytes one input took at peak (tracemalloc
    in-process, the process's peak RSS for a subprocess)."""
    inputs: int = 0
    slowest: tuple[float, bytes] = (0.0, b"")
    peak: int = 0


TALLIES: dict[tuple[str, str], Tally] = {}  # (game, category) → the tally of the fuzz test running it
PLANNED: Counter = Counter()  # (game, category) → inputs the fuzz tests declare


def tally(game: str, category: str) -> Tally:
    return TALLIES.setdefault((game, category), Tally())


def fuzzed(category: str, examples: int, game: str | None = None):
    """A hypothesis test (drawing from `data`) of `category`, run for `game` or for every game: at its
    end it checks that its `examples` inputs ran (counted by `run` or the test) and writes its tally."""
    games = GAMES if game is None else (game,)
    for g in games:
        PLANNED[g, category] += examples

    def wrap(test):
        inner = settings(FUZZ, max_examples=examples)(given(data=st.data())(test))

        @functools.wraps(inner)
        def counted(**kwargs):
            played = kwargs.get("game", game)
            TALLIES[played, category] = Tally()
            inner(**kwargs)
            done = TALLIES[played, category]
            assert done.inputs >= examples, f"{played}/{category}: {done.inputs} inputs ran of {examples}"
            report = ROOT / ".pytest_cache" / "fuzz" / f"{test.__name__}[{played}].json"
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(json.dumps({"inputs": done.inputs, "slowest_cpu_seconds": done.slowest[0],
                                          "slowest": done.slowest[1].decode("utf-8", "backslashreplace"),
                                          "peak_bytes": done.peak}, ensure_ascii=False, indent=1))

        marked = pytest.mark.slow(counted)  # hundreds of inputs
        return pytest.mark.parametrize("game", games)(marked) if game is None else marked

    return wrap


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


@contextmanager
def _streams(data: bytes):
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    try:
        yield
    finally:
        out, err = sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = saved
        _streams.last = out.buffer.getvalue(), err.buffer.getvalue()


def run(game: str, category: str, data: bytes, command: str = "score") -> tuple[int, dict | str]:
    """Run the CLI's `command` in-process on `data`; check the one-line / consistent-result contract.

    Returns (0, result) or (2, the error line)."""
    counted = tally(game, category)
    counted.inputs += 1
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    start = time.process_time()
    tracemalloc.start()
    try:
        with _streams(data):
            code = main([command, "--game", game])
    except Hang:
        pytest.fail(f"{game} hung over {HANG} s on {data[:200]!r}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    spent = time.process_time() - start
    if spent > counted.slowest[0]:
        counted.slowest = (spent, data[:120])
    counted.peak = max(counted.peak, peak)
    assert peak < MEMORY, f"{game} allocated {peak} bytes at peak on {data[:200]!r}"
    out, err = _streams.last
    return check(game, code, out, err, data, command)


def check(game: str, code: int, out: bytes, err: bytes, data: bytes,
          command: str = "score") -> tuple[int, dict | str]:
    where = f"{game} input {data[:300]!r}"
    assert code in (0, 2), f"exit {code} for {where}"
    if code == 2:
        assert out == b"", where
        text = err.decode("utf-8")
        assert text.endswith("\n") and text.count("\n") == 1, f"not one line: {text[:500]!r} for {where}"
        line = text[:-1]
        assert len(line.splitlines()) == 1 and line.isprintable(), f"unprintable: {line!r} for {where}"
        assert line.startswith("error: ") and len(line) <= MAX_LINE, f"{line!r} for {where}"
        return 2, line
    assert err == b"", f"{err[:300]!r} for {where}"
    result = json.loads(out)
    (_consistent_waits if command == "waits" else CONSISTENT[game])(result)
    return 0, result


def _consistent_nanning(r: dict) -> None:
    got = sum(p["amount"] for p in r["payments"] if p["payee"] == "本家")
    paid = sum(p["amount"] for p in r["payments"] if p["payer"] == "本家")  # e.g. a discarder's 暗杠 in a chain
    assert r["total"] == r["hand_points"] + r["kong_points"] == got
    assert r["net"]["本家"] == got - paid and sum(r["net"].values()) == 0
    assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in r["payments"])
    assert len(r["chain"]) <= 4


def _consistent_zipai(r: dict) -> None:
    assert sum(r["ledger"].values()) == 0 and sum(r["gang"]["ledger"].values()) == 0
    assert sum(r["net"].values()) == 0
    assert r["ledger"]["胡牌者"] == r["total"] == sum(p["amount"] for p in r["payments"])
    assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in r["payments"])


CONSISTENT = {"nanning": _consistent_nanning, "zipai": _consistent_zipai}


def _consistent_waits(r: dict) -> None:
    """Each wait is listed once, and every way to win on it is a zero-sum, positive total."""
    unit = "tile" if r["game"] == "nanning" else "card"
    assert r[unit + "s"] == [w[unit] for w in r["waits"]]
    for wait in r["waits"]:
        assert wait["wins"] or wait["refused"]
        for win in wait["wins"]:
            assert isinstance(win["total"], int) and win["total"] > 0 and sum(win["net"].values()) == 0


def encode(request) -> bytes:
    return json.dumps(request, ensure_ascii=False).encode("utf-8", "surrogatepass")


# ------------------------------------------------------------------ strategies

def jsonish(game: str, leaves=None):
    base = leaves or (st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False)
                      | st.sampled_from(WORDS[game] + ["", " ", "0", "1.0", "true"]) | st.text(max_size=6))
    keys = st.sampled_from(FIELDS[game] + WORDS[game]) | st.text(max_size=4)
    return st.recursive(base, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
                        max_leaves=6)


def requests_of(game: str):
    """A valid request with some fields replaced by arbitrary JSON of any type."""
    return st.fixed_dictionaries({}, optional={f: jsonish(game) for f in FIELDS[game]}).map(
        lambda d: {**VALID[game], **d})


UNICODE_DIGITS = "１２３４５６７８９٣३𝟑𝟗①²¹٠۳߃३৩੩૩୩௩౩೩൩๓໓༣၃႓៣᠓᥉᧓᪃᭓᮳᱃᱓꘣꣓꤃꧓꩓꯳"
NASTY = "\x00\x07\x08\t\n\x0b\x0c\r\x1b\x7f\x85\u200b\u200e\u202e\u2028\u2029\ufeff\ud800\udfff\U0001f004"


@st.composite
def unicode_request(draw, game: str):
    if game == "nanning":
        chars = st.sampled_from(UNICODE_DIGITS + NASTY + "123456789mpsz ")
    else:
        chars = st.sampled_from(UNICODE_DIGITS + NASTY + "一二三十壹贰拾七七⼀〇零两 \u3000")
    hand = draw(st.text(chars, min_size=1, max_size=30) | st.text(max_size=30))
    request = {**VALID[game], "hand": hand}
    if draw(st.booleans()):
        request[draw(st.text(st.sampled_from(NASTY + "ab"), min_size=1, max_size=5))] = 1
    if draw(st.booleans()):
        field = draw(st.sampled_from(FIELDS[game]))
        request[field] = draw(st.text(max_size=20))
    if draw(st.booleans()):  # lone surrogates and controls as JSON escapes rather than raw
        return json.dumps(request, ensure_ascii=True).encode()
    return encode(request)


@st.composite
def sized_request(draw, game: str):
    """Long strings, long lists, many keys, huge numbers: each checked before it is read."""
    field = draw(st.sampled_from(FIELDS[game]))
    size = draw(st.sampled_from([10, 100, 1000, 5000, 30000, 70000]))
    kind = draw(st.sampled_from(["string", "list", "keys", "digits", "float", "neg"]))
    base = json.dumps(VALID[game], ensure_ascii=False)[:-1]
    if kind == "string":
        value = json.dumps(draw(st.sampled_from(WORDS[game])) * max(1, size // 10), ensure_ascii=False)
    elif kind == "list":
        value = "[" + ",".join([json.dumps(draw(st.sampled_from(WORDS[game])), ensure_ascii=False)] * size) + "]"
    elif kind == "keys":
        value = "{" + ",".join(f'"k{i}":1' for i in range(size // 5)) + "}"
    elif kind == "digits":
        value = "9" * size
    elif kind == "float":
        value = "1" + "0" * min(size, 400) + ".5e" + str(size)
    else:
        value = "-" + "1" * size
    return f'{base}, "{field}": {value}}}'.encode()


@st.composite
def nested_request(draw, game: str):
    depth = draw(st.integers(1, 100_000))
    field = draw(st.sampled_from(FIELDS[game]))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('[{"kind":', "}]")]))
    closed = draw(st.booleans())
    base = json.dumps(VALID[game], ensure_ascii=False)[:-1]
    return f'{base}, "{field}": {opener * depth}1{closer * depth if closed else ""}}}'.encode()


@st.composite
def byte_request(draw, game: str):
    valid = encode(VALID[game])
    how = draw(st.sampled_from(["random", "flip", "cut", "insert"]))
    if how == "random":
        return draw(st.binary(max_size=200))
    if how == "flip":
        at = draw(st.integers(0, len(valid) - 1))
        return valid[:at] + bytes([draw(st.integers(0, 255))]) + valid[at + 1:]
    if how == "cut":
        return valid[: draw(st.integers(0, len(valid)))]
    at = draw(st.integers(0, len(valid)))
    return valid[:at] + draw(st.binary(min_size=1, max_size=8)) + valid[at:]


@st.composite
def duplicate_request(draw, game: str):
    base = json.dumps(VALID[game], ensure_ascii=False)[:-1]
    how = draw(st.integers(0, 2))
    if how == 0:  # a key twice in one object
        field = draw(st.sampled_from(FIELDS[game]))
        a, b = draw(st.sampled_from(WORDS[game])), draw(st.sampled_from(WORDS[game]))
        return f'{base}, "{field}": "{a}", "{field}": "{b}"}}'.encode()
    if game == "nanning":
        twice = draw(st.sampled_from(["下家", "对家", "上家"]))
        more = draw(st.lists(st.sampled_from(["下家", "对家", "上家"]), max_size=3))
        seats = draw(st.permutations([twice, twice, *more]))
        request = {**VALID[game], "rules": {"options": {"fishing": "on"}},
                   "fishing": {"winner": draw(st.booleans()), "payers": seats}}
        if how == 2:  # the same meld twice
            request = {**VALID[game], "melds": [{"kind": "碰", "tile": draw(st.sampled_from(TILES))}] * 2}
    else:
        twice = draw(st.sampled_from(["海底", "头块"]))
        extras = draw(st.permutations([twice, twice, *draw(st.lists(st.sampled_from(["海底", "头块"]), max_size=2))]))
        request = {**VALID[game], "extras": extras}
        if how == 2:
            seat = draw(st.sampled_from(["上家", "下家", "胡牌者"]))
            return f'{base}, "bao": {{"{seat}": "爆", "{seat}": "无"}}}}'.encode()
    return encode(request)


TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
METHODS = ["放炮", "自摸", "杠上花", "杠上炮", "抢杠胡", "全求炮", "海底捞月", "海底炮", "天胡", "地胡", "人胡"]
MELD_KINDS = ["碰", "明杠", "加杠", "暗杠"]


def _index(tile: str) -> int:
    return "mpsz".index(tile[1]) * 9 + int(tile[0]) - 1


def _tile(i: int) -> str:
    return f"{i % 9 + 1}{'mpsz'[i // 9]}"


@st.composite
def nanning_hand(draw):
    """A complete hand (melds + concealed sets + pair), tiles as indices; copies checked."""
    melds = draw(st.lists(st.tuples(st.sampled_from(MELD_KINDS), st.integers(0, 33)), max_size=4,
                          unique_by=lambda m: m[1]))
    sets = []
    for _ in range(4 - len(melds)):
        if draw(st.booleans()):
            t = draw(st.integers(0, 33))
            sets += [t] * 3
        else:
            suit, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            sets += [suit * 9 + r, suit * 9 + r + 1, suit * 9 + r + 2]
    pair = [draw(st.integers(0, 33))] * 2
    concealed = sets + pair
    used = Counter(concealed)
    for kind, t in melds:
        used[t] += 4 if kind != "碰" else 3
    assume(max(used.values()) <= 4)
    return melds, concealed


@st.composite
def nanning_situation(draw):
    melds, concealed = draw(nanning_hand())
    order = draw(st.permutations(concealed))
    request = {"hand": "".join(_tile(t) for t in order),
               "melds": [{"kind": k, "tile": _tile(t)} for k, t in melds],
               "win": draw(st.sampled_from(METHODS))}
    if draw(st.booleans()):
        request["win_tile"] = _tile(draw(st.sampled_from(order)))
    extra = draw(st.fixed_dictionaries({}, optional={
        "kongs": st.integers(0, 5),
        "chain": st.lists(st.sampled_from(["明杠", "暗杠"]), max_size=5),
        "discarder": st.sampled_from(["下家", "对家", "上家", "本家"]),
        "fenghu": st.sampled_from(["无", "他家放炮", "被封胡者放炮", "被封胡者包付"]),
        "fenghu_seat": st.sampled_from(["下家", "对家", "上家"]),
        "moma_hits": st.integers(0, 3),
        "rules": st.fixed_dictionaries({"options": st.fixed_dictionaries({}, optional={
            "moma": st.just("on"), "fishing": st.just("on"), "mixed_chain": st.just("three_pay")})}),
        "fishing": st.fixed_dictionaries({}, optional={
            "winner": st.booleans(), "payers": st.lists(st.sampled_from(["下家", "对家", "上家"]), unique=True)}),
    }))
    request.update(extra)
    return request


@st.composite
def zipai_situation(draw):
    request = draw(zipai_hands(win_from_other=draw(st.booleans())))
    extra = draw(st.fixed_dictionaries({}, optional={
        "dealer": st.booleans(),
        "extras": st.lists(st.sampled_from(["海底", "头块", "起手"]), unique=True),
        "bao": st.dictionaries(st.sampled_from(["胡牌者", "上家", "下家"]), st.sampled_from(["无", "爆", "红爆"])),
        "gang": st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["垅", "点招", "自招"]),
                                                "by": st.sampled_from(["胡牌者", "上家", "下家"])},
                                               optional={"from": st.sampled_from(["胡牌者", "上家", "下家"])}),
                         max_size=3),
    }))
    request.update(extra)
    if "起手" in request.get("extras", []):
        request.pop("win", None)
        request.pop("from", None)
        request.pop("win_card", None)
    return request


SITUATIONS = {"nanning": nanning_situation, "zipai": zipai_situation}


# ------------------------------------------------------------------ the in-process fuzz

@fuzzed("types", 800)
def test_types(game, data):
    run(game, "types", encode(data.draw(requests_of(game))))


@fuzzed("sizes", 600)
def test_sizes(game, data):
    payload = data.draw(sized_request(game))
    code, _ = run(game, "sizes", payload)
    if len(payload) > MAX_INPUT_BYTES or b"9" * (MAX_INT_DIGITS + 1) in payload:
        assert code == 2


@fuzzed("nesting", 500)
def test_nesting(game, data):
    payload = data.draw(nested_request(game))
    code, _line = run(game, "nesting", payload)
    if payload.count(b"[") + payload.count(b"{") > 12:
        assert code == 2


@fuzzed("unicode", 800)
def test_unicode(game, data):
    payload = data.draw(unicode_request(game))
    code, _result = run(game, "unicode", payload)
    if code == 0:  # a score means the hand was ASCII notation / the 20 card characters
        hand = json.loads(payload.decode("utf-8", "surrogatepass"))["hand"]
        allowed = set("123456789mpsz ") if game == "nanning" else set("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")
        assert set(hand.replace("\u3000", " ").replace(" ", "")) <= allowed


@fuzzed("bytes", 1200)
def test_bytes(game, data):
    run(game, "bytes", data.draw(byte_request(game)))


@fuzzed("duplicates", 300)
def test_duplicates(game, data):
    code, _line = run(game, "duplicates", data.draw(duplicate_request(game)))
    assert code == 2


@fuzzed("situations", 900)
def test_situations(game, data):
    """Plausible hands in situations possible and impossible: a score is consistent, a refusal one line."""
    run(game, "situations", encode(data.draw(SITUATIONS[game]())))


@fuzzed("waits", 300)
def test_waits(game, data):
    """`waits` on the same hostile fields (the win's own fields left out) and on raw bytes."""
    fields = [f for f in FIELDS[game] if f not in WIN_FIELDS[game]]
    request = data.draw(st.fixed_dictionaries({}, optional={f: jsonish(game) for f in fields}).map(
        lambda d: {**WAITING[game], **d}))
    run(game, "waits", encode(request), command="waits")
    run(game, "waits", data.draw(byte_request(game)), command="waits")


def _same(a: tuple, b: tuple) -> None:
    assert a[0] == b[0]
    if a[0] == 0:
        for key in ("total", "net", "payments", "chain", "patterns", "hand_points", "kong_points",
                    "ledger", "huxi", "mingtang", "gang"):
            if key in a[1]:
                got, want = a[1][key], b[1][key]
                if key == "payments":
                    got, want = sorted(map(json.dumps, got)), sorted(map(json.dumps, want))
                assert got == want, key
    else:  # the same refusal, by the same rule
        assert a[1].partition("(rule ")[2] == b[1].partition("(rule ")[2]


@fuzzed("order", 300, game="nanning")
def test_meld_order_never_changes_a_nanning_score(data):
    request = data.draw(nanning_situation())
    request.pop("chain", None)
    shuffled = {**request, "melds": data.draw(st.permutations(request["melds"])),
                "hand": "".join(data.draw(st.permutations([request["hand"][i:i + 2]
                                                          for i in range(0, len(request["hand"]), 2)])))}
    shuffled.setdefault("win_tile", request["hand"][-2:])
    request.setdefault("win_tile", request["hand"][-2:])
    _same(run("nanning", "order", encode(request)), run("nanning", "order", encode(shuffled)))


@fuzzed("order", 300, game="zipai")
def test_shown_order_never_changes_a_zipai_score(data):
    request = data.draw(zipai_situation())
    shuffled = {**request, "shown": data.draw(st.permutations(request["shown"]))}
    _same(run("zipai", "order", encode(request)), run("zipai", "order", encode(shuffled)))


@pytest.mark.parametrize("order", [
    [("暗杠", "1m"), ("明杠", "9s")], [("明杠", "9s"), ("暗杠", "1m")],
])
def test_issue_reproduction_mixed_kongs_need_a_chain_whatever_the_order(order):
    request = {"hand": "234m55p678p", "melds": [{"kind": k, "tile": t} for k, t in order], "win": "杠上花"}
    code, line = run("nanning", "order", encode(request))
    assert code == 2 and "give chain" in line
    for chain in (["明杠"], ["暗杠"], ["暗杠", "明杠"]):
        code, result = run("nanning", "order", encode({**request, "chain": chain}))
        assert code == 0 and result["chain"] == chain
    code, result = run("nanning", "order", encode({**request, "kongs": 2}))
    assert code == 0 and result["chain"] == ["暗杠", "明杠"]


# ------------------------------------------------------------------ the subprocess batch

# The child runs `python -m rules score` itself (runpy, as -m does) and, at exit, reports
# its own peak resident memory: VmHWM starts afresh at exec, unlike ru_maxrss, which a
# child forked from this (large) test process inherits.
CHILD = """import atexit, re, runpy, sys
where = sys.argv[1]
def peak():
    with open("/proc/self/status") as status, open(where, "w") as out:
        out.write(re.search(r"VmHWM:\\s*(\\d+)", status.read()).group(1))
atexit.register(peak)
sys.argv = ["rules", "score", "--game", sys.argv[2]]
runpy.run_module("rules", run_name="__main__", alter_sys=True)
"""
PROCESS_HANG = 30  # seconds, for a process on a shared machine: a hang detector


def spawn(game: str, data: bytes | None, env: dict | None = None, stdin: str = "file",
          stdout: str = "file") -> tuple[int, bytes, bytes, int]:
    """Run `python -m rules score` as a process; (exit, stdout, stderr, peak RSS in bytes).

    stdin/stdout: "file", "closed" (the descriptor is closed in the child) or, for
    stdout, "broken" (a pipe whose reader has gone)."""
    with tempfile.TemporaryFile() as fin, tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr, \
            tempfile.NamedTemporaryFile() as fpeak:
        fin.write(data or b"")
        fin.seek(0)
        closing = []
        out_fd = fout.fileno()
        if stdout == "broken":
            read_end, out_fd = os.pipe()
            os.close(read_end)
        if stdin == "closed":
            closing.append(0)
        if stdout == "closed":
            closing.append(1)

        def child():
            for fd in closing:
                os.close(fd)

        proc = subprocess.Popen([sys.executable, "-c", CHILD, fpeak.name, game], cwd=ROOT,
                                stdin=fin, stdout=out_fd, stderr=ferr, preexec_fn=child,
                                env={**os.environ, **(env or {})})
        if stdout == "broken":
            os.close(out_fd)
        try:
            code = proc.wait(PROCESS_HANG)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            pytest.fail(f"{game} process hung over {PROCESS_HANG} s on {(data or b'')[:200]!r}")
        fout.seek(0)
        ferr.seek(0)
        peak = Path(fpeak.name).read_text()
        return code, fout.read(), ferr.read(), int(peak) * 1024


LOCALES = [{"PYTHONIOENCODING": "utf-8:strict"}, {"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "LANG": "C"},
           {"PYTHONUTF8": "0", "LC_ALL": "C"}, {}]


@fuzzed("bytes", 8)
def test_processes_any_bytes_any_locale(game, data):
    payload = data.draw(byte_request(game) | unicode_request(game) | st.just(encode(VALID[game])))
    env = data.draw(st.sampled_from(LOCALES))
    code, out, err, rss = spawn(game, payload, env)
    counted = tally(game, "bytes")
    counted.inputs += 1
    counted.peak = max(counted.peak, rss)
    assert rss < MEMORY, f"{rss} bytes for {payload[:200]!r}"
    check(game, code, out, err, payload)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("stdin, stdout, code", [
    ("closed", "file", 2), ("file", "closed", 2), ("file", "broken", 2), ("closed", "closed", 2),
])
def test_processes_closed_streams(game, stdin, stdout, code):
    got, _out, err, _rss = spawn(game, encode(VALID[game]), stdin=stdin, stdout=stdout)
    assert got == code
    text = err.decode()
    assert text.count("\n") == 1 and text.startswith("error: ") and "Traceback" not in text, text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("payload", [
    b"[" * 10_000, b'{"hand": ' + b"9" * 5000 + b"}", b'{"hand": "\xff\xfe"}',
    b'{"hand": "' + b"x" * 1_000_000 + b'"}', b'{"a\\u001bb": 1}', b"",
])
def test_processes_issue_reproductions(game, payload):
    got, out, err, rss = spawn(game, payload, {"PYTHONIOENCODING": "utf-8:strict"})
    check(game, got, out, err, payload)
    assert got == 2 and b"\x1b" not in err and rss < MEMORY


def test_command_line_errors_are_one_line():
    for argv in (["score"], [], ["score", "--game", "chess"], ["nonsense"]):
        done = subprocess.run([sys.executable, "-m", "rules", *argv], cwd=ROOT, capture_output=True, text=True,
                              timeout=HANG, stdin=subprocess.DEVNULL)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr


# ------------------------------------------------------------------ the plan

def test_every_game_is_fuzzed_in_every_category():
    """≥ 5,000 inputs per game over every category, ≥ 100 in each, as the fuzz tests declare them
    (each checks that its own ran)."""
    assert {category for _, category in PLANNED} == set(CATEGORIES)
    for game in GAMES:
        assert sum(n for (g, _), n in PLANNED.items() if g == game) >= 5000, PLANNED
        for category in CATEGORIES:
            assert PLANNED[game, category] >= 100, (game, category, PLANNED)


def test_every_shipped_game_is_fuzzed():
    """A game added to the registry is fuzzed, or this fails: each table of game-specific inputs has it."""
    for table in (WORDS, VALID, CONSISTENT, SITUATIONS):
        assert set(table) == set(GAMES)
