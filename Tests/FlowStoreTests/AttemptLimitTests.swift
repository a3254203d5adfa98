import FlowStore
import Testing

@Suite struct AttemptLimitTests {
    let limit = AttemptLimit(name: "test", free: 3, window: 60_000, firstDelay: 1_000, longestDelay: 8_000)

    /// Counts `count` attempts at `now`, returning each one's wait.
    private func attempts(_ count: Int, from tally: inout AttemptTally?, at now: Int64) -> [Int64] {
        (0..<count).map { _ in
            let (next, wait) = limit.count(tally, now: now)
            tally = next
            return wait
        }
    }

    @Test func theFreeAttemptsGoAheadThenEachWaitsForTheOneBefore() {
        var tally: AttemptTally?
        #expect(attempts(4, from: &tally, at: 0) == [0, 0, 0, 1_000], "three free; the third sets the first wait")
        #expect(attempts(2, from: &tally, at: 400) == [600, 600], "too soon: refused with the time left")
        #expect(tally?.hits == 3, "the refused ones are not counted")
        #expect(attempts(1, from: &tally, at: 1_000) == [0])
        #expect(tally?.nextAllowed == Int64(3_000), "the next delay doubles from the last one that went ahead, not from the refused")
    }

    @Test func delaysDoubleUpToTheLongest() {
        var tally: AttemptTally?
        _ = attempts(3, from: &tally, at: 0)
        var now = tally!.nextAllowed
        var delays: [Int64] = [now]
        for _ in 0..<5 {
            #expect(attempts(1, from: &tally, at: now) == [0])
            delays.append(tally!.nextAllowed - now)
            now = tally!.nextAllowed
        }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 8_000, 8_000])
    }

    @Test func aQuietWindowStartsTheCountAgainButNeverCutsAWaitShort() {
        var tally: AttemptTally?
        _ = attempts(3, from: &tally, at: 0)
        #expect(attempts(1, from: &tally, at: 59_000) == [0])
        // The window is over at 60 s, but the wait set at 59 s runs to 60 s: still counted on.
        #expect(attempts(1, from: &tally, at: 59_500) == [1_500])
        #expect(attempts(3, from: &tally, at: 120_000) == [0, 0, 0], "a new window")
        #expect(limit.expiry(of: tally!) == 180_000, "its window, past the wait its third attempt set")
    }

    @Test func refusedAttemptsNeverLengthenAWait() {
        var tally: AttemptTally?
        var now: Int64 = 0
        // A guesser sending as fast as it can, for ten minutes: whatever it sends while a wait
        // runs is refused and changes nothing, so the wait it leaves is at most the longest delay.
        while now < 600_000 {
            _ = attempts(1, from: &tally, at: now)
            #expect(tally!.nextAllowed - now <= limit.longestDelay)
            now += 50
        }
        #expect(tally!.hits <= 3 + 600_000 / 1_000, "only attempts that went ahead were counted: \(tally!.hits)")
    }

    @Test func aWaitIsSaidAsAPersonReadsIt() {
        #expect(TooManyAttempts(wait: 1).whenText == "in 1 second")
        #expect(TooManyAttempts(wait: 30_000).whenText == "in 30 seconds")
        #expect(TooManyAttempts(wait: 15 * 60_000).whenText == "in 15 minutes")
    }

    @Test func storedKeysNameNeitherTheSubjectNorTheLimitAndDifferByKey() {
        let email = AttemptKey(.signInPerAccount, app: "suma", "test@example.com")
        let (one, two) = (StoreKey.random(), StoreKey.random())
        #expect(email.stored(under: one) == email.stored(under: one))
        #expect(email.stored(under: one) != email.stored(under: two))
        #expect(email.stored(under: one) != AttemptKey(.signInPerAddress, app: "suma", "test@example.com").stored(under: one))
        #expect(!String(decoding: email.stored(under: one), as: UTF8.self).contains("example"))
    }
}
