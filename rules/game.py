"""The Game contract: what every ruleset fills, so that the command line, the build, the pages and
the tests can loop over games without naming one.

A game is one folder (``rules/<id>/``) whose ``game.py`` defines a `Game` subclass, and one line
in `rules.registry`. Its generator side (build steps, pages, charts), if any, is the module
named by `Game.generator`.

A game is generic over its three kinds: the checked score request (a declaration of
``rules/<id>/request.py``), its rule set (constants and options in force) and its situation
(what a price is of). Every score goes the same four steps, in `Game.score`:

    parse (the request read) → situation (what it describes) → price (a Settlement) → render (JSON)

(`Game.score`, and `Game.score_request` for a request read already, as waits and sessions have).

and the payout table is every situation of the game priced (`payout_rows`, `payout_table`).
What comes back is shared: a `rules.ledger.Settlement`, a `RuleError`, `rules.options.Option`
rows and a payout table of the shape `check_table` checks.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import ClassVar, Generic, TypeVar

from .errors import RuleError
from .ledger import Settlement
from .options import Option
from .request import Declared
from .session import Remembered

RequestT = TypeVar("RequestT")  # the checked score request (a declaration)
RuleSetT = TypeVar("RuleSetT")  # the rule set in force
SituationT = TypeVar("SituationT")  # what a price is of

Json = dict[str, object]


class Game(ABC, Generic[RequestT, RuleSetT, SituationT]):
    """One ruleset. Subclasses set `id`, `title` (Chinese), `requests` and fill the methods below.

    The command line, the build, the pages and the tests reach a game only through this
    contract and `rules.registry`.

    Examples:
        >>> from rules.registry import game
        >>> nanning = game("nanning")
        >>> isinstance(nanning, Game), nanning.id, nanning.title, list(nanning.requests)
        (True, 'nanning', '南宁麻将', ['score', 'waits', 'session'])
    """

    id: ClassVar[str]
    title: ClassVar[str]
    generator: ClassVar[str] = ""  # module of the generator side (build steps, pages, charts)
    drills: ClassVar[str] = ""  # module of its drills (练习, `rules.drill`), if it has them
    # What the command line answers, by command: the request's declaration (published as the
    # schema <id>.<command>.request, listed by --help, offered by the scorer's form).
    requests: ClassVar[Mapping[str, type[Declared]]] = {}

    # -- its rules --------------------------------------------------------------------------
    @abstractmethod
    def presets(self) -> Mapping[str, str]:
        """The named rule sets, id → Chinese name; the first is the default.

        Examples:
            >>> from rules.registry import game
            >>> list(game("nanning").presets().items())[:2]
            [('yuanwen', '原文'), ('dapao9', '大炮一律9分')]
            >>> game("zipai").presets()
            {'default': '默认读法', 'luzhou-daer': '泸州大贰（jgqq0902-cmyk/daer）'}
        """

    @abstractmethod
    def options(self) -> tuple[Option, ...]:
        """Every option a rule set can change (for 字牌: every reading, zp-r-…).

        Examples:
            >>> from rules.registry import game
            >>> [o.key for o in game("zipai").options()][:2]
            ['zp-r-combine', 'zp-r-rounding']
        """

    @abstractmethod
    def rule_set(self, preset: str | None = None, options: Mapping[str, object] | None = None) -> RuleSetT:
        """The one way to combine options: a preset (default: the first) with any options set.

        :raises RuleError: an unknown preset, option or value.

        Examples:
            >>> from rules.registry import game
            >>> game("nanning").rule_set("dapao9", {"moma": "on"}).options.moma
            <Switch.ON: 'on'>
            >>> game("nanning").rule_set("nosuch")
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: unknown preset "nosuch"; known presets: yuanwen (原文), ...
        """

    # -- a score request: parse → situation → price → render -----------------------------------
    @abstractmethod
    def parse(self, request: Mapping[str, object]) -> RequestT:
        """A request (the command line's JSON object) read against the game's score declaration.

        :raises RuleError: anything missing, unknown or ill-typed, in one line.

        Examples:
            >>> from rules.registry import game
            >>> game("nanning").parse({"hand": "234m", "wn": "自摸"})
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: unknown field(s) in the request: wn; known: chain, discarder, fenghu, ...
        """

    @abstractmethod
    def rule_set_of(self, request: RequestT) -> RuleSetT:
        """The rule set a checked request asks for.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning")
            >>> nanning.rule_set_of(nanning.parse({"hand": "1m", "win": "自摸", "rules": "dapao9"})).id
            'dapao9'
        """

    @abstractmethod
    def situation(self, request: RequestT, rule_set: RuleSetT) -> SituationT:
        """What a checked request describes, ready to price.

        :raises RuleError: a situation a rule rules out, naming the rule.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning")
            >>> request = nanning.parse({"hand": "234m678m999m55p", "win": "自摸", "melds": [{"kind": "碰",
            ...     "tile": "9s"}]})
            >>> nanning.situation(request, nanning.rule_set_of(request)).win
            <Win.ZIMO: '自摸'>
        """

    @abstractmethod
    def price(self, situation: SituationT, rule_set: RuleSetT) -> Settlement:
        """What a possible situation settles.

        :raises RuleError: if it cannot occur.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning"); rules = nanning.rule_set()
            >>> request = nanning.parse({"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰",
            ...     "tile": "9s"}]})
            >>> nanning.price(nanning.situation(request, rules), rules).total
            2
        """

    @abstractmethod
    def render(self, request: RequestT, situation: SituationT, settlement: Settlement, rule_set: RuleSetT) -> Json:
        """The scored request as JSON: at least game, total, payments, net, formula, rules (see `RESULT_KEYS`).

        Examples:
            >>> from rules.registry import game
            >>> zipai = game("zipai"); request = zipai.parse({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [
            ...     {"kind": "拢", "cards": "肆肆肆肆"}, {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
            ...     "cards": "六六六"}],
            ...     "win": "自摸"})
            >>> rules = zipai.rule_set_of(request); s = zipai.situation(request, rules)
            >>> zipai.render(request, s, zipai.price(s, rules), rules)["total"]
            100
        """

    def score(self, request: Mapping[str, object]) -> Json:
        """What ``caipan score`` prints (schema ``<game>.score.response``): the four steps in order.

        Examples:
            >>> from rules.registry import game
            >>> result = game("nanning").score({"hand": "234m678m999m55p", "win": "自摸", "melds": [{"kind": "碰",
            ...     "tile": "9s"}]})
            >>> result["total"], result["net"]
            (9, {'本家': 9, '下家': -3, '对家': -3, '上家': -3})
        """
        return self.score_request(self.parse(request))

    def score_request(self, request: RequestT, rule_set: RuleSetT | None = None) -> Json:
        """A checked request scored: its rule set (or `rule_set`, already read: a night's), its situation, that
        priced, rendered.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning")
            >>> nanning.score_request(nanning.parse({"hand": "234m678m999m55p", "win": "放炮",
            ...                                      "melds": [{"kind": "碰", "tile": "9s"}]}))["total"]
            2
        """
        rule_set = self.rule_set_of(request) if rule_set is None else rule_set
        situation = self.situation(request, rule_set)
        return self.render(request, situation, self.price(situation, rule_set), rule_set)

    def waits(self, request: Mapping[str, object]) -> Json:
        """The pieces a waiting hand wins on, each with its price (``caipan waits``); a game without waits
        refuses.

        :raises RuleError: when the game has no waits.

        Examples:
            >>> from rules.registry import game
            >>> game("nanning").waits({"hand": "1112345678999m"})["tiles"]  # 九莲宝灯 waits on every 万
            ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
        """
        raise RuleError(f"waits not available for {self.id}")

    def session(self, request: Mapping[str, object]) -> Json:
        """A night at the table (``caipan session``): every hand's dealer, net and rules, the running totals,
        who deals next and who pays whom (`rules.session`); a game without sessions refuses.

        :raises RuleError: when the game has no sessions.

        Examples:
            >>> from rules.registry import game
            >>> game("zipai").session({"players": ["甲", "乙", "丙"], "dealer": "甲", "hands": []})["dealer"]
            '甲'
        """
        raise RuleError(f"session not available for {self.id}")

    @cached_property
    def _scores(self) -> Remembered[RequestT, RuleSetT]:
        """`score_request` remembering its answers: a night recomputed scores only the hands it has not seen."""
        return Remembered(self.score_request)

    # -- the payout table -------------------------------------------------------------------
    @abstractmethod
    def situations(self, rule_set: RuleSetT) -> Iterable[SituationT]:
        """Every situation the payout table prices under these rules, possible or not.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning")
            >>> len(list(nanning.situations(nanning.rule_set()))) > 1000
            True
        """

    @abstractmethod
    def impossible(self, situation: SituationT, rule_set: RuleSetT) -> RuleError | None:
        """Why a situation cannot occur (an error naming the rule), or None.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning"); rules = nanning.rule_set()
            >>> reasons = [nanning.impossible(s, rules) for s in nanning.situations(rules)]
            >>> any(r is None for r in reasons), any(r is not None and r.rule for r in reasons)
            (True, True)
        """

    @abstractmethod
    def payout_rows(self, part: tuple[int, int] = (0, 1)) -> list[Json]:
        """The payout table's rows; `part` (k, n): only the k-th of n consecutive shares, which in order
        are the whole table (a build prices them side by side).

        Examples:
            >>> from rules.registry import game
            >>> zipai = game("zipai")
            >>> zipai.payout_rows(part=(0, 2)) + zipai.payout_rows(part=(1, 2)) == zipai.payout_rows()
            True
        """

    @abstractmethod
    def payout_table(self, rows: list[Json] | None = None) -> Json:
        """Rows as a table of the shape `check_table` checks (schema ``<game>.payouts`` without its
        ``schema_version``, which the build adds when it publishes the table); every row by default.

        Examples:
            >>> from rules.registry import game
            >>> table = game("zipai").payout_table()
            >>> check_table(table, "zipai"), table["title"]
            ([], '字牌赔付表')
        """


# What every scored result has, whatever the game (`Game.score`).
RESULT_KEYS = ("game", "total", "payments", "net", "formula", "rules")
PAYMENT_KEYS = ("payer", "payee", "amount", "for")
# The payout table: its keys, each column's, each dimension's, and what every row has.
TABLE_KEYS = ("game", "title", "edition_inputs", "columns", "dimensions", "rows")
COLUMN_TYPES = ("text", "number")
ROW_KEYS = ("id", "feasible", "reason", "total", "formula", "rules", "payments")


def _objects(value: object) -> list[Mapping[str, object]]:
    """A JSON list's objects (a value that is no list holds none)."""
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _amount(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def check_result(result: Mapping[str, object], game: str) -> list[str]:
    """What a scored result lacks of the shared shape (empty when it conforms).

    Examples:
        >>> check_result({"game": "nanning", "total": 2, "payments": [{"payer": "上家"}], "net": {"本家": 2}},
        ...     "nanning")
        ['result lacks formula', 'result lacks rules', 'payment lacks payee', 'payment lacks amount', ...]
    """
    problems = [f"result lacks {k}" for k in RESULT_KEYS if k not in result]
    if result.get("game") != game:
        problems.append(f"result game is {result.get('game')!r}, not {game!r}")
    for p in _objects(result.get("payments", [])):
        problems += [f"payment lacks {k}" for k in PAYMENT_KEYS if k not in p]
    net = result.get("net")
    if isinstance(net, Mapping) and sum(_amount(v) for v in net.values()) != 0:
        problems.append("net does not sum to zero")
    return problems


def check_table(table: Mapping[str, object], game: str) -> list[str]:
    """What a payout table lacks of the contract (empty when it conforms).

    Every row has the shared keys and every column's; ids are unique; a row is
    feasible with a total, or infeasible with a reason; each dimension lists
    exactly the values its rows take; a feasible row's payments add up to its total.

    Examples:
        >>> check_table({"game": "x"}, "x")
        ['table lacks title', 'table lacks edition_inputs', 'table lacks columns', 'table lacks dimensions', ...]
    """
    problems = [f"table lacks {k}" for k in TABLE_KEYS if k not in table]
    if problems:
        return problems
    if table["game"] != game:
        problems.append(f"table game is {table['game']!r}, not {game!r}")
    columns = [str(c["key"]) for c in _objects(table["columns"])]
    problems += [f"column {c['key']}: type {c.get('type')!r}" for c in _objects(table["columns"])
                 if c.get("type") not in COLUMN_TYPES or not c.get("label")]
    rows = _objects(table["rows"])
    seen: set[object] = set()
    for row in rows:
        rid = row.get("id", "?")
        missing = [k for k in (*ROW_KEYS, *columns) if k not in row]
        if missing:
            problems.append(f"row {rid} lacks {', '.join(missing)}")
            continue
        if rid in seen:
            problems.append(f"row id {rid} is used twice")
        seen.add(rid)
        if row["feasible"] and (row["total"] is None or not row["rules"]):
            problems.append(f"row {rid} is feasible without a total or rules")
        if not row["feasible"] and not row["reason"]:
            problems.append(f"row {rid} is infeasible without a reason")
        paid = _objects(row["payments"])
        if row["feasible"] and paid and sum(_amount(p.get("amount")) for p in paid) < _amount(row["total"]):
            problems.append(f"row {rid}: payments add up to less than the total")
    for dim in _objects(table["dimensions"]):
        taken = {repr(row.get(str(dim["key"]))) for row in rows}
        listed = dim["values"] if isinstance(dim["values"], list) else []
        if set(map(repr, listed)) != taken or len(set(map(repr, listed))) != len(listed):
            shown = sorted(map(str, listed))[:5]
            problems.append(f"dimension {dim['key']}: values {shown}… differ from the rows' "
                            f"{sorted({str(row.get(str(dim['key']))) for row in rows})[:5]}…")
    if not rows:
        problems.append("table has no rows")
    return problems
