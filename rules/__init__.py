"""caipan rules core (裁判规则核心): pure scoring for Nanning mahjong and 三人字牌.

Every game fills the contract of `rules.game` and is listed in `rules.registry`;
the kinds they share live in `rules.ledger` and `rules.errors`. Everything here
is pure Python without I/O, except the command line (`rules.__main__`) and the
rule-data reader (`rules.data`).
"""
