"""jieba's dictionary (分词词典) cut down to the words a build can meet: the search plugin then
loads some 80,000 words instead of 350,000 (about half a second of every build), and cuts the
site's text into exactly the same words.

Why the cut changes nothing: jieba cuts a run of text by looking up the run's own substrings
(a word, or the prefix of a longer word), so a word holding a character that no text of the
build holds is never looked at, and neither is a prefix that only such words have. Each word's
weight is its frequency over `total`, the sum of every frequency of the dictionary: one entry
under a word no text can hold (`REST`) carries the frequencies left out, so `total` is the same.

What the build cuts must be made of the characters given to `load`: the caller names its sources
(the pages, the docstrings mkdocstrings renders), and checks the search index it built against them.
"""
from __future__ import annotations

import io
import re

# jieba looks words up only inside runs of Han characters, Latin letters, digits and +#&._%-
# (its re_han_default); this character is none of them, so no text ever meets this entry.
REST = "※"
ENTRY = r"^\S+ (\d+)"  # a line of the dictionary: word, frequency, then a part-of-speech tag


def load(chars: set[str]) -> None:
    """Give jieba's default tokenizer the words of its dictionary made only of `chars` (and the
    same `total`), as if it had loaded its whole dictionary (the search plugin then adds the
    site's own words to it)."""
    import jieba

    text = jieba.dt.get_dict_file().read().decode("utf-8")
    allowed = "".join(re.escape(c) for c in sorted(chars) if not c.isspace())
    kept = re.findall(rf"^[{allowed}]+ \d+.*$", text, re.M) if allowed else []
    rest = _total(text) - _total("\n".join(kept))
    jieba.dt.FREQ, jieba.dt.total = jieba.dt.gen_pfdict(io.BytesIO("\n".join(kept + [f"{REST} {rest}"]).encode()))
    jieba.dt.initialized = True


def _total(text: str) -> int:
    return sum(map(int, re.findall(ENTRY, text, re.M)))
