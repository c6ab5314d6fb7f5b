"""Options (选项): the house rules and readings a rule set can change, in every game.

A game lists its options in its rule data (data/<game>/*.toml: each option's key, name,
values, default, rules and quote), read into `Option` rows, and declares them in code as
one frozen dataclass whose fields are the options, each typed with a ``StrEnum`` of its
values (`rules.nanning.options.Options`, `rules.zipai.options.Options`). The code asks
``rule_set.options.moma is Switch.ON``, never compares a value to a string; the loader checks
the two against each other (`check_against`), so a value the data has and the enum lacks, or
the other way round, stops loading with one line naming the file and the key.

A field's option key is its name, or the `key(...)` it is declared with (字牌's reading ids
such as ``zp-r-combine``). `set_options` is the one way to change options, with one message shape.

Examples:
    >>> from rules.nanning.options import Options, Switch
    >>> from rules.nanning.rule_set import presets
    >>> specs = presets()["yuanwen"].option_specs
    >>> check_against(Options, specs, "data/nanning/presets.toml [options]")
    >>> set_options(defaults(Options, specs), specs, {"moma": "on"}, "rules.options").moma is Switch.ON
    True
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from .errors import RuleError
from .request import echo, keys

KEY = "caipan.option"  # the metadata key of a field whose option key is not its name
NOT_IN_DOCUMENTS = "不见于原文"  # the origin of a variant: a rule clubs play that no source document has
OptionsT = TypeVar("OptionsT")


@dataclass(frozen=True)
class Option:
    """One option (a reading of an ambiguous line, or a house rule): its values and where it comes from.

    Examples:
        >>> from rules.registry import game
        >>> option = game("nanning").options()[0]
        >>> option.key, option.default, sorted(option.values)
        ('menqing_rule', 'base4', ['base4', 'plus1'])
    """

    key: str
    name: str
    default: str
    values: Mapping[str, str]  # value → what it means
    rules: tuple[str, ...]
    quote: str = ""
    # Options that must hold for a non-default value to mean anything: option key → the value it needs.
    requires: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # A variant (``origin`` 不见于原文): where it comes from (program, file, line), listed apart from the
    # documents' own readings; a reading of the documents has neither.
    origin: str = ""
    provenance: tuple[str, ...] = ()

    @property
    def variant(self) -> bool:
        """Whether the option is a rule of deployed programs, not of the documents (不见于原文).

        Examples:
            >>> from rules.registry import game
            >>> [o.key for o in game("nanning").options() if o.variant][:2]
            ['shisanyao', 'pinghu_zimo']
        """
        return self.origin == NOT_IN_DOCUMENTS


def variant_origin(entry: Mapping[str, Any], where: str) -> tuple[str, tuple[str, ...]]:
    """An entry's ``origin`` and ``provenance`` as the data gives them: both (a variant, 不见于原文) or neither.

    :raises RuleError: one without the other, another origin, or a provenance that is not a list of citations.

    Examples:
        >>> variant_origin({}, "x.toml [options.a]")
        ('', ())
        >>> variant_origin({"origin": "不见于原文", "provenance": ["a.java 1"]}, "x")[1]
        ('a.java 1',)
        >>> variant_origin({"origin": "原文"}, "x.toml [options.a]")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [options.a] origin: a variant is marked "不见于原文" and cites its provenance
    """
    origin, provenance = entry.get("origin"), entry.get("provenance")
    if origin is None and provenance is None:
        return "", ()
    if origin != NOT_IN_DOCUMENTS or not isinstance(provenance, list) or not provenance or not all(
            isinstance(p, str) and p for p in provenance):
        raise RuleError(f"{where} origin: a variant is marked {echo(NOT_IN_DOCUMENTS)} and cites its provenance")
    return NOT_IN_DOCUMENTS, tuple(provenance)


def key(name: str) -> Any:
    """A field of an options dataclass whose option key is `name` (not the field's name).

    Examples:
        >>> key("zp-r-combine").metadata[KEY]
        'zp-r-combine'
    """
    return dataclasses.field(metadata={KEY: name})


def choices(options: type) -> dict[str, tuple[str, type[StrEnum]]]:
    """Option key → (the field's name, the enum of its values), in the order declared.

    Examples:
        >>> from rules.zipai.options import Options
        >>> name, enum = choices(Options)["zp-r-combine"]
        >>> name, [v.value for v in enum]
        ('combine', ['multiply', 'add'])
    """
    hints = typing.get_type_hints(options)
    out = {}
    for f in dataclasses.fields(options):
        enum = hints[f.name]
        if not (isinstance(enum, type) and issubclass(enum, StrEnum)):
            raise TypeError(f"{options.__name__}.{f.name}: an option is typed with a StrEnum of its values")
        out[f.metadata.get(KEY, f.name)] = (f.name, enum)
    return out


def values_of(options: type) -> dict[str, tuple[str, ...]]:
    """Option key → its values as plain strings, in the order declared (for tables and reports).

    Examples:
        >>> from rules.zipai.options import Options
        >>> values_of(Options)["zp-r-rounding"]
        ('ceil10', 'round10', 'none')
    """
    return {k: tuple(m.value for m in enum) for k, (_, enum) in choices(options).items()}


def check_against(options: type, specs: Mapping[str, Option], where: str) -> None:
    """The options the data lists (`specs`) are exactly the declared ones, each with exactly its enum's values.

    :raises RuleError: one line naming the data (`where`) and the key that differs.

    Examples:
        >>> from rules.zipai.options import Options
        >>> check_against(Options, {}, "data/zipai/readings.toml")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/zipai/readings.toml: missing option zp-r-combine and 27 more (the core declares 28)
    """
    declared = choices(options)
    missing = [k for k in declared if k not in specs]
    unknown = [k for k in specs if k not in declared]
    if unknown:
        raise RuleError(f"{where}: unknown option {echo(unknown[0])} (the core declares {keys(declared)})")
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise RuleError(f"{where}: missing option {missing[0]}{more} (the core declares {len(declared)})")
    for option, (_, enum) in declared.items():
        data, code = set(specs[option].values), {m.value for m in enum}
        if data != code:
            extra = sorted(data - code) or ["—"]
            lacking = sorted(code - data) or ["—"]
            raise RuleError(f"{where} {option}: values {', '.join(extra)} are not in the core's {enum.__name__}; "
                            f"the core's {', '.join(lacking)} are not in the data")


def defaults(options: type[OptionsT], specs: Mapping[str, Option]) -> OptionsT:
    """Every option at its default (`specs` checked with `check_against` first).

    Examples:
        >>> from rules.zipai.loader import option_specs
        >>> from rules.zipai.options import Options
        >>> defaults(Options, option_specs()).combine.value
        'multiply'
    """
    return options(**{name: enum(specs[k].default) for k, (name, enum) in choices(options).items()})


def set_options(current: OptionsT, specs: Mapping[str, Option], changes: Mapping[str, object], where: str) -> OptionsT:
    """`current` with some options set, by key; what they require must hold.

    :raises RuleError: an unknown option or value (`where` names the request's mapping), or a value whose
        requirement does not hold.

    Examples:
        >>> from rules.zipai.loader import option_specs
        >>> from rules.zipai.options import Options
        >>> base = defaults(Options, option_specs())
        >>> set_options(base, option_specs(), {"zp-r-combine": "both"}, "readings")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: readings.zp-r-combine must be one of multiply | add, not "both"
        >>> set_options(base, option_specs(), {"combine": "add"}, "readings")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: unknown option(s) in readings: combine; known: zp-r-combine, zp-r-rounding, …
    """
    declared = choices(type(current))
    unknown = [k for k in changes if k not in declared]
    if unknown:
        shown = ", ".join(list(declared)[:2]) + (", …" if len(declared) > 2 else "")
        raise RuleError(f"unknown option(s) in {where}: {keys(unknown)}; known: {shown}")
    chosen: dict[str, StrEnum] = {}
    for option, value in changes.items():
        name, enum = declared[option]
        member = next((m for m in enum if isinstance(value, str) and m.value == value), None)
        if member is None:
            allowed = " | ".join(m.value for m in enum)
            got = echo(value) if isinstance(value, str) else f"{value!r}"
            raise RuleError(f"{where}.{option} must be one of {allowed}, not {got}", rule=" ".join(specs[option].rules))
        chosen[name] = member
    out = dataclasses.replace(current, **chosen)  # type: ignore[type-var]
    _check_requires(out, specs)
    return out


def _check_requires(options: object, specs: Mapping[str, Option]) -> None:
    """Every option set away from its default has what it requires (死双翻倍翻谁的 needs 死双 on)."""
    values = values_by_key(options)
    for option, value in values.items():
        spec = specs[option]
        for needed, wanted in spec.requires.items():
            have = values[needed]
            if value != spec.default and have != wanted:
                other = specs[needed]
                raise RuleError(f"{spec.name}「{spec.values[value]}」 only applies when {other.name} is "
                                f"「{other.values[wanted]}」, but it is 「{other.values[have]}」",
                                rule=" ".join(spec.rules))


def values_by_key(options: object) -> dict[str, str]:
    """Option key → the value in force, as the command line reports them.

    Examples:
        >>> from rules.zipai.loader import option_specs
        >>> from rules.zipai.options import Options
        >>> values_by_key(defaults(Options, option_specs()))["zp-r-rounding"]
        'ceil10'
    """
    return {k: getattr(options, name).value for k, (name, _) in choices(type(options)).items()}
