"""The build's background work: a failed step stops every process it started, and a finished
build has waited for every child it forked."""
import time

import pytest

from generator import background

BIG = 10_000_000  # bytes: far more than a pipe holds, so a child sending it waits for a reader


def _big_result() -> bytes:
    return b"x" * BIG


def _slow(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_a_failed_step_stops_the_workers_and_the_forked_children_at_once():
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="a step failed"), background.workers():
        background.fork(_big_result)  # never read: its child would block sending it
        background.submit(_slow, 30)
        child = background._children[-1]
        pool_processes = list(background._open[-1]._processes.values())
        raise RuntimeError("a step failed")
    assert not child.is_alive()
    assert not any(p.is_alive() for p in pool_processes)
    assert time.monotonic() - started < 20  # not the 30 s the worker was asked to sleep


def test_a_failed_build_withdraws_what_it_handed_over():
    """What a build handed beyond itself (字牌's reachability, in `rules`) must not wait on its
    stopped workers later: a failed build withdraws it, a finished one keeps it."""
    withdrawn = []
    with pytest.raises(RuntimeError, match="a step failed"), background.workers():
        background.handed_over(lambda: withdrawn.append("failed"))
        raise RuntimeError("a step failed")
    with background.workers():
        background.handed_over(lambda: withdrawn.append("finished"))
    assert withdrawn == ["failed"]


def test_a_finished_build_has_waited_for_a_child_nobody_asked(tmp_path):
    target = tmp_path / "page.md"
    with background.workers():
        background.fork(lambda: target.write_text("written by the child"))
        child = background._children[-1]
    assert not child.is_alive()
    assert target.read_text() == "written by the child"


def test_outside_a_build_the_work_is_done_here_and_now():
    assert background.fork(lambda: 6 * 7)() == 42
    assert background.submit(_slow, 0).result() == 0
