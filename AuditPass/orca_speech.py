"""Orca's speech back-end for the audit: every utterance appended to a file as text.

Not imported by the pass. `orca.ScreenReader` copies this file into the settings folder it gives
Orca (`orca -u DIR`), whose `user-settings.conf` names it as `speechServerFactory`; Orca, running
under the system python (which has `gi` and `pyatspi`), imports it by that name in place of
speech-dispatcher. The file is `$FLOWPAGES_ORCA_SPEECH`, one utterance a line:
`kind<TAB>text`, kind being `speak`, `sayall`, or `sayall-end` (text `-`) when a say-all has
nothing more to say."""
import os

from gi.repository import GLib
from orca import speechserver
from orca.speechserver import SayAllContext

_FILE = open(os.environ["FLOWPAGES_ORCA_SPEECH"], "a", buffering=1, encoding="utf-8")


def _write(kind: str, text) -> None:
    text = " ".join(str(text).split())
    if text:
        _FILE.write(f"{kind}\t{text}\n")


class SpeechServer(speechserver.SpeechServer):
    """One server that "speaks" instantly by writing the utterance down."""

    _active = None
    # Bumped by stop(): a say-all still stepping through its utterances sees it and ends.
    _say_all_generation = 0

    @staticmethod
    def getFactoryName():
        return "Text file"

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._active is None:
            SpeechServer._active = SpeechServer()
        return SpeechServer._active

    @staticmethod
    def shutdownActiveServers():
        SpeechServer._active = None

    def getInfo(self):
        return ["Text file", "textfile"]

    def getVoiceFamilies(self):
        return [speechserver.VoiceFamily({speechserver.VoiceFamily.NAME: "default", speechserver.VoiceFamily.LANG: "en",
                                          speechserver.VoiceFamily.DIALECT: "", speechserver.VoiceFamily.VARIANT: None})]

    def speak(self, text=None, acss=None, interrupt=True):
        if text:
            _write("speak", text)

    def speakCharacter(self, character, acss=None):
        _write("speak", character)

    def speakKeyEvent(self, event, acss=None):
        # Key echo is off in the settings the runner writes; a key name is not the page's.
        pass

    def sayAll(self, utteranceIterator, progressCallback):
        """Says each utterance in turn from the GLib main loop, reporting its progress and its
        completion as speech-dispatcher's factory does: Orca moves its caret on those reports
        and asks for the next utterance only after them, so without them say-all stops."""
        SpeechServer._say_all_generation += 1
        generation = SpeechServer._say_all_generation

        def step():
            if generation != SpeechServer._say_all_generation:
                return False
            try:
                context, _ = next(utteranceIterator)
            except StopIteration:
                _write("sayall-end", "-")
                return False
            _write("sayall", context.utterance)
            context.currentOffset = context.startOffset
            progressCallback(context.copy(), SayAllContext.PROGRESS)
            context.currentOffset = context.endOffset
            progressCallback(context.copy(), SayAllContext.COMPLETED)
            return True

        GLib.idle_add(step)

    def stop(self):
        SpeechServer._say_all_generation += 1

    def shutdown(self):
        _FILE.flush()

    def reset(self, text=None, acss=None):
        pass
