"""Work a build hands to other processes while it goes on with its steps (the machine has
two cores, and some steps wait on nothing the others make).

`generator.build.run` opens the workers (`workers()`) for the length of a build; a provider
with a `start(ctx)` hook submits its slow, independent computations there before the
first step, and a later step waits for the result. Outside a build (a test calling one
step, a script) `submit` computes at once in this process, so every result is the same
whichever way it was made: a worker runs the same pure function on the same inputs, and
hands back only its return value (nothing is kept between builds).
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager

WORKERS = 2  # the cores of the machine the build is timed on; the main process shares them

_open: list[ProcessPoolExecutor] = []


@contextmanager
def workers(count: int = WORKERS) -> Iterator[None]:
    """Worker processes for `submit` while the block runs. They are forked, so they start
    with what this process has loaded, including the data folder a build chose."""
    pool = ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("fork"))
    _open.append(pool)
    try:
        yield
        wait_all()  # a child whose result no step asked for still finishes before the build ends
    except BaseException:
        # A step failed: what the workers and the forked children are still computing is not
        # wanted; stop them now rather than let the error wait for them (a child left running
        # blocks for ever sending a large result nobody reads, holding the build's output open).
        # The pool itself is not waited for: with a worker killed mid-task its queues can hold
        # up its shutdown (in one CI run a failed build never ended).
        processes = getattr(pool, "_processes", None) or {}  # private, but the only handle on them
        stopping = [*processes.values(), *_children]
        for process in stopping:
            process.terminate()
        for process in stopping:
            process.join(5)
            if process.is_alive():
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        for withdraw in _handed_over:  # nothing may wait later on the stopped workers
            withdraw()
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        _open.remove(pool)
        _forked.clear()
        _children.clear()
        _handed_over.clear()


def submit(fn: Callable, *args) -> Future:
    """`fn(*args)` in a worker when a build has them open, else here and now."""
    if _open:
        return _open[-1].submit(fn, *args)
    done: Future = Future()
    try:
        done.set_result(fn(*args))
    except Exception as exc:  # handed to whoever asks for the result, as a worker would
        done.set_exception(exc)
    return done


def fork(fn: Callable[[], object]) -> Callable[[], object]:
    """`fn()` in a child process forked now, so it starts with everything this process has
    loaded and made so far; returns a function that waits for the result (raising what `fn`
    raised). Outside a build, `fn` runs here and now."""
    if not _open:
        value = fn()
        return lambda: value
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(fn, send), daemon=True)
    child.start()
    _children.append(child)
    send.close()

    def wait() -> object:
        try:
            failed, value = receive.recv()
        except EOFError:
            failed, value = True, RuntimeError(f"a build worker stopped (exit status {child.exitcode})")
        child.join()
        if failed:
            raise value
        return value

    waiter = cache_once(wait)
    _forked.append(waiter)
    return waiter


_forked: list[Callable[[], object]] = []
_children: list[multiprocessing.process.BaseProcess] = []


def handed_over(withdraw: Callable[[], None]) -> None:
    """Work handed beyond the build (a function that waits for a worker's result, kept where a
    later caller finds it) calls this with how to withdraw it: a failed build stops its workers,
    then withdraws it, so that a later build or caller in the same process computes afresh."""
    _handed_over.append(withdraw)


_handed_over: list[Callable[[], None]] = []


def wait_all() -> None:
    """Wait for every child `fork` started (the site is built only from finished files)."""
    while _forked:
        _forked.pop(0)()


def _child(fn: Callable[[], object], send) -> None:
    try:
        result = (False, fn())
    except Exception as exc:  # sent back whole: the parent raises it as if the step had
        result = (True, exc)
    send.send(result)
    send.close()
    os._exit(0)  # no exit handlers: they belong to the parent (its workers, its files)


def cache_once(fn: Callable[[], object]) -> Callable[[], object]:
    """`fn` called once; later calls return the same result."""
    kept: list = []

    def once() -> object:
        if not kept:
            kept.append(fn())
        return kept[0]

    return once
