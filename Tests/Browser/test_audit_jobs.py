"""`flowpages audit --jobs N`'s workers (audit_jobs.Jobs) on made-up work: every item done once,
by workers that each keep their own context, side by side; the first failure stops the rest and
reaches the caller; one job works in the caller's thread."""
import threading
import time

import pytest

from audit_jobs import Jobs


def test_every_item_is_done_once_each_worker_with_its_own_context():
    made, closed, done = [], [], {}
    jobs = Jobs(3, make=lambda number: made.append(number) or {"worker": number}, close=closed.append)
    jobs.run(list("abcdefg"), work=lambda context, index, item: (context["worker"], item.upper()),
             done=lambda index, item, result: done.setdefault(index, result))
    assert sorted(made) == [0, 1, 2] and len(closed) == 3
    assert [done[index][1] for index in sorted(done)] == list("ABCDEFG")


def test_workers_work_side_by_side():
    running, most = [0], [0]
    lock = threading.Lock()

    def work(context, index, item):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1

    Jobs(2, make=lambda number: None).run(range(6), work, done=lambda *_: None)
    assert most[0] == 2


def test_the_first_failure_stops_the_others_and_is_raised():
    done = []

    def work(context, index, item):
        if item == 2:
            raise ValueError("item 2 failed")
        time.sleep(0.01)
        return item

    with pytest.raises(ValueError, match="item 2 failed"):
        Jobs(2, make=lambda number: None).run(list(range(40)), work, done=lambda index, item, result: done.append(item))
    assert len(done) < 39, "the others stopped"


def test_one_job_works_in_the_callers_thread():
    threads = []
    Jobs(1, make=lambda number: None).run([1, 2], lambda context, index, item: threads.append(threading.current_thread()),
                                          done=lambda *_: None)
    assert threads == [threading.main_thread()] * 2
