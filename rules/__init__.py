"""caipan rules core (裁判规则核心): pure scoring for Nanning mahjong and 三人字牌.

Everything here is pure Python without I/O, except the command-line shell in
`rules.__main__` and the preset loader it uses.
"""
