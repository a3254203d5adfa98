"""Items worked through side by side (`flowpages audit --jobs N`): N workers, each with what it
works with made for it alone (a driven browser, a screen reader as a user of its own), taking the
next item as they finish one. One worker works in the calling thread, so Ctrl-C stops it where it
is; with more, Ctrl-C lets each worker end the item under way, drops its result as one worker's
is dropped, and stops them all."""
import threading


class Jobs:
    """`count` workers; `make(k)` makes worker k's context (k from 0), `close(context)` ends it."""

    def __init__(self, count: int, make, close=lambda context: None):
        self.count = max(1, count)
        self.make = make
        self.close = close
        self.lock = threading.Lock()

    def run(self, items: list, work, done):
        """`work(context, index, item)` for every item, its result handed to `done(index, item,
        result)` as each finishes (under a lock: one `done` at a time, in the order they finish).
        The first exception a worker raises stops the others after their item and is raised here."""
        queue = list(enumerate(items))
        if self.count == 1 or len(queue) < 2:
            context = self.make(0)
            try:
                for index, item in queue:
                    done(index, item, work(context, index, item))
            finally:
                self.close(context)
            return
        stop = threading.Event()
        failures = []

        def worker(number: int):
            context = None
            try:
                context = self.make(number)
                while not stop.is_set():
                    with self.lock:
                        if not queue:
                            return
                        index, item = queue.pop(0)
                    result = work(context, index, item)
                    with self.lock:
                        if not stop.is_set():
                            done(index, item, result)
            except BaseException as error:  # noqa: B036 (handed to the caller's thread below)
                failures.append(error)
                stop.set()
            finally:
                if context is not None:
                    self.close(context)

        threads = [threading.Thread(target=worker, args=(number,), daemon=True)
                   for number in range(min(self.count, len(queue)))]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.2)
        except KeyboardInterrupt:
            stop.set()
            for thread in threads:
                thread.join()
            raise
        if failures:
            raise failures[0]
