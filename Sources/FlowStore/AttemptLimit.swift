/// How often something worth guessing may be tried — a password, a typed code, a mail asked for,
/// a claim code — counted per subject (an account's email, a client address) in the database,
/// so every instance sees one count and a restart forgets none.
///
/// The first ``free`` attempts of a ``window`` go ahead at once; each one after waits after the one
/// before it: ``firstDelay``, then twice as long each time up to ``longestDelay``. An attempt is
/// counted before it is checked (before any hashing), so attempts sent together are counted
/// together; one made too soon is refused at once with the time left and counts for nothing — no
/// limit writes it and no wait grows by it — so nobody can lengthen a wait by sending more, and a
/// wait is never longer than ``longestDelay``. Nothing ever locks for good.
public struct AttemptLimit: Hashable, Sendable {
    /// What is counted, part of every stored key (`sign-in/account`).
    public let name: String
    public let free: Int
    /// Milliseconds after which a count that is not being held back starts again.
    public let window: Int64
    public let firstDelay: Int64
    public let longestDelay: Int64

    public init(name: String, free: Int, window: Int64, firstDelay: Int64, longestDelay: Int64) {
        self.name = name
        self.free = free
        self.window = window
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    private static let second: Int64 = 1000
    private static let minute: Int64 = 60 * second

    /// Passwords tried for one account's email (known or not) from browsers that have never signed
    /// in to it: 5 in 15 minutes, then 1 s, 2 s, 4 s… up to 15 minutes between tries. What a
    /// stranger's guesses spend; a browser that has signed in to the account before has a budget
    /// of its own (``signInPerDevice``).
    public static let signInPerAccount = AttemptLimit(name: "sign-in/account", free: 5, window: 15 * minute, firstDelay: second,
                                                      longestDelay: 15 * minute)
    /// Passwords tried for one account from one browser that has signed in to it before (its
    /// device cookie, as OWASP's "device cookies" describe): 5 in 15 minutes, then up to 15 minutes
    /// apart. Nobody else's attempts spend it, so the owner signs in during an attack on the
    /// account; a stolen cookie still guesses no faster than a stranger.
    public static let signInPerDevice = AttemptLimit(name: "sign-in/device", free: 5, window: 15 * minute, firstDelay: second,
                                                     longestDelay: 15 * minute)
    /// Passwords tried from one client address, whatever the account: 20 in 15 minutes, then up
    /// to 5 minutes apart — room for a shared office address, none for a guesser.
    public static let signInPerAddress = AttemptLimit(name: "sign-in/address", free: 20, window: 15 * minute, firstDelay: second,
                                                      longestDelay: 5 * minute)
    /// Codes typed for one account's email: 10 in 15 minutes, then from 2 s apart (each code also
    /// dies after 5 wrong ones, and 20 across the codes that replace each other).
    public static let codePerAccount = AttemptLimit(name: "code/account", free: 10, window: 15 * minute, firstDelay: 2 * second,
                                                    longestDelay: 15 * minute)
    /// Codes typed (and passwords reset) from one client address: 20 in 15 minutes.
    public static let codePerAddress = AttemptLimit(name: "code/address", free: 20, window: 15 * minute, firstDelay: 2 * second,
                                                    longestDelay: 15 * minute)
    /// Mails asked for one email (a code to verify or reset): 3 in 15 minutes, then 30 s, 1 min…
    /// — nobody's inbox is flooded by someone else's requests.
    public static let mailPerEmail = AttemptLimit(name: "mail/email", free: 3, window: 15 * minute, firstDelay: 30 * second,
                                                  longestDelay: 15 * minute)
    /// Mails asked for from one client address.
    public static let mailPerAddress = AttemptLimit(name: "mail/address", free: 10, window: 15 * minute, firstDelay: 5 * second,
                                                    longestDelay: 15 * minute)
    /// Testers joining an app's usability tests from one client address: 30 in 15 minutes (a lab's
    /// round of testers), then from 1 s apart up to 15 minutes — so no one fills a test's
    /// ``UsabilityLimits/testersPerTest`` and keeps everyone else's testers out.
    public static let testersPerAddress = AttemptLimit(name: "usability-join/address", free: 30, window: 15 * minute, firstDelay: second,
                                                       longestDelay: 15 * minute)
    /// Claim codes tried from one client address: a code is 40 bits and lives an hour.
    public static let claimPerAddress = AttemptLimit(name: "claim/address", free: 10, window: 10 * minute, firstDelay: second,
                                                     longestDelay: 10 * minute)

    /// What one more attempt at `now` does to `tally`: goes ahead with the tally to keep (wait 0),
    /// or is refused with how long it must wait and the tally unchanged — a refused attempt is
    /// not counted, so it neither lengthens the wait nor needs a write. Every backend counts with
    /// this, inside one write.
    public func count(_ tally: AttemptTally?, now: Int64) -> (tally: AttemptTally, wait: Int64) {
        var next = tally ?? AttemptTally(hits: 0, windowStart: now, nextAllowed: 0)
        guard now >= next.nextAllowed else { return (next, next.nextAllowed - now) }
        if now - next.windowStart >= window {
            next = AttemptTally(hits: 0, windowStart: now, nextAllowed: 0)
        }
        next.hits += 1
        // The last free attempt sets the first wait: the one after it waits.
        if next.hits >= free { next.nextAllowed = now + delay(beyond: next.hits - free + 1) }
        return (next, 0)
    }

    /// The delay after the `excess`th attempt beyond the free ones: doubling from ``firstDelay``.
    private func delay(beyond excess: Int) -> Int64 {
        let doublings = min(excess - 1, 40)
        let delay = firstDelay.multipliedReportingOverflow(by: Int64(1) << doublings)
        return delay.overflow ? longestDelay : min(delay.partialValue, longestDelay)
    }

    /// When a tally may be forgotten: its window is over and no wait is pending.
    public func expiry(of tally: AttemptTally) -> Int64 {
        max(tally.windowStart + window, tally.nextAllowed)
    }
}

/// One subject's count under an ``AttemptLimit``, as the store keeps it.
public struct AttemptTally: Hashable, Sendable {
    public var hits: Int
    /// When the count began, in milliseconds since 1970.
    public var windowStart: Int64
    /// When the next attempt may go ahead; 0 while attempts are free.
    public var nextAllowed: Int64

    public init(hits: Int, windowStart: Int64, nextAllowed: Int64) {
        self.hits = hits
        self.windowStart = windowStart
        self.nextAllowed = nextAllowed
    }
}

/// One attempt's subject under one limit: `AttemptKey(.signInPerAccount, "suma-finance", email)`.
/// The store keeps only an HMAC of it (``StoreKey``), so its table names no email or address.
public struct AttemptKey: Hashable, Sendable {
    public let limit: AttemptLimit
    /// The app, then what is counted within it: an email's key, a client address.
    public let subject: String

    public init(_ limit: AttemptLimit, app: String, _ subject: String) {
        self.limit = limit
        self.subject = app + "\u{0}" + subject
    }

    /// What the store keeps in its place, under `key`.
    public func stored(under key: StoreKey) -> [UInt8] {
        key.mac("attempt\u{0}" + limit.name + "\u{0}" + subject)
    }
}

/// An attempt made too soon after the ones before it (``AttemptLimit``): nothing was checked or
/// changed. The person is told when to try again, and nothing more — not whether the account
/// exists, nor which limit it was.
public struct TooManyAttempts: Error, Hashable, Sendable {
    /// Milliseconds until another attempt may go ahead.
    public let wait: Int64
    /// What the person can do meanwhile, in plain words; the same whoever's account it is.
    public let advice: String?

    public init(wait: Int64, advice: String? = nil) {
        self.wait = wait
        self.advice = advice
    }

    /// The wait in whole seconds, rounded up, as `Retry-After` says it.
    public var retryAfter: String { String((wait + 999) / 1000) }

    /// The wait as a person reads it: "in 5 seconds", "in 3 minutes".
    public var whenText: String {
        let seconds = Int((wait + 999) / 1000)
        if seconds < 90 { return "in \(seconds) second\(seconds == 1 ? "" : "s")" }
        let minutes = (seconds + 59) / 60
        return "in \(minutes) minutes"
    }
}
