"""caipan rules core (裁判规则核心): pure scoring for Nanning mahjong and 三人字牌.

Every game fills the contract of `rules.game` and is listed in `rules.registry`;
what they share lives once: requests declared and read (`rules.request`), options
as enums (`rules.options`), payments and settlements (`rules.ledger`), the one
error (`rules.errors`), waits (`rules.waits`). Everything here is pure Python
without I/O, except the command line (`rules.__main__`, `rules.request.wire`) and
the rule-data reader (`rules.data`).
"""
