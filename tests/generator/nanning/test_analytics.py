"""Analytics: the per-suit counting method against brute force and the rules core, its laws,
the published counts, the 摸码 and 字牌 odds, and the build step's outputs."""
from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from fractions import Fraction
from math import comb, prod

import matplotlib
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.analytics import steps
from generator.nanning import moma
from generator.nanning import rarity as nanning
from generator.nanning.analytics import PUBLISHED, claims, published
from generator.nanning.counting import Profile, Suit, TileSet, facts_of, hand_facts, profile_of
from generator.nanning.rarity import COLOURS, Category, classify, tile_set
from generator.zipai import odds as zipai
from generator.build import BuildContext
from generator.errors import BuildError
from generator.paths import EXAMPLES
from rules.errors import RuleError
from rules.nanning.analysis import hand_type, splits
from rules.nanning.codes import hit_copies
from rules.nanning.model import Hand, Shape
from rules.nanning.tiles import parse

FIRST = {True: [0, 9, 18], False: [27]}  # first real tile of the number suits / of the honours


@pytest.fixture(scope="module")
def computed():
    return nanning.compute()


# --- brute force: every hand of a reduced tile set, judged by the rules core ---

def vectors(kinds: int, copies: int, total: int):
    """Every count vector over `kinds` kinds (each 0..copies) summing to `total`."""
    if kinds == 0:
        if total == 0:
            yield ()
        return
    for c in range(min(copies, total) + 1):
        for rest in vectors(kinds - 1, copies, total - c):
            yield (c, *rest)


def real_tiles(tiles: TileSet) -> list[int]:
    """Map a reduced tile set's kinds onto real tiles: number suits to 万/筒/条, honours to 东南…"""
    used = {True: iter(FIRST[True]), False: iter(FIRST[False])}
    out = []
    for suit in tiles.suits:
        first = next(used[suit.runs])
        out += [first + r for r in range(suit.ranks)]
    return out


def core_category(tiles: list[int]) -> tuple[Category, bool] | None:
    """The core's category of a concealed hand, and whether it also reads as 鸡胡."""
    hand = Hand(tuple(tiles), (), tiles[0])
    try:
        found = hand_type(hand, True)
    except RuleError:
        return None
    colour = COLOURS[0] if not found.qingyise else COLOURS[2] if tiles[0] >= 27 else COLOURS[1]
    also = found.shape is not Shape.JIHU and any(r.shape is Shape.JIHU for r in splits(hand))
    return Category(colour, found.shape), also


def brute_force(tiles: TileSet) -> tuple[Counter, Counter, Counter]:
    """Weighted hands by category, by category among those that also read as 鸡胡, and complete hands by hits."""
    kinds = real_tiles(tiles)
    marked = [r in s.marked for s in tiles.suits for r in range(s.ranks)]
    by, also, hits = Counter(), Counter(), Counter()
    for v in vectors(len(kinds), tiles.copies, tiles.hand):
        found = core_category([t for t, c in zip(kinds, v, strict=True) for _ in range(c)])
        if found is None:
            continue
        weight = prod(comb(tiles.copies, c) for c in v)
        by[found[0]] += weight
        also[found[0]] += weight * found[1]
        hits[sum(c for c, m in zip(v, marked, strict=True) if m)] += weight
    return by, also, hits


def per_suit(tiles: TileSet) -> tuple[Counter, Counter, Counter]:
    by, also, hits = Counter(), Counter(), Counter()
    for f, weight in hand_facts(tiles).items():
        found = classify(f)
        if found is not None:
            by[found[0]] += weight
            also[found[0]] += weight * found[1]
            hits[f.hits] += weight
    return by, also, hits


REDUCED = [
    pytest.param(TileSet((Suit(9, True, frozenset({0, 4, 8})),)), id="one-suit-all-清一色"),
    pytest.param(TileSet((Suit(5, True, frozenset({1})), Suit(3, False, frozenset({0})))), id="5m-3z"),
    pytest.param(TileSet((Suit(3, True), Suit(3, True, frozenset({2})), Suit(1, False))), id="3m-3p-1z"),
    pytest.param(TileSet((Suit(4, True, frozenset({0, 3})), Suit(4, True))), id="4m-4p"),
    pytest.param(TileSet((Suit(7, False, frozenset({1, 5})),)), id="字一色"),
    pytest.param(TileSet((Suit(6, True, frozenset({2})), Suit(3, True)), copies=3), id="6m-3p-3copies"),
]


@pytest.mark.parametrize("tiles", REDUCED)
def test_per_suit_counts_equal_brute_force_with_the_rules_core(tiles):
    expected = brute_force(tiles)
    got = per_suit(tiles)
    assert got[0] == +expected[0]
    assert +got[1] == +expected[1]
    assert got[2] == expected[2]


def complete_hands():
    """Random complete hands on the 136 tiles: four sets and a pair, or seven pairs (4s allowed)."""
    sets = [("刻", t) for t in range(34)] + [("顺", s * 9 + r) for s in range(3) for r in range(7)]

    def build(draw_pair, draw_sets, seven, pairs):
        if seven:
            counts = Counter()
            for t in pairs:
                counts[t] += 2
            tiles = [t for t, n in counts.items() for _ in range(n)]
        else:
            tiles = [draw_pair] * 2
            for kind, t in draw_sets:
                tiles += [t] * 3 if kind == "刻" else [t, t + 1, t + 2]
        return tiles

    # a suit-heavy draw as well, so that 清一色 and 碰碰胡 come up
    tile = st.one_of(st.integers(0, 33), st.integers(0, 8))
    return st.builds(build, tile, st.lists(st.sampled_from(sets), min_size=4, max_size=4), st.booleans(),
                     st.lists(tile, min_size=7, max_size=7)).filter(
        lambda ts: len(ts) == 14 and max(Counter(ts).values()) <= 4)


def counts_by_suit(tiles: list[int]) -> list[list[int]]:
    c = Counter(tiles)
    return [[c[s * 9 + r] for r in range(7 if s == 3 else 9)] for s in range(4)]


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_a_random_complete_hand_gets_the_cores_category(tiles):
    assert classify(facts_of(tile_set(), counts_by_suit(tiles))) == core_category(tiles)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(lambda ts: max(Counter(ts).values()) <= 4))
def test_a_random_hand_is_complete_exactly_when_the_core_says_so(tiles):
    assert classify(facts_of(tile_set(), counts_by_suit(tiles))) == core_category(tiles)


@pytest.mark.parametrize("hand, tiles, sequence, quads, twos", [
    ("111222333m", True, True, None, 0),  # three triplets, or three 123
    ("11122233344m", True, True, None, 1),
    ("1112223334445m", False, False, None, None),  # 13 tiles never split
    ("11223344556677m", True, False, 0, None),  # seven pairs that also read as sets and a pair
    ("11114444m", False, False, 2, None),  # two 4s: even, but no split
    ("111m", True, False, None, 0),
    ("123m", True, False, None, None),  # a sequence, but not an all-triplet suit: not tracked
    ("11m", True, False, 0, 1),
    ("1m", False, False, None, None),
    ("1133m", False, False, 0, None),  # two pairs: not one split
])
def test_profile_of_one_suit(hand, tiles, sequence, quads, twos):
    counts = Counter(parse(hand))
    p = profile_of(Suit(9, True), [counts[r] for r in range(9)])
    assert (p.standard, p.sequence, p.quads, p.twos) == (tiles, sequence, quads, twos)
    assert p == Profile(sum(counts.values()), tiles, sequence, quads, twos, 0)


# --- laws ---

@st.composite
def small_tile_sets(draw):
    suits = tuple(Suit(draw(st.integers(1, 5)), draw(st.booleans()),
                       frozenset(draw(st.sets(st.integers(0, 4), max_size=2))))
                  for _ in range(draw(st.integers(1, 3))))
    return TileSet(suits, draw(st.integers(2, 4)), draw(st.sampled_from([2, 5, 8, 14])))


@settings(max_examples=60, deadline=None)
@given(small_tile_sets(), st.randoms(use_true_random=False))
def test_permuting_suits_changes_nothing(tiles, rnd):
    suits = list(tiles.suits)
    rnd.shuffle(suits)
    assert hand_facts(tiles) == hand_facts(TileSet(tuple(suits), tiles.copies, tiles.hand))


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 9), st.sets(st.integers(0, 8), max_size=3))
def test_mirroring_the_ranks_of_a_suit_changes_nothing(ranks, marked):
    marked = frozenset(m for m in marked if m < ranks)
    mirrored = frozenset(ranks - 1 - m for m in marked)
    for hand in (8, 14):
        assert hand_facts(TileSet((Suit(ranks, True, marked),), hand=hand)) == \
            hand_facts(TileSet((Suit(ranks, True, mirrored),), hand=hand))


def test_counts_add_up(computed):
    r, own = computed
    by = {row.category: row for row in r.rows}
    assert r.complete == r.standard + r.seven - r.both
    sevens = [row for row in r.rows if row.category.shape.pairs]
    assert r.seven == sum(row.count for row in sevens)
    assert r.both == sum(row.also_jihu for row in sevens)
    assert r.standard == sum(row.count for row in r.rows if not row.category.shape.pairs) + r.both
    for seat in range(4):
        assert sum(own[seat].values()) == r.complete
    # 字一色 never has a sequence, so never a 鸡胡 reading
    assert by[Category(COLOURS[2], Shape.JIHU)].count == 0
    assert all(row.also_jihu == 0 for row in r.rows if row.category.colour == COLOURS[2])


def test_qingyise_counts_are_the_one_suit_counts_times_three(computed):
    r, _ = computed
    one_suit = per_suit(TileSet((Suit(9, True),)))[0]
    for shape in Shape:
        assert r.count(COLOURS[1] + shape.value) == 3 * one_suit.get(Category(COLOURS[1], shape), 0)


def test_amounts_come_from_the_pricing_core(computed):
    r, _ = computed
    amounts = {row.category.label: (row.zimo, row.fangpao) for row in r.rows}
    assert amounts["鸡胡"] == (12, 4)
    assert amounts["清一色七大对三组"] == amounts["字一色七大对三组"] == (384, 192)


def test_every_published_count_is_matched(computed):
    r, _ = computed
    with PUBLISHED.open("rb") as fh:
        sources = tomllib.load(fh)["source"]
    ours = r.measures()
    for source in sources:
        for count in source["count"]:
            assert ours[count["measure"]] == count["value"], (source["id"], count["label"])


# --- 摸码 ---

@pytest.fixture(scope="module")
def odds(computed):
    _, own = computed
    return moma.odds(own, {seat: hit_copies(seat) for seat in range(4)}, 8)


def test_moma_probabilities_sum_to_one_and_grow_with_codes(odds):
    for o in odds:
        assert sum(o.p) == 1 and len(o.p) == o.codes + 1
    for model in moma.MODELS:
        for seat in range(4):
            chances = [o.any_hit for o in odds if o.model == model and o.seat == seat]
            assert chances == sorted(chances)


def test_a_random_hand_leaves_the_codes_hypergeometric_over_all_136_tiles(odds):
    # averaging over a random own hand forgets it: the codes are n random tiles of the 136
    for o in odds:
        if o.model == "随机":
            assert list(o.p) == moma.hypergeometric(136, o.copies, o.codes)


def test_expected_multipliers_follow_the_mean_hits(computed, odds):
    _, own = computed
    for o in odds:
        if o.model == "和牌":
            hand = moma.weights(own[o.seat])
            mean_left = sum(p * (o.copies - h) for h, p in hand.items())
            assert o.additive == 1 + o.codes * mean_left / moma.UNSEEN
            assert o.compound == sum(2**k * q for k, q in enumerate(o.p))


def test_the_dealer_gains_most_and_his_prev_seat_least(odds):
    two = {o.seat: o for o in odds if o.model == "和牌" and o.codes == 2}
    assert two[0].additive > two[1].additive > two[3].additive
    assert two[0].additive > two[2].additive > two[3].additive


@pytest.mark.parametrize("codes", [1, 2, 3])
def test_moma_hits_equal_counting_every_deal_of_a_small_wall(codes):
    # 3 kinds × 4 copies, kind 0 hits; an own hand of 3, then `codes` code tiles from the 9 others
    tiles = [t for t in range(3) for _ in range(4)]
    deals, own = Counter(), Counter()
    for hand in itertools.combinations(range(12), 3):
        own[sum(tiles[i] == 0 for i in hand)] += 1
        rest = [i for i in range(12) if i not in hand]
        for drawn in itertools.combinations(rest, codes):
            deals[sum(tiles[i] == 0 for i in drawn)] += 1
    total = sum(deals.values())
    assert moma.hits(moma.weights(own), 4, codes, unseen=9) == [Fraction(deals[k], total) for k in range(codes + 1)]


def test_the_documents_claims_are_read_from_the_examples():
    found = claims(EXAMPLES / "examples.csv")
    assert {seat: n for seat, (n, _) in found.items()} == {0: 20, 3: 12}


# --- 字牌 ---

@pytest.fixture(scope="module")
def zp():
    return zipai.compute()


def test_zipai_distributions_cover_every_hand(zp):
    for cards, hands in zp.hands.items():
        assert hands == comb(80, cards)
        assert sum(zp.reds[cards]) == hands
        assert sum(zp.sets[cards].values()) == hands


@pytest.mark.parametrize("kinds, copies, cards", [(5, 4, 6), (4, 4, 9), (6, 3, 7)])
def test_long_and_kan_counts_equal_brute_force(kinds, copies, cards):
    deck = zipai.Deal(kinds, copies, 1, cards, cards + 1)
    expected = Counter()
    for v in vectors(kinds, copies, cards):
        expected[(v.count(copies), v.count(copies - 1))] += prod(comb(copies, c) for c in v)
    assert zipai.set_counts(deck, cards) == dict(expected)


def test_red_counts_equal_brute_force_on_a_small_deck():
    deck = zipai.Deal(4, 3, 1, 5, 6)  # 12 cards, 3 red
    expected = Counter(sum(1 for i in hand if i < 3) for hand in itertools.combinations(range(12), 5))
    assert zipai.red_counts(deck, 5) == [expected[r] for r in range(6)]


@pytest.mark.parametrize("key, red, longs, kans, holds", [
    ("heihu", 0, 0, 0, True), ("heihu", 1, 0, 0, False),
    ("yikezhu", 1, 0, 0, True), ("yikezhu", 2, 0, 0, False),
    ("honghu", 9, 0, 0, False), ("honghu", 10, 0, 0, True),  # 10张起, the default reading
    ("honghu@more_than_10", 10, 0, 0, False), ("honghu@more_than_10", 11, 0, 0, True),  # 超过10个, literally
    ("hongbao", 9, 0, 0, False), ("hongbao", 10, 0, 0, True),  # 原手就有10个红
    ("sanlong", 0, 2, 0, False), ("sanlong", 0, 3, 0, True),
    ("wukan", 0, 0, 4, False), ("wukan", 0, 0, 5, True), ("wukan", 0, 2, 5, True),
    ("yilong-sankan", 0, 1, 2, False), ("yilong-sankan", 0, 0, 4, False), ("yilong-sankan", 0, 1, 3, True),
    ("yilong-sankan@four_kan_too", 0, 0, 3, False), ("yilong-sankan@four_kan_too", 0, 0, 4, True),
    ("yilong-sankan@four_kan_too", 0, 1, 3, True),
])
def test_conditions_follow_the_zipai_core_and_its_readings(zp, key, red, longs, kans, holds):
    condition = next(c for c in zp.conditions if c.key == key)
    assert condition.holds(zipai.Hand(red, longs, kans)) is holds


def test_the_zipai_deck_is_the_documents(zp):
    assert (zp.deck.cards, zp.deck.red, zp.deck.dealt, zp.deck.dealer) == (80, 24, 20, 21)


# --- the build step ---

def run(ctx: BuildContext) -> list[str]:
    return [fn() for _, fn in steps(ctx)]


def test_the_step_writes_exact_tables(tmp_path, computed):
    ctx = BuildContext(generated=tmp_path / "g", docs=tmp_path / "d", with_site=False)
    assert len(run(ctx)) == 2 and not (tmp_path / "d").exists()
    rarity = pd.read_csv(ctx.generated / "nanning_rarity.csv", dtype=str)
    r, _ = computed
    assert dict(zip(rarity["category"], rarity["count"].map(int), strict=True)) == {
        **{row.category.label: row.count for row in r.rows}, "全部和牌": r.complete, "任意14张": r.all_hands}
    odds = pd.read_csv(ctx.generated / "moma_odds.csv")
    assert len(odds) == 2 * 4 * 8
    assert (odds.filter(regex=r"^p\d$").sum(axis=1) - 1).abs().max() < 1e-9
    zp = pd.read_csv(ctx.generated / "zipai_odds.csv", dtype=str)
    assert set(zp["cards"]) == {"20", "21"}


def test_the_page_and_charts_are_written_the_same_way_twice(tmp_path):
    outputs = []
    # the second time with other global matplotlib settings, as another provider's charts may leave them
    for run_dir, style in (("a", {}), ("b", {"font.size": 17, "svg.hashsalt": "other"})):
        ctx = BuildContext(generated=tmp_path / run_dir / "g", docs=tmp_path / run_dir / "d", with_site=True)
        with matplotlib.rc_context(style):
            run(ctx)
        outputs.append({p.relative_to(ctx.docs): p.read_bytes() for p in ctx.docs.rglob("*") if p.is_file()})
    assert outputs[0] == outputs[1]
    page = outputs[0][next(p for p in outputs[0] if p.name == "analytics.md")].decode("utf-8")
    for anchor in ("analytics", "an-rarity", "an-overlaps", "an-published", "an-moma", "an-zipai", "an-method"):
        assert f"{{ #{anchor} }}" in page
    assert {p.name for p in outputs[0] if p.suffix == ".svg"} == {
        "rarity.svg", "moma.svg", "zipai-conditions.svg", "zipai-reds.svg"}
    assert "12,921,107,873,904" in page  # the complete hands, as the published counts give them


def test_a_published_count_that_differs_stops_the_build(tmp_path, computed):
    r, _ = computed
    wrong = tmp_path / "published.toml"
    wrong.write_text('[[source]]\nid = "x"\ntitle = "x"\nurl = "x"\nnote = ""\n'
                     '[[source.count]]\nlabel = "x"\nmeasure = "standard"\nvalue = 1\n', encoding="utf-8")
    with pytest.raises(BuildError, match="differ"):
        published(r, wrong)


def test_the_wider_readings_only_add_hands(zp):
    for cards in zp.hands:
        assert zp.counts[("honghu", cards)] == zp.counts[("hongbao", cards)] > zp.counts[("honghu@more_than_10", cards)]
        assert zp.counts[("yilong-sankan@four_kan_too", cards)] > zp.counts[("yilong-sankan", cards)]
