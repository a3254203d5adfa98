import FlowPagesTestSupport
import FlowStore
import Foundation
import Testing

/// Guessing, as an attacker would try it: every attempt is counted in the database before it is
/// checked, later ones wait longer, the answer says only when to try again, and the owner always
/// gets back in (a reset); a reset ends the account's other sessions and voids the rest of its mail.
@Suite struct AttemptLimitsLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    /// A person who registered `email` and is signed in on Home.
    static func registered(_ app: LiveApp, email: String) throws -> LiveBrowser {
        var browser = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&browser, email: email)
        try browser.press("Verify", filling: ["Verification code": try Walk.codeFromMailbox(&browser)])
        try browser.press("Continue")
        #expect(browser.page.heading == "Home")
        return browser
    }

    /// What a sign-in that must wait says, the same for every email.
    static func tooSoon(_ when: String) -> String {
        "Too many attempts. For your security, try again \(when). "
            + "A browser you have signed in with before can still sign in, and a password reset works at any time."
    }

    @Test func wrongPasswordsWaitLongerAndAreToldOnlyWhenToTryAgain() throws {
        let app = try LiveApp()
        var guesser = try Walk.atLogin(app)
        for attempt in 1...AttemptLimit.signInPerAccount.free {
            try guesser.press("Log In", filling: ["Email address": "test@example.com", "Password": "guess\(attempt)"])
            #expect(guesser.last.status == 200 && guesser.page.alert?.title == "Login Failed", "attempt \(attempt) is checked")
            try guesser.press("OK")
        }
        // Too soon after the last: answered at once, without a password hashed or checked.
        for email in ["test@example.com", "TEST@example.com "] {
            try guesser.press("Log In", filling: ["Email address": email, "Password": "password123"])
            #expect(guesser.last.status == 429 && guesser.last.header("Retry-After") == "1")
            #expect(guesser.page.toasts == [Self.tooSoon("in 1 second")])
            #expect(guesser.page.heading == "Login", "the page it was tried from")
        }
        // An email no one has is answered the same way after as many tries: nothing tells them apart.
        var other = try Walk.atLogin(app)
        for attempt in 1...AttemptLimit.signInPerAccount.free + 2 {
            try other.press("Log In", filling: ["Email address": "nobody@example.com", "Password": "guess\(attempt)"])
            if other.page.alert != nil { try other.press("OK") }
        }
        #expect(other.last.status == 429 && other.page.toasts == [Self.tooSoon("in 1 second")])
    }

    @Test func guessesFromOneAddressAreCountedWhateverTheAccount() throws {
        let app = try LiveApp()
        var guesser = try Walk.atLogin(app)
        let free = AttemptLimit.signInPerAddress.free
        for attempt in 0...free {
            try guesser.press("Log In", filling: ["Email address": "person\(attempt)@example.com", "Password": "guess"])
            if guesser.page.alert != nil { try guesser.press("OK") }
        }
        try guesser.press("Log In", filling: ["Email address": "someone-else@example.com", "Password": "guess"])
        #expect(guesser.last.status == 429, "the \(free + 2)th guess from one address within seconds")
    }

    @Test func signInsThatWorkAreNoGuessesOfTheirAddress() throws {
        let app = try LiveApp()
        // An office behind one address, signing in all morning.
        for person in 1...AttemptLimit.signInPerAddress.free + 5 {
            var browser = try Walk.atLogin(app)
            try Walk.logIn(&browser)
            #expect(browser.last.status == 200 && ["Home", "Biometric Enrollment"].contains(browser.page.heading), "person \(person)")
        }
        // Each wrong guess from it still counts.
        var guesser = try Walk.atLogin(app)
        for attempt in 1...AttemptLimit.signInPerAddress.free {
            try guesser.press("Log In", filling: ["Email address": "person\(attempt)@example.com", "Password": "guess-long"])
            if guesser.page.alert != nil { try guesser.press("OK") }
        }
        try guesser.press("Log In", filling: ["Email address": "someone@example.com", "Password": "guess-long"])
        #expect(guesser.last.status == 429)
    }

    /// Presses Log In `times` times with `email` and a wrong password each (`password(n)`),
    /// closing the failure's alert; the statuses answered.
    @discardableResult
    static func guess(_ browser: inout LiveBrowser, _ email: String, times: Int, password: (Int) -> String = { "guess\($0)" }) throws -> [Int] {
        try (1...times).map { attempt in
            try browser.press("Log In", filling: ["Email address": email, "Password": password(attempt)])
            let status = browser.last.status
            if browser.page.alert != nil { try browser.press("OK") }
            return status
        }
    }

    /// A browser at Login from the loopback address `source`, carrying `cookies` (a device cookie).
    static func atLogin(_ app: LiveApp, from source: String, cookies: [String: String] = [:]) throws -> LiveBrowser {
        var browser = LiveBrowser(app)
        browser.source = source
        browser.cookies = cookies
        try browser.open(Walk.entry)
        try browser.press("Skip")
        return browser
    }

    @Test func aStrangerOnAHundredAddressesCannotKeepTheOwnerOut() throws {
        let app = try LiveApp()
        let owner = try Self.registered(app, email: "owner@example.com")
        let device = try #require(owner.cookies["fp_suma-finance_device"], "a verified registration proves the browser")
        // 100 addresses, each guessing at the owner's account; most are told to wait.
        var refused = 0
        for host in 1...100 {
            var guesser = try Self.atLogin(app, from: "127.0.1.\(host)")
            refused += try Self.guess(&guesser, "owner@example.com", times: 2) { "guess\(host)-\($0)" }.filter { $0 == 429 }.count
        }
        #expect(refused > 150, "the account's limit holds whatever the address: \(refused) of 200 refused")
        // From a browser never seen: told to wait, never longer than 15 minutes, in plain words.
        var newBrowser = try Self.atLogin(app, from: "127.0.2.1")
        try newBrowser.press("Log In", filling: ["Email address": "owner@example.com", "Password": "Secure123"])
        #expect(newBrowser.last.status == 429)
        let wait = try #require(newBrowser.last.header("Retry-After").flatMap { Int($0) })
        #expect(wait <= 900, "Retry-After \(wait)")
        #expect(newBrowser.page.toasts.first?.hasSuffix("A browser you have signed in with before can still sign in, and a password reset works at any time.") == true)
        // From the browser that signed in before — even at one of the guessers' own addresses — at once.
        var known = try Self.atLogin(app, from: "127.0.1.7", cookies: ["fp_suma-finance_device": device])
        try known.press("Log In", filling: ["Email address": "owner@example.com", "Password": "Secure123"])
        #expect(["Home", "Biometric Enrollment"].contains(known.page.heading), "\(known.last.status) \(known.page.toasts)")
        // A device cookie proves one account only: for another email it is a stranger's browser.
        var other = try Self.atLogin(app, from: "127.0.1.8", cookies: ["fp_suma-finance_device": device])
        #expect(try Self.guess(&other, "someone@example.com", times: AttemptLimit.signInPerAccount.free + 1).last == 429)
    }

    @Test func aKnownBrowserGuessesOnItsOwnBudgetAndNoFaster() throws {
        let app = try LiveApp()
        let owner = try Self.registered(app, email: "owner@example.com")
        let device = try #require(owner.cookies["fp_suma-finance_device"])
        // Someone with the owner's browser (or its cookie) guessing: held back like anyone.
        var known = try Self.atLogin(app, from: "127.0.6.1", cookies: ["fp_suma-finance_device": device])
        #expect(try Self.guess(&known, "owner@example.com", times: AttemptLimit.signInPerDevice.free) == Array(repeating: 200, count: 5), "each checked")
        try known.press("Log In", filling: ["Email address": "owner@example.com", "Password": "Secure123"])
        #expect(known.last.status == 429, "its own budget is spent")
        // Those guesses spent nothing of what a new browser may try.
        var newBrowser = try Self.atLogin(app, from: "127.0.6.2")
        try newBrowser.press("Log In", filling: ["Email address": "owner@example.com", "Password": "Secure123"])
        #expect(["Home", "Biometric Enrollment"].contains(newBrowser.page.heading), "\(newBrowser.last.status) \(newBrowser.page.toasts)")
    }

    @Test func attemptsTheAddressLimitRefusesSpendNothingOfTheAccounts() throws {
        let app = try LiveApp()
        _ = try Self.registered(app, email: "victim@example.com")
        var guesser = try Self.atLogin(app, from: "127.0.3.1")
        // The address's free attempts, spent on other emails; then its guesses at the victim are refused.
        for attempt in 1...AttemptLimit.signInPerAddress.free { try Self.guess(&guesser, "person\(attempt)@example.com", times: 1) }
        #expect(try Self.guess(&guesser, "victim@example.com", times: 15).allSatisfy { $0 == 429 })
        // The victim, from a new browser elsewhere, is not held back by any of them.
        var victim = try Self.atLogin(app, from: "127.0.3.2")
        try victim.press("Log In", filling: ["Email address": "victim@example.com", "Password": "Secure123"])
        #expect(["Home", "Biometric Enrollment"].contains(victim.page.heading), "\(victim.last.status) \(victim.page.toasts)")
    }

    @Test func aMegabyteEmailIsRefusedBeforeItIsCountedOrNormalised() throws {
        let app = try LiveApp()
        var guesser = try Self.atLogin(app, from: "127.0.5.1")
        // Fullwidth letters, which NFKC folds: 900 KB as the form sends them.
        let megabyte = String(repeating: "\u{FF21}", count: 100_000) + "@example.com"
        for _ in 1...AttemptLimit.signInPerAddress.free + 5 {
            try guesser.press("Log In", filling: ["Email address": megabyte, "Password": "guess"])
            #expect(guesser.page.errors == ["An email address has at most 254 characters."], "\(guesser.last.status) \(guesser.page.errors)")
        }
        // None of them was an attempt: the address's free ones are all still there.
        for attempt in 1...AttemptLimit.signInPerAddress.free {
            #expect(try Self.guess(&guesser, "person\(attempt)@example.com", times: 1) != [429], "attempt \(attempt)")
        }
    }

    @Test func aPasswordResetMarksTheBrowserKnown() throws {
        let app = try LiveApp()
        var laptop = try Self.registered(app, email: "owner@example.com")
        // Someone keeps the account's limit spent.
        var guesser = try Self.atLogin(app, from: "127.0.4.1")
        try Self.guess(&guesser, "owner@example.com", times: AttemptLimit.signInPerAccount.free + 1)
        // The owner, on a phone never used, resets the password with the mailed code…
        var phone = try Self.atLogin(app, from: "127.0.4.2")
        try phone.press("Forgot Password?")
        try phone.press("Send Code", filling: ["Email address": "owner@example.com"])
        try laptop.open("/suma-finance/_mailbox")
        let mail = try #require(laptop.page.root.elements("h2").first?.content)
        try phone.press("Verify", filling: ["Verification code": String(try #require(mail.split(separator: " ").last))])
        try phone.press("Reset Password", filling: ["New password": "NewSecret9", "Confirm password": "NewSecret9"])
        #expect(phone.cookies["fp_suma-finance_device"] != nil)
        // …while the guessing goes on, and signs in from it at once.
        #expect(try Self.guess(&guesser, "owner@example.com", times: AttemptLimit.signInPerAccount.free + 1) { "again\($0)" }.last == 429)
        try phone.press("Log In", filling: ["Email address": "owner@example.com", "Password": "NewSecret9"])
        #expect(["Home", "Biometric Enrollment"].contains(phone.page.heading), "\(phone.last.status) \(phone.page.toasts)")
    }

    @Test func aPasswordResetStillWorksAndEndsTheAccountsOtherSessions() throws {
        let app = try LiveApp()
        var owner = try Self.registered(app, email: "owner@example.com")
        var laptop = owner
        // Someone guesses the owner's password until sign-in waits.
        var guesser = try Walk.atLogin(app)
        for attempt in 1...AttemptLimit.signInPerAccount.free + 2 {
            try guesser.press("Log In", filling: ["Email address": "owner@example.com", "Password": "guess\(attempt)"])
            if guesser.page.alert != nil { try guesser.press("OK") }
        }
        #expect(guesser.last.status == 429)
        // The owner, on another device, resets the password with the mailed code.
        var phone = try Walk.atLogin(app)
        try phone.press("Forgot Password?")
        try phone.press("Send Code", filling: ["Email address": "owner@example.com"])
        try laptop.open("/suma-finance/_mailbox")
        let mail = try #require(laptop.page.root.elements("h2").first?.content)
        let link = try #require(laptop.page.root.elements("a").first { $0["href"]?.contains("_open?url=") == true }?["href"])
        try phone.press("Verify", filling: ["Verification code": String(try #require(mail.split(separator: " ").last))])
        try phone.press("Reset Password", filling: ["New password": "NewSecret9", "Confirm password": "NewSecret9"])
        #expect(phone.page.toasts == ["Your password has been reset. Log in with the new one."])
        try phone.press("Log In", filling: ["Email address": "owner@example.com", "Password": "NewSecret9"])
        #expect(["Home", "Biometric Enrollment"].contains(phone.page.heading), "the reset cleared the guesses: the owner signs in at once")
        // The session that was signed in before the reset is over.
        try owner.open("/suma-finance/")
        #expect(owner.page.heading != "Home" && !owner.page.root.all.contains { $0.hasClass("tab-bar") })
        // The link of the same mail was void once its code was used.
        var stranger = LiveBrowser(app)
        try stranger.open(link)
        #expect(stranger.page.alert != nil && stranger.page.heading != "New Password", "the mail's link no longer resets anything")
    }
}
