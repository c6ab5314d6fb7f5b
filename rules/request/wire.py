"""A request on the wire: bytes in, one JSON object out (`load`), and the answer or one line back.

The order matters: every size (bytes, nesting, digits) is checked before any work
that grows with it, so no input can make the referee hang or run out of memory;
what the object holds is then checked by `rules.request.reader` against the
request's declaration.

`serve` is the one I/O function: it reads stdin as bytes, writes stdout as UTF-8,
and turns every failure (bad bytes, a closed stream, a broken pipe, a bug) into
exit status 2 and one line of at most `MAX_LINE` characters on stderr, whatever
the locale. `echo` is how an error message quotes the input: shortened, with
control and other invisible characters escaped.
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn

from ..errors import RuleError

MAX_INPUT_BYTES = 1 << 14  # a real request is a few hundred bytes
MAX_DEPTH = 8  # the deepest real request is {"rules": {"options": {…}}} or [{"kind": …}]
MAX_INT_DIGITS = 18  # every number in a request is a small count
MAX_LINE = 300  # one error line, at most
ECHO = 40  # characters of input quoted in an error message

DIGIT = "[0-9]"  # a rank is an ASCII digit: `\d` would also match １, ٣, ३, 𝟑 …

# ---------------------------------------------------------------- quoting input

def _escape(text: str) -> str:
    """Every character that is not printable (controls, ESC, line and paragraph
    separators, bidi overrides, lone surrogates) as a Python escape."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def echo(value: Any, limit: int = ECHO) -> str:
    """The input value as an error message should quote it: short, on one line, escaped.

    Examples:
        >>> echo("x" * 50)
        '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
        >>> echo({"a": [1, 2]})
        '{"a": [1, 2]}'
    """
    out = _render(value, limit + 1, 3)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _render(value: Any, budget: int, depth: int) -> str:
    """A JSON-like rendering that stops after about `budget` characters and `depth` levels."""
    if isinstance(value, str):
        body = _escape(value[:budget]).replace('"', '\\"')
        return f'"{body}"' + (f"…({len(value)} characters)" if len(value) > budget else "")
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() < 64 else f"<a {value.bit_length()}-bit number>"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple, dict)):
        if depth == 0 or not value:
            return "[…]" if isinstance(value, (list, tuple)) else "{…}"
        parts, used = [], 0
        pairs = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for key, item in pairs:
            if used > budget:
                parts.append("…")
                break
            part = _render(item, budget - used, depth - 1)
            if key is not None:
                part = _render(key, budget - used, 0) + ": " + part
            parts.append(part)
            used += len(part) + 2
        inner = ", ".join(parts)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    return f"<{type(value).__name__}>"


def keys(names: Iterable[Any], most: int = 5) -> str:
    """Some field names for an 'unknown field' message: plain when short and printable, else quoted.

    Examples:
        >>> keys(["win", "hnad", "a b"]), keys("abcdefg")
        ('"a b", hnad, win', 'a, b, c, d, e, …')
    """
    names = sorted(names, key=str)
    shown = [k if isinstance(k, str) and 0 < len(k) <= 24 and k.isprintable() and not set(k) & set(' ,;"')
             else echo(k, 24) for k in names[:most]]
    return ", ".join(shown) + (", …" if len(names) > most else "")


def one_line(message: str) -> str:
    """An error message as one printable line of at most `MAX_LINE` characters.

    Examples:
        >>> one_line("too   many    spaces"), len(one_line("x" * 1000)) == MAX_LINE
        ('too many spaces', True)
    """
    line = " ".join(_escape(message[: MAX_LINE * 4]).split())
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


# ---------------------------------------------------------------- checking values

def shape_of(value: Any) -> str:
    """What a JSON value is, in words, for 'must be … not …' messages.

    Examples:
        >>> shape_of(True), shape_of(1.5), shape_of([]), shape_of({})
        ('true', 'a number with a fraction', 'a list', 'an object')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return {int: "a number", float: "a number with a fraction", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def described(value: Any) -> str:
    """A value for 'must be …, not …': its kind and, when that does not say it all, the value.

    Examples:
        >>> described(None), described("x"), described([1])
        ('null', 'a string "x"', 'a list [1]')
    """
    if value is None or isinstance(value, bool):
        return shape_of(value)
    return f"{shape_of(value)} {echo(value)}"


# ---------------------------------------------------------------- reading the request

def _int(digits: str) -> int:
    size = len(digits.lstrip("-"))
    if size > MAX_INT_DIGITS:
        raise RuleError(f"the number {digits[:12]}… has {size} digits; every number in a request is a small count")
    return int(digits)


def _constant(name: str) -> NoReturn:
    raise RuleError(f"{name} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RuleError(f"key {echo(key)} appears twice in one object")
        out[key] = value
    return out


def _depth(value: Any) -> int:
    """How deeply a parsed value nests, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, (list, dict)):
            deepest = max(deepest, d)
            if d <= MAX_DEPTH:
                stack.extend((child, d + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def load(raw: bytes, limit: int = MAX_INPUT_BYTES) -> dict[str, Any]:
    """The request object in `raw` (UTF-8 JSON) of at most `limit` bytes, every size bounded before it is read.

    Examples:
        >>> load(b'{"hand": "1m"}')
        {'hand': '1m'}
        >>> load(b'[1]')
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: input must be one JSON object, not a list
    """
    if len(raw) > limit:
        raise RuleError(f"input is more than {limit} bytes; a request is one small JSON object")
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RuleError(f"input is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None
    try:
        request = json.loads(source, object_pairs_hook=_object, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise RuleError(f"input is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise RuleError(f"input nests too deeply; a request nests at most {MAX_DEPTH} levels") from None
    if _depth(request) > MAX_DEPTH:
        raise RuleError(f"input nests more than {MAX_DEPTH} levels deep; a request nests at most {MAX_DEPTH}")
    if not isinstance(request, dict):
        raise RuleError(f"input must be one JSON object, not {shape_of(request)}")
    return request


# ---------------------------------------------------------------- the command line

def _say(stream: Any, line: str, cut: bool = True) -> None:
    """Write one line to a text stream (or its byte buffer) in UTF-8, never raising; `cut`: as `one_line`
    (a JSON refusal is one line already, its message cut, and must stay whole)."""
    if stream is None:
        return
    data = ((one_line(line) if cut else line) + "\n").encode("utf-8", "backslashreplace")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
        else:
            stream.write(data.decode("utf-8"))
        stream.flush()
    except (OSError, ValueError):
        pass


def _read(stream: Any, limit: int) -> bytes:
    if stream is None:
        raise RuleError("no input: standard input is closed")
    try:
        buffer = getattr(stream, "buffer", stream)
        data = buffer.read(limit + 1)
    except (OSError, ValueError) as exc:
        raise RuleError(f"cannot read standard input: {exc}") from None
    return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data


def _write(stream: Any, data: bytes) -> None:
    """Write the result; a closed or broken stdout is a failure like any other."""
    if stream is None:
        raise RuleError("cannot write the result: standard output is closed")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            stream.write(data.decode("utf-8"))
            stream.flush()
    except (OSError, ValueError) as exc:
        if stream is sys.stdout:
            _silence_stdout()
        what = "the reader closed the pipe" if isinstance(exc, BrokenPipeError) else str(exc)
        raise RuleError(f"cannot write the result: {what}") from None


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so Python's exit-time flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


_STD = object()  # "the process's own stream", as opposed to None, a closed one


# How a refusal is printed when not as the plain line: (kind, message, rule, source) → one line
# (`rules.__main__.error_json` for --json-errors).
Refusal = Callable[[str, str, str, str], str]


def refuse(exc: RuleError, refusal: Refusal | None = None, kind: str = "RuleError") -> str:
    """The one line the command line prints for a refusal: ``error: …`` (cut to `MAX_LINE`), or what
    `refusal` makes of it (the message cut the same way).

    Examples:
        >>> refuse(RuleError("hand is empty", rule="nn-1-r1"))
        'error: hand is empty (rule nn-1-r1)'
        >>> refuse(RuleError("hand is empty"), lambda kind, message, rule, source: f"{kind}|{message}|{rule}")
        'RuleError|hand is empty|'
    """
    if refusal is None:
        return one_line(f"error: {exc.one_line()}")
    return refusal(kind, one_line(exc.message), exc.rule, exc.source)


def answer(call: Callable[[dict[str, Any]], Mapping[str, object]], raw: bytes,
           refusal: Refusal | None = None, limit: int = MAX_INPUT_BYTES) -> tuple[str | None, str]:
    """One request's result as JSON text and "", or None and the one line the command line prints for it
    (`limit`: the most bytes the request may have; a night has more room than one hand).

    Shared by `serve` and the scorer page, so both say the same thing about the same bytes.

    Examples:
        >>> answer(lambda request: {"hand": request["hand"]}, b'{"hand": "1m"}')
        ('{\\n "hand": "1m"\\n}', '')
        >>> answer(lambda request: request, b"[1]")
        (None, 'error: input must be one JSON object, not a list')
    """
    try:
        return json.dumps(call(load(raw, limit)), ensure_ascii=False, indent=1), ""
    except RuleError as exc:
        return None, refuse(exc, refusal)
    except RecursionError:
        return None, refuse(RuleError(f"input nests too deeply; a request nests at most {MAX_DEPTH} levels"), refusal)
    except MemoryError:
        return None, refuse(RuleError("out of memory reading the request"), refusal)
    except Exception as exc:  # a bug: still one line, and named as ours
        message = f"internal error (please report): {type(exc).__name__}: {exc}"
        return None, refusal("InternalError", one_line(message), "", "") if refusal else one_line(message)


def serve(score: Callable[[dict[str, Any]], Mapping[str, object]], stdin: Any = _STD, stdout: Any = _STD,
          stderr: Any = _STD,
          refusal: Refusal | None = None, limit: int = MAX_INPUT_BYTES) -> int:
    """Read one request on stdin, write its result on stdout: exit status 0, or 2 and one line on stderr
    (the plain ``error: …`` line, or what `refusal` makes of it: ``--json-errors``).

    The streams default to sys.stdin/stdout/stderr (looked up at call time, so a
    test may replace them); any of them may be closed (None).

    Examples:
        >>> import io
        >>> serve(lambda request: {"ok": True}, io.StringIO("{}"), io.StringIO(), None)
        0
        >>> serve(lambda request: {"ok": True}, io.StringIO("nope"), io.StringIO(), sys.stdout)
        error: input is not JSON: Expecting value at line 1 column 1
        2
    """
    stdin = sys.stdin if stdin is _STD else stdin
    stdout = sys.stdout if stdout is _STD else stdout
    stderr = sys.stderr if stderr is _STD else stderr
    try:
        result, line = answer(score, _read(stdin, limit), refusal, limit)
        if result is not None:
            _write(stdout, (result + "\n").encode("utf-8"))
    except RuleError as exc:  # stdin or stdout closed or broken
        result, line = None, refuse(exc, refusal)
    if result is None:
        _say(stderr, line, cut=refusal is None)
        return 2
    return 0
