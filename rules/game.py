"""The Game contract: what every ruleset fills, so that the command line, the build,
the pages and the tests can loop over games without naming one.

A game is one folder (``rules/<id>/``) whose ``game.py`` defines a `Game`
subclass, and one line in `rules.registry`. Its generator side (build steps,
pages, charts), if any, is the module named by `Game.generator`.

Situations, rule sets and checked requests are each game's own types; what
comes back is shared: a `rules.ledger.Settlement`, a `RuleError`, `OptionSpec`
rows and a payout table of the shape `check_table` checks.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from .errors import RuleError
from .ledger import Settlement
from .options import Option as OptionSpec


class Game(ABC):
    """One ruleset. Subclasses set `id`, `title` (Chinese) and fill the methods below.

    The command line, the build, the pages and the tests reach a game only
    through this contract and `rules.registry`.

    Examples:
        >>> from rules.registry import game
        >>> nanning = game("nanning")
        >>> isinstance(nanning, Game), nanning.id, nanning.title
        (True, 'nanning', '南宁麻将')
    """

    id: ClassVar[str]
    title: ClassVar[str]
    generator: ClassVar[str] = ""  # module of the generator side (build steps, pages, charts)

    # -- its rules --------------------------------------------------------------------------
    @abstractmethod
    def presets(self) -> Mapping[str, str]:
        """The named rule sets, id → Chinese name; the first is the default.

        Examples:
            >>> from rules.registry import game
            >>> list(game("nanning").presets().items())[:2]
            [('yuanwen', '原文'), ('dapao9', '大炮一律9分')]
            >>> game("zipai").presets()
            {'default': '默认读法'}
        """

    @abstractmethod
    def options(self) -> tuple[OptionSpec, ...]:
        """Every option a rule set can change (for 字牌: every reading, zp-r-…).

        Examples:
            >>> from rules.registry import game
            >>> [o.key for o in game("zipai").options()][:2]
            ['zp-r-combine', 'zp-r-rounding']
        """

    @abstractmethod
    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> Any:
        """The one way to combine options: a preset (default: the first) with any options set.

        :raises RuleError: an unknown preset, option or value.

        Examples:
            >>> from rules.registry import game
            >>> game("nanning").rules("dapao9", {"moma": "on"}).options.moma
            <Switch.ON: 'on'>
            >>> game("nanning").rules("nosuch")
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: unknown preset "nosuch"; known presets: yuanwen (原文), ...
        """

    # -- the command line -------------------------------------------------------------------
    @abstractmethod
    def parse(self, request: dict) -> Any:
        """A request (the command line's JSON object) checked into the game's own terms.

        :raises RuleError: anything missing, unknown or ill-typed, in one line.

        Examples:
            >>> from rules.registry import game
            >>> game("nanning").parse({"hand": "234m678m999m55p", "win": "自摸", "melds": [{"kind": "碰", "tile": "9s"}]}).win
            <Win.ZIMO: '自摸'>
            >>> game("nanning").parse({"hand": "234m", "wn": "自摸"})
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: unknown field(s): wn; known: chain, discarder, fenghu, fenghu_seat, fishing, hand, kongs, melds, moma_hits, multi, rules, win, win_tile
        """

    @abstractmethod
    def score(self, request: dict) -> dict:
        """The scored request: at least game, total, payments, net, formula, rules (see `RESULT_KEYS`);
        what ``caipan score`` prints (schema ``<game>.score.response``).

        Examples:
            >>> from rules.registry import game
            >>> result = game("nanning").score({"hand": "234m678m999m55p", "win": "自摸", "melds": [{"kind": "碰", "tile": "9s"}]})
            >>> result["total"], result["net"]
            (9, {'本家': 9, '下家': -3, '对家': -3, '上家': -3})
        """

    def waits(self, request: dict) -> dict:
        """The tiles or cards a waiting hand wins on, each with its price: `waits(request)` of the
        game folder's `waits` module.

        :raises RuleError: when the game has no waits module.

        Examples:
            >>> from rules.registry import game
            >>> hasattr(game("zipai"), "waits")
            True
        """
        folder = type(self).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{folder}.waits")
        except ModuleNotFoundError as exc:
            if exc.name != f"{folder}.waits":
                raise
            raise RuleError(f"waits not available for {self.id}") from None
        return module.waits(request)

    # -- the payout table -------------------------------------------------------------------
    @abstractmethod
    def situations(self, rules: Any) -> Iterable[Any]:
        """Every situation the payout table prices under these rules, possible or not.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning")
            >>> len(list(nanning.situations(nanning.rules()))) > 1000
            True
        """

    @abstractmethod
    def impossible(self, situation: Any, rules: Any) -> RuleError | None:
        """Why a situation cannot occur (an error naming the rule), or None.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning"); rules = nanning.rules()
            >>> reasons = [nanning.impossible(s, rules) for s in nanning.situations(rules)]
            >>> any(r is None for r in reasons), any(r is not None and r.rule for r in reasons)
            (True, True)
        """

    @abstractmethod
    def price(self, situation: Any, rules: Any) -> Settlement:
        """What a possible situation settles.

        :raises RuleError: if it cannot occur.

        Examples:
            >>> from rules.registry import game
            >>> nanning = game("nanning"); rules = nanning.rules()
            >>> situation = nanning.parse({"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰", "tile": "9s"}]})
            >>> nanning.price(situation, rules).total
            2
        """

    @abstractmethod
    def payout_table(self) -> dict:
        """Every situation priced, as a table of the shape `check_table` checks (schema ``<game>.payouts``
        without its ``schema_version``, which the build adds when it publishes the table).

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


def check_result(result: dict, game: str) -> list[str]:
    """What a scored result lacks of the shared shape (empty when it conforms).

    Examples:
        >>> check_result({"game": "nanning", "total": 2, "payments": [{"payer": "上家"}], "net": {"本家": 2}}, "nanning")
        ['result lacks formula', 'result lacks rules', 'payment lacks payee', 'payment lacks amount', 'payment lacks for', 'net does not sum to zero']
    """
    problems = [f"result lacks {k}" for k in RESULT_KEYS if k not in result]
    if result.get("game") != game:
        problems.append(f"result game is {result.get('game')!r}, not {game!r}")
    for p in result.get("payments", []):
        problems += [f"payment lacks {k}" for k in PAYMENT_KEYS if k not in p]
    if "net" in result and sum(result["net"].values()) != 0:
        problems.append("net does not sum to zero")
    return problems


def check_table(table: dict, game: str) -> list[str]:
    """What a payout table lacks of the contract (empty when it conforms).

    Every row has the shared keys and every column's; ids are unique; a row is
    feasible with a total, or infeasible with a reason; each dimension lists
    exactly the values its rows take; a feasible row's payments add up to its total.

    Examples:
        >>> check_table({"game": "x"}, "x")
        ['table lacks title', 'table lacks edition_inputs', 'table lacks columns', 'table lacks dimensions', 'table lacks rows']
    """
    problems = [f"table lacks {k}" for k in TABLE_KEYS if k not in table]
    if problems:
        return problems
    if table["game"] != game:
        problems.append(f"table game is {table['game']!r}, not {game!r}")
    columns = [c["key"] for c in table["columns"]]
    problems += [f"column {c['key']}: type {c.get('type')!r}" for c in table["columns"]
                 if c.get("type") not in COLUMN_TYPES or not c.get("label")]
    seen: set[str] = set()
    for row in table["rows"]:
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
        if row["feasible"] and row["payments"] and sum(p["amount"] for p in row["payments"]) < row["total"]:
            problems.append(f"row {rid}: payments add up to less than the total")
    for dim in table["dimensions"]:
        taken = {row.get(dim["key"]) for row in table["rows"]}
        listed = dim["values"]
        if set(listed) != taken or len(set(map(repr, listed))) != len(listed):
            problems.append(f"dimension {dim['key']}: values {sorted(map(str, listed))[:5]}… "
                            f"differ from the rows' {sorted(map(str, taken))[:5]}…")
    if not table["rows"]:
        problems.append("table has no rows")
    return problems
