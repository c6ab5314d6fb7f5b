"""三人字牌 (document 003): the rules core.

Cards and groups (`cards`, `groups`), hand analysis (`analysis`), 名堂 and
settlement (`scoring`), the readings the document leaves open (`rule_set`), the
enumeration of reachable hands (`reach`) and the command line (`cli`). Every
function here is pure; `presets` is the one loader that reads data/zipai/.
"""
