"""Jinja2 for the site's pages: autoescape on everywhere, and helpers that make links.

Source text only ever reaches a page through autoescaping (in raw HTML blocks) or
through `md`, which also neutralises Markdown syntax, so a line of a source can
never add markup, an attribute, an anchor or a script.
"""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path, PurePosixPath

import jinja2
from jinja2 import ChoiceLoader, Environment, FileSystemBytecodeCache, FileSystemLoader, PrefixLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from ..errors import BuildError
from ..paths import BUILD

TEMPLATES = PurePosixPath(__file__).parent / "templates"
# Characters Python-Markdown (with our extensions) gives a meaning to inside a line.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
ANCHOR = re.compile(r"^[A-Za-z][A-Za-z0-9_.:-]*$")


def md(text: object) -> Markup:
    """Text for a Markdown heading or paragraph: one line, Markdown syntax escaped, HTML escaped."""
    line = " ".join(str(text).split())
    return Markup(escape(MARKDOWN_SPECIAL.sub(r"\\\1", line)))


def anchor(value: object) -> str:
    """An id people cite: ASCII, stable; anything else is a build error, never a slug."""
    text = str(value)
    if not ANCHOR.match(text):
        raise BuildError(f"not a usable anchor id: {text!r}")
    return text


class Links:
    """Relative URLs from one page (directory URLs: page `a/b.md` is served at `a/b/`)."""

    def __init__(self, page: str, targets: dict[str, str] | None = None):
        path = PurePosixPath(page)
        depth = len(path.parts) - (1 if path.name == "index.md" else 0)
        self.root = "../" * depth
        self.targets = targets or {}

    def to(self, target: str, fragment: str = "") -> str:
        """`target` is a site path such as "nanning/article/" or "data/x.csv"."""
        return self.root + target + (f"#{fragment}" if fragment else "")

    def line(self, doc: str, number: object) -> str:
        return self.to(f"sources/{doc}/", f"line-{number}")

    def rule(self, rule_id: str) -> str | None:
        """Where a cited id is explained (article line or block, ruling, reading…); None if unknown."""
        page = self.targets.get(rule_id)
        return self.to(page, rule_id) if page else None


def citations(provenance: str) -> list[tuple[str, str, str]]:
    """"001:321+323 / 000:297" -> [(doc, line, label), …] for links to the sources pages."""
    out = []
    for part in filter(None, (p.strip() for p in str(provenance).split("/"))):
        doc, _, numbers = part.partition(":")
        for number in numbers.split("+"):
            out.append((doc, number, f"{doc}:{number}"))
    return out


def parse_lines(text: str) -> list[tuple[str, str]]:
    """Finding lines such as "001:127; 000:113" or "001:127 / 000:113+115" -> [(doc, line), …]."""
    out = []
    for part in re.split(r"[;；/,，\s]+", str(text)):
        if ":" in part:
            doc, _, numbers = part.partition(":")
            out += [(doc, n) for n in re.split(r"[+＋–-]", numbers) if n.isdigit()]
    return out


def number(value: object) -> str:
    """A count with thousands separators, or — when there is none."""
    return "—" if value is None else f"{value:,}"


def environment(templates: PurePosixPath | Path = TEMPLATES, own: dict[str, Path] | None = None) -> Environment:
    """The one Jinja set-up of every page: autoescape, strict, and the filters here.

    `own` maps a game's id to the folder of its own templates, named "<id>/<file>".
    """
    loader = FileSystemLoader(str(templates))
    if own:
        loader = ChoiceLoader([loader, PrefixLoader({g: FileSystemLoader(str(path)) for g, path in own.items()})])
    env = Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(md=md, anchor=anchor, citations=citations, parse_lines=parse_lines, n=number)
    return compiled_once(env)


def compiled_once(env: Environment) -> Environment:
    """`env` with Jinja's bytecode cache (`_Compiled`): a template is compiled once, then loaded from
    build/jinja/ (some 0.5 s a build for ours, the theme's and mkdocstrings')."""
    COMPILED.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = _Compiled(str(COMPILED))
    return env


COMPILED = BUILD / "jinja"


class _Compiled(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, each found by its name and file and by all else its
    code depends on (Jinja, Python, the environment's syntax, extensions and escaping, read when the
    template is loaded: mkdocstrings sets some after making its environment), then checked by Jinja
    against the template's source."""

    def get_bucket(self, environment: Environment, name: str, filename: str | None, source: str) -> Bucket:
        e = environment
        depends = [name, filename, jinja2.__version__, sys.version] + [
            getattr(value, "__qualname__", value) for value in (
                e.block_start_string, e.block_end_string, e.variable_start_string, e.variable_end_string,
                e.comment_start_string, e.comment_end_string, e.line_statement_prefix, e.line_comment_prefix,
                e.trim_blocks, e.lstrip_blocks, e.newline_sequence, e.keep_trailing_newline, e.optimized,
                e.autoescape, e.finalize, e.is_async, sorted(e.extensions))]
        key = hashlib.sha256(repr(depends).encode()).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket
