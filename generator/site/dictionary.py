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

import hashlib
import io
import marshal
import os
import re
import sys

from ..paths import BUILD

# jieba looks words up only inside runs of Han characters, Latin letters, digits and +#&._%-
# (its re_han_default); this character is none of them, so no text ever meets this entry.
REST = "※"
CACHE = BUILD / "jieba"
ENTRY = r"^\S+ (\d+)"  # a line of the dictionary: word, frequency, then a part-of-speech tag


def load(chars: set[str]) -> None:
    """Give jieba's default tokenizer the words of its dictionary made only of `chars` (and the
    same `total`), as if it had loaded its whole dictionary (the search plugin then adds the
    site's own words to it). Made once for given characters and dictionary, then read from
    build/jieba/."""
    import jieba

    whole = jieba.dt.get_dict_file().read()
    key = hashlib.sha256(sys.version.encode() + whole + "".join(sorted(chars)).encode()).hexdigest()[:16]
    cached = CACHE / f"{key}.marshal"
    if cached.is_file():
        freq, total = marshal.loads(cached.read_bytes())
    else:
        freq, total = jieba.dt.gen_pfdict(io.BytesIO(cut(whole.decode("utf-8"), chars).encode("utf-8")))
        CACHE.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(marshal.dumps((freq, total)))
        part.replace(cached)  # whole or not at all: a build stopped halfway leaves no short copy
    jieba.dt.FREQ, jieba.dt.total = freq, total
    jieba.dt.initialized = True


def cut(whole: str, chars: set[str]) -> str:
    """The lines of a jieba dictionary whose word is made of `chars`, and one line (`REST`) with the
    frequencies of the others."""
    allowed = "".join(re.escape(c) for c in sorted(chars) if not c.isspace())
    kept = re.findall(rf"^[{allowed}]+ \d+.*$", whole, re.M) if allowed else []
    rest = _total(whole) - _total("\n".join(kept))
    return "\n".join([*kept, f"{REST} {rest}"]) + "\n"


def _total(text: str) -> int:
    return sum(map(int, re.findall(ENTRY, text, re.M)))
