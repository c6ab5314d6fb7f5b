"""The declarations every game may use: a rule set named in a request (``common``'s ``rules_request``)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .fields import field

NAME_CHARS = 32  # a preset's id or name, an option's key or value


@dataclass(frozen=True, kw_only=True)
class RuleSetEntry:
    """The rule set a request asks for: a preset (by id or Chinese name) with some options set; a bare
    string names the preset alone.

    Examples:
        >>> from rules.request import read
        >>> read(RuleSetEntry, "dapao9"), read(RuleSetEntry, {"options": {"moma": "on"}}).preset
        (RuleSetEntry(preset='dapao9', options=mappingproxy({})), None)
    """

    shorthand: ClassVar[str] = "preset"

    preset: str | None = field("a preset id or Chinese name (default: the first preset)", chars=NAME_CHARS,
                               example="yuanwen", default=None)
    options: Mapping[str, str] = field("option → value, each a key of the game's options (default: the preset's)",
                                       key_chars=NAME_CHARS, chars=NAME_CHARS, most=NAME_CHARS,
                                       example={"moma": "on"}, default={})


# The shared definitions of common.schema.json that are declared here: name → (declaration, words, example).
DEFINITIONS = {
    "rules_request": (RuleSetEntry, 'The rule set: a preset id or name, or {"preset": …, "options": {…}}.',
                      {"preset": "yuanwen", "options": {"moma": "on"}}),
}
