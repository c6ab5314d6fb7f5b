"""三人字牌 (document 003): the rules core.

Its vocabulary (`model`), cards and groups (`cards`, `groups`), hand analysis
(`analysis`, `hand`), 名堂 and settlement (`scoring`), the readings the document
leaves open (`options`, in force in a `rule_set`), the enumeration of reachable
hands (`reach`), its requests (`request`) and what they answer (`answer`,
`waits`). Every function here is pure; `loader` is the one module that reads
data/zipai/.
"""
