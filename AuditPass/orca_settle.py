"""When Orca has finished speaking: the file its speech module writes, read as it grows, and the
rule for when a key's speech is over. Orca speaks within ~0.1 s of a key and its speech module
"speaks" instantly, so a short silence after the first utterance ends a key's speech."""
import time
from dataclasses import dataclass, field
from pathlib import Path

from orca_reading import Said, is_noise


@dataclass(frozen=True)
class Wait:
    """How long to wait for speech: `first_within` seconds for a first utterance (none by then:
    the key says nothing), then until `quiet` seconds pass without one, never beyond `limit`."""
    first_within: float
    quiet: float
    limit: float

    def done(self, elapsed: float, silent_for: float, heard: bool) -> bool:
        """Whether the speech is over, `elapsed` seconds after the key, `silent_for` seconds after
        the last utterance (or the key), `heard` telling whether anything was said since the key."""
        if elapsed >= self.limit:
            return True
        return silent_for >= self.quiet if heard else elapsed >= self.first_within


@dataclass(frozen=True)
class Settle:
    """The waits of a reading: after a key, after a page's load, after "Finished loading" (what
    Orca says next: the page's summary and where it is), and the most a say-all may take."""
    after_key: Wait = field(default_factory=lambda: Wait(first_within=1.0, quiet=0.25, limit=5))
    after_load: Wait = field(default_factory=lambda: Wait(first_within=1.0, quiet=0.6, limit=10))
    after_finished: Wait = field(default_factory=lambda: Wait(first_within=3.0, quiet=0.6, limit=10))
    say_all_limit: float = 60


class Speech:
    """The speech file as it grows: `lines` are the `Said`s (key "") read so far; only whole lines
    are read, so a line being written is read once it is finished."""

    def __init__(self, path: Path, clock=time.monotonic, pause=time.sleep, interval: float = 0.02):
        self.path = Path(path)
        self.path.touch()
        self.lines = []
        self.offset = 0
        self.clock = clock
        self.pause = pause
        self.interval = interval

    def poll(self) -> int:
        """Reads the lines written since the last poll; returns how many there were."""
        with self.path.open("rb") as file:
            file.seek(self.offset)
            chunk = file.read()
        finished = chunk[:chunk.rfind(b"\n") + 1]
        self.offset += len(finished)
        added = 0
        for raw in finished.decode("utf-8", errors="replace").splitlines():
            kind, _, text = raw.partition("\t")
            self.lines.append(Said("", text, kind))
            added += 1
        return added

    def wait_for(self, predicate, limit: float, start: int = 0) -> bool:
        """Waits until a line from `start` on satisfies `predicate`; false if none did within `limit` s."""
        deadline = self.clock() + limit
        checked = start
        while True:
            self.poll()
            if any(predicate(line) for line in self.lines[checked:]):
                return True
            checked = len(self.lines)
            if self.clock() >= deadline:
                return False
            self.pause(self.interval)

    def settle(self, start: int, wait: Wait) -> list:
        """The lines from `start` on, once the speech is over as `wait` says (counted from now)."""
        began = last = self.clock()
        count = len(self.lines)
        while True:
            now = self.clock()
            if self.poll() or len(self.lines) != count:
                count, last = len(self.lines), now
            if wait.done(now - began, now - last, len(self.lines) > start):
                return self.lines[start:]
            self.pause(self.interval)

    def settle_load(self, start: int, settle: Settle) -> list:
        """The lines of a page's load from `start` on. Orca follows "Finished loading <title>" with
        the page's summary and the line it is on, but on a busy machine a second or more may pass
        first: speech that ended on "Finished loading" waits `settle.after_finished` for the rest,
        or it would be heard after the next key and kept as that key's."""
        said = self.settle(start, settle.after_load)
        if said and said[-1].text.startswith("Finished loading"):
            self.settle(len(self.lines), settle.after_finished)
        return self.lines[start:]


def arrived_outside(said: list, url: str = "") -> bool:
    """Whether a load's speech is only "Finished loading <title>" (noise of loading `url` aside):
    what Orca says when focus is still outside the page (in the address bar) as it finishes loading."""
    heard = [line for line in said if not is_noise(line.text, url)]
    return bool(heard) and all(line.text.startswith("Finished loading") for line in heard)
