"""Checking a request that arrives from outside: bounds first, then types, then values.

Shared by both games' parsers and by `python -m rules`. The order matters: every
size (bytes, nesting, digits, list lengths, string lengths) is checked before any
work that grows with it, so no input can make the referee hang or run out of
memory; every number is checked for type and range (a boolean or a float is not
a count); only ASCII 0–9 are digits; a list of seats holds each seat once.

`serve` is the one I/O function: it reads stdin as bytes, writes stdout as UTF-8,
and turns every failure (bad bytes, a closed stream, a broken pipe, a bug) into
exit status 2 and one line of at most `MAX_LINE` characters on stderr, whatever
the locale. `echo` is how an error message quotes the input: shortened, with
control and other invisible characters escaped.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeVar

from .errors import RuleError

MAX_INPUT_BYTES = 1 << 14  # a real request is a few hundred bytes
MAX_DEPTH = 8  # the deepest real request is {"rules": {"options": {…}}} or [{"kind": …}]
MAX_INT_DIGITS = 18  # every number in a request is a small count
MAX_LINE = 300  # one error line, at most
ECHO = 40  # characters of input quoted in an error message

DIGIT = "[0-9]"  # a rank is an ASCII digit: `\d` would also match １, ٣, ३, 𝟑 …

T = TypeVar("T")


# ---------------------------------------------------------------- quoting input

def _escape(text: str) -> str:
    """Every character that is not printable (controls, ESC, line and paragraph
    separators, bidi overrides, lone surrogates) as a Python escape."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def echo(value: Any, limit: int = ECHO) -> str:
    """The input value as an error message should quote it: short, on one line, escaped."""
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
    """Some field names for an 'unknown field' message: plain when short and printable, else quoted."""
    names = sorted(names, key=str)
    shown = [k if isinstance(k, str) and 0 < len(k) <= 24 and k.isprintable() and not set(k) & set(' ,;"')
             else echo(k, 24) for k in names[:most]]
    return ", ".join(shown) + (", …" if len(names) > most else "")


def one_line(message: str) -> str:
    """An error message as one printable line of at most `MAX_LINE` characters."""
    line = " ".join(_escape(message[: MAX_LINE * 4]).split())
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


# ---------------------------------------------------------------- checking values

def shape_of(value: Any) -> str:
    """What a JSON value is, in words, for 'must be … not …' messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return {int: "a number", float: "a number with a fraction", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def described(value: Any) -> str:
    """A value for 'must be …, not …': its kind and, when that does not say it all, the value."""
    if value is None or isinstance(value, bool):
        return shape_of(value)
    return f"{shape_of(value)} {echo(value)}"


def count(value: Any, what: str, low: int, high: int, rule: str = "") -> int:
    """A whole number in [low, high]; booleans, floats and strings are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number from {low} to {high}, not {described(value)}",
                        rule=rule)
    if not low <= value <= high:
        raise RuleError(f"{what} must be from {low} to {high}, not {echo(value)}", rule=rule)
    return value


def flag(value: Any, what: str) -> bool:
    """true or false; 0, 1, "" and null are refused."""
    if not isinstance(value, bool):
        raise RuleError(f"{what} must be true or false, not {echo(value)}")
    return value


def text(value: Any, what: str, max_chars: int, shape: str = "a string") -> str:
    """A string of at most `max_chars` characters (checked before it is read)."""
    if not isinstance(value, str):
        raise RuleError(f"{what} must be {shape}, not {described(value)}")
    if len(value) > max_chars:
        raise RuleError(f"{what} is {len(value)} characters long; at most {max_chars}: {echo(value)}")
    return value


def items(value: Any, what: str, max_items: int, shape: str = "a list", rule: str = "") -> list:
    """A list of at most `max_items` entries (checked before any entry is read)."""
    if not isinstance(value, list):
        raise RuleError(f"{what} must be {shape}, not {described(value)}")
    if len(value) > max_items:
        raise RuleError(f"{what} has {len(value)} entries; at most {max_items}", rule=rule)
    return value


def distinct(values: Iterable[T], what: str) -> tuple[T, ...]:
    """The values in order, refusing a repeat (a seat pays, or is named, once)."""
    seen: list[T] = []
    for v in values:
        if v in seen:
            raise RuleError(f"{what} lists {echo(getattr(v, 'value', v))} twice; each one at most once")
        seen.append(v)
    return tuple(seen)


# ---------------------------------------------------------------- reading the request

def _int(digits: str) -> int:
    size = len(digits.lstrip("-"))
    if size > MAX_INT_DIGITS:
        raise RuleError(f"the number {digits[:12]}… has {size} digits; every number in a request is a small count")
    return int(digits)


def _constant(name: str) -> NoReturn:
    raise RuleError(f"{name} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
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


def load(raw: bytes) -> dict:
    """The request object in `raw` (UTF-8 JSON), every size bounded before it is read."""
    if len(raw) > MAX_INPUT_BYTES:
        raise RuleError(f"input is more than {MAX_INPUT_BYTES} bytes; a request is one small JSON object")
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

class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a command-line error as one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        _say(sys.stderr, f"error: {self.prog}: {message} (try --help)")
        raise SystemExit(2)


def _say(stream: Any, line: str) -> None:
    """Write one line to a text stream (or its byte buffer) in UTF-8, never raising."""
    if stream is None:
        return
    data = (one_line(line) + "\n").encode("utf-8", "backslashreplace")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
        else:
            stream.write(data.decode("utf-8"))
        stream.flush()
    except (OSError, ValueError):
        pass


def _read(stream: Any) -> bytes:
    if stream is None:
        raise RuleError("no input: standard input is closed")
    try:
        buffer = getattr(stream, "buffer", stream)
        data = buffer.read(MAX_INPUT_BYTES + 1)
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


def answer(call: Callable[[dict], dict], raw: bytes) -> tuple[str | None, str]:
    """One request's result as JSON text and "", or None and the one line the command line prints for it.

    Shared by `serve` and the scorer page, so both say the same thing about the same bytes.
    """
    try:
        return json.dumps(call(load(raw)), ensure_ascii=False, indent=1), ""
    except RuleError as exc:
        return None, one_line(f"error: {exc.one_line()}")
    except RecursionError:
        return None, f"error: input nests too deeply; a request nests at most {MAX_DEPTH} levels"
    except MemoryError:
        return None, "error: out of memory reading the request"
    except Exception as exc:  # a bug: still one line, and named as ours
        return None, one_line(f"internal error (please report): {type(exc).__name__}: {exc}")


def serve(score: Callable[[dict], dict], stdin: Any = _STD, stdout: Any = _STD, stderr: Any = _STD) -> int:
    """Read one request on stdin, write its result on stdout: exit status 0, or 2 and one line on stderr.

    The streams default to sys.stdin/stdout/stderr (looked up at call time, so a
    test may replace them); any of them may be closed (None).
    """
    stdin = sys.stdin if stdin is _STD else stdin
    stdout = sys.stdout if stdout is _STD else stdout
    stderr = sys.stderr if stderr is _STD else stderr
    try:
        result, line = answer(score, _read(stdin))
        if result is not None:
            _write(stdout, (result + "\n").encode("utf-8"))
    except RuleError as exc:  # stdin or stdout closed or broken
        result, line = None, f"error: {exc.one_line()}"
    if result is None:
        _say(stderr, line)
        return 2
    return 0
