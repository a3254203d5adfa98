import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import HTTPServer
import Testing

/// What an attacker tries against accounts (issue 11), over real HTTP against the repository's
/// own SUMA Finance: guessing codes, reading the outbox, the documented fixture password on an
/// app serving real people, look-alike emails, and flooding the password hasher.
@Suite struct AccountAbuseLiveTests {
    typealias Walk = SUMAFinanceWalkTests

    /// Fills in the first step of Create Account with `email` and presses Next.
    static func registerStepOne(_ browser: inout LiveBrowser, email: String) throws {
        try browser.press("Create Account")
        try browser.press("Next", filling: ["Email address": email, "Password": "Secure123", "Confirm password": "Secure123",
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
    }

    @Test func aCodeIsVoidAfterFiveWrongTriesAndANewOneWorks() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&browser)
        let code = try Walk.codeFromMailbox(&browser)
        // Neither the code mailed nor the prototype's documented valid code.
        let wrong = ["111111", "222222"].first { $0 != code }!
        for _ in 1...SecretRules.maximumCodeAttempts {
            try browser.press("Verify", filling: ["Verification code": wrong])
            #expect(browser.page.heading == "Verify Email" && browser.page.errors.first?.contains("not right") == true)
        }
        try browser.press("Verify", filling: ["Verification code": code])
        #expect(browser.page.heading == "Verify Email" && browser.page.errors.first?.contains("not right") == true,
                "the right code no longer works")
        try browser.press("Send a New Code")
        let newCode = try Walk.codeFromMailbox(&browser)
        try browser.press("Verify", filling: ["Verification code": newCode])
        #expect(browser.page.heading == "Registration Success")
    }

    /// A stranger asks for a verification code for someone else's (verified) account and types
    /// the prototype's documented code, or opens the documented reset link with their email.
    @Test func documentedSecretsNeverOpenSomeoneElsesAccount() throws {
        let app = try LiveApp()
        var owner = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&owner, email: "owner@example.com")
        try owner.press("Verify", filling: ["Verification code": try Walk.codeFromMailbox(&owner)])
        #expect(owner.page.heading == "Registration Success")

        var stranger = try Walk.atLogin(app)
        let fields = ["csrf": stranger.hidden("csrf"), "screen": "/suma-finance/auth/login"]
        try stranger.post("/suma-finance/_action/resend-verification", fields.merging(["form": "verify", "email": "owner@example.com"]) { $1 })
        try stranger.post("/suma-finance/_action/verify-email", fields.merging(["form": "verify", "code": "123456"]) { $1 })
        #expect(stranger.page.heading != "Home" && stranger.page.heading != "Registration Success", "signed in as someone else: \(stranger.page.heading)")

        var resetter = try Walk.atLogin(app)
        try resetter.open("/_open?url=" + WebModelLiveTests.encoded("sumafinance://auth/reset-password?token=abc123&email=owner%40example.com"))
        #expect(resetter.page.alert?.title == "Reset link expired", "the documented token stands only for the documented account")
        try resetter.open("/_open?url=" + WebModelLiveTests.encoded("sumafinance://auth/reset-password?token=abc123&email=test%40example.com"))
        #expect(resetter.page.heading == "New Password" && resetter.page.alert == nil)
    }

    /// Someone stops at Verify Email; a stranger names their email with the documented code, as
    /// the link's page would. The documented code stands only for the registration of the
    /// session typing it, so the stranger is refused and the owner's mailed code still works.
    @Test func theDocumentedCodeNeverFinishesSomeoneElsesRegistration() throws {
        let app = try LiveApp()
        var owner = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&owner, email: "owner@example.com")
        #expect(owner.page.heading == "Verify Email")

        var stranger = try Walk.atLogin(app)
        let fields = ["csrf": stranger.hidden("csrf"), "screen": "/suma-finance/auth/login", "form": "verify", "email": "owner@example.com"]
        try stranger.post("/suma-finance/_action/verify-email", fields.merging(["code": "123456"]) { $1 })
        #expect(stranger.page.heading != "Registration Success" && stranger.page.heading != "Home", "signed in as the owner: \(stranger.page.heading)")
        try stranger.post("/suma-finance/_action/verify-email-link", fields.merging(["code": "123456", "token": ""]) { $1 })
        #expect(stranger.page.heading != "Registration Success" && stranger.page.heading != "Home", "signed in as the owner: \(stranger.page.heading)")

        try owner.press("Verify", filling: ["Verification code": try Walk.codeFromMailbox(&owner)])
        #expect(owner.page.heading == "Registration Success")
    }

    /// A reset asked for someone's email names their account, but gives no hold on it: neither
    /// their profile nor (while unverified) their password can be set from that session.
    @Test func aResetAskedForSomeoneGivesNoHoldOnTheirAccount() throws {
        let app = try LiveApp()
        var owner = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&owner, email: "owner@example.com")
        let account = try #require(try app.store.accounts.account(app: "suma-finance", email: "owner@example.com"))
        let before = try #require(try app.store.accounts.account(id: account.id)?.profile)

        var stranger = try Walk.atLogin(app)
        try stranger.press("Forgot Password?")
        try stranger.press("Send Code", filling: ["Email address": "owner@example.com"])
        #expect(stranger.page.heading == "Verification Code")
        try stranger.post("/suma-finance/_action/register", ["csrf": stranger.hidden("csrf"), "screen": stranger.url, "form": "personal-info",
                                                              "fullName": "Hacked Name", "phone": "666", "birthDate": "2000-01-01"])
        #expect(try app.store.accounts.account(id: account.id)?.profile == before, "the owner's profile is untouched")

        var creating = try Walk.atLogin(app)
        try creating.press("Forgot Password?")
        try creating.press("Send Code", filling: ["Email address": "owner@example.com"])
        try creating.open("/suma-finance/auth/login")
        try Self.registerStepOne(&creating, email: "owner@example.com")
        #expect(creating.page.heading == "Personal Info", "answered as a new registration: the form tells no one who has an account")
        try creating.press("Register", filling: ["Full name": "Hacked Name", "Phone number": "666", "Date of birth": "2000-01-01"])
        // As a new registration's would be: on to Verify Email, or — the owner's email having been
        // mailed three times in minutes — told to wait before another mail.
        #expect(creating.page.heading == "Verify Email" || creating.last.status == 429, "\(creating.page.heading) \(creating.last.status)")
        #expect(try app.store.accounts.account(id: account.id)?.profile == before, "no new profile or password for the owner's account")
    }

    /// The dev mailbox is the tester's own: a stranger asking for a reset of someone's account
    /// never reads its code, which goes to the session that registered the account; a fixture's
    /// mail goes to the tester who asked, and to no other.
    @Test func aMailboxShowsOnlyTheMailMeantForItsSession() throws {
        func subjects(_ browser: inout LiveBrowser) throws -> [String] {
            try browser.open("/suma-finance/_mailbox")
            defer { _ = try? browser.goBack() }
            return browser.page.root.elements("h2").map(\.content)
        }
        let app = try LiveApp()
        var owner = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&owner, email: "owner@example.com")
        var stranger = try Walk.atLogin(app)
        try stranger.press("Forgot Password?")
        try stranger.press("Send Code", filling: ["Email address": "owner@example.com"])
        #expect(stranger.page.heading == "Verification Code", "the form tells nothing")
        #expect(try subjects(&stranger).isEmpty, "the stranger reads no code of the owner's")
        let owners = try subjects(&owner)
        #expect(owners.count == 2 && owners.allSatisfy { $0.hasPrefix("Your SUMA Finance code: ") }, "\(owners)")

        var tester = try Walk.atLogin(app)
        try tester.press("Forgot Password?")
        try tester.press("Send Code", filling: ["Email address": "test@example.com"])
        #expect(try subjects(&tester).count == 1, "a fixture's mail is the asking tester's")
        #expect(try subjects(&stranger).isEmpty && subjects(&owner).count == 2, "and no one else's")
        #expect(try app.mails().count == 3, "every mail is kept in the outbox")
    }

    @Test func withThePrototypeOffTheOutboxKeepsNoCodeOrLink() throws {
        let app = try LiveApp(prototype: false)
        var browser = try Walk.atLogin(app)
        try Walk.registerUpToVerification(&browser)
        #expect(browser.page.heading == "Verify Email")
        let mail = try #require(try app.lastMail())
        #expect(mail.recipient == "new@example.com")
        #expect(!mail.subject.contains(where: \.isNumber) && !mail.body.contains(where: \.isNumber), "\(mail.subject) \(mail.body)")
        #expect(mail.link == nil)
        let kept = try app.mails().map { $0.subject + $0.body + ($0.link ?? "") }
        #expect(!kept.contains { $0.contains("token=") })
    }

    @Test func aDatabaseServedAsAPrototypeSignsInNoFixtureOnceThePrototypeIsOff() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        try Walk.logIn(&browser)
        #expect(browser.page.heading == "Home", "a prototype signs the fixture in")
        try app.restart(prototype: false)
        var visitor = try Walk.atLogin(app)
        try visitor.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(visitor.page.alert?.title == "Login Failed")
    }

    @Test func aFixtureSeededBeforeFixturesWereMarkedIsMarkedAtStart() throws {
        let app = try LiveApp(prototype: false)
        // As an older FlowPages seeded it: an ordinary account with the documented email.
        let hash = try app.store.hasher.hash("password123")
        try app.store.transaction { transaction in
            let account = try transaction.accounts.create(app: "suma-finance", email: "test@example.com", passwordHash: hash, mailbox: "someone", now: 0)
            try transaction.accounts.markVerified(accountID: account.id)
        }
        var before = try Walk.atLogin(app)
        try before.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(before.page.alert == nil, "unmarked, it signs in")
        try app.restart(prototype: false)
        var after = try Walk.atLogin(app)
        try after.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(after.page.alert?.title == "Login Failed")
    }

    @Test(arguments: [
        ("jos\u{E9}@example.com", "jose\u{301}@example.com"),
        ("new@example.com", "\u{FF4E}\u{FF45}\u{FF57}@example.com"),
        ("new@example.com", "New@EXAMPLE.com"),
    ])
    func lookAlikeEmailsRegisterAsTheSameAccount(first: String, second: String) throws {
        let app = try LiveApp()
        let accounts = try app.data.rowCount("accounts")
        var registering = try Walk.atLogin(app)
        try Self.registerStepOne(&registering, email: first)
        #expect(registering.page.heading == "Personal Info")
        var other = try Walk.atLogin(app)
        try Self.registerStepOne(&other, email: second)
        #expect(other.page.heading == "Personal Info", "answered as a new registration, \(other.page.errors)")
        #expect(try app.data.rowCount("accounts") == accounts + 1, "no second account for a look-alike email")
        // The first registration's mailbox says what happened; the other's has nothing.
        try registering.open("/suma-finance/_mailbox")
        #expect(registering.page.root.elements("h2").map(\.content).contains("Someone tried to create a SUMA Finance account with your email"))
        try other.open("/suma-finance/_mailbox")
        #expect(other.page.root.elements("h2").isEmpty)
    }

    @Test(arguments: ["te\u{200B}st@example.com", "\u{202E}moc.elpmaxe@tset", "test\u{2060}@example.com", "te\u{AD}st@example.com", "\u{FEFF}test@example.com"])
    func emailsWithInvisibleCharactersAreRefusedBesideTheField(email: String) throws {
        let app = try LiveApp()
        var registering = try Walk.atLogin(app)
        try Self.registerStepOne(&registering, email: email)
        #expect(registering.page.heading == "Create Account")
        #expect(registering.page.errors.first?.contains("invisible characters") == true, "\(registering.page.errors)")
        #expect(registering.page.field(labelled: "Email address")?["aria-invalid"] == "true")
        var signingIn = try Walk.atLogin(app)
        try signingIn.press("Log In", filling: ["Email address": email, "Password": "password123"])
        #expect(signingIn.page.errors.first?.contains("invisible characters") == true, "\(signingIn.page.errors)")
    }

    @Test func aFieldHoldingANulIsRefusedAndNothingIsKept() throws {
        let app = try LiveApp()
        var browser = try Walk.atLogin(app)
        let version = try app.data.sessionVersion()
        try browser.press("Log In", filling: ["Email address": "test\u{0}@example.com", "Password": "password123"])
        // No store keeps a NUL in text (PostgreSQL refuses one): the post is refused before anything is read.
        #expect(browser.last.status == 400 && browser.last.body.contains("contains a control character (U+0000)"))
        #expect(try app.data.sessionVersion() == version, "nothing was saved")
        try browser.open("/suma-finance/auth/login")
        try Walk.logIn(&browser)
        #expect(browser.page.heading == "Home", "the session goes on")
    }

    @Test func tooManyPasswordChecksAtOnceAreAnswered503WithRetryAfter() throws {
        let gate = HashingGate(width: 1, queueLimit: 0, maximumWait: 10)
        let web = try WebApplication(
            views: LiveApp.repository.appendingPathComponent("Views").path, publicFolder: LiveApp.repository.appendingPathComponent("Public").path,
            store: TestStore.fresh("busy", hasher: PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1, gate: gate)).store
        )
        var browser = WebApplicationTests.Browser(router: web.router)
        let (_, onboarding) = try browser.open("/suma-finance/")
        let login = try browser.submit("/suma-finance/_action/skip-onboarding", from: onboarding)
        #expect(login.url == "/suma-finance/auth/login")
        let form = ["csrf": WebApplicationTests.Browser.hidden("csrf", in: login.page) ?? "", "screen": "/suma-finance/auth/login",
                    "form": "login", "email": "test@example.com", "password": "password123"]

        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? gate.run { release.wait() }
            done.signal()
        }
        let deadline = Date(timeIntervalSinceNow: 5)
        while gate.load != (1, 0), Date() < deadline { usleep(1_000) }
        let busy = try browser.send(.post, "/suma-finance/_action/log-in", form: form)
        #expect(busy.status == .serviceUnavailable && busy.headers["Retry-After"] == "2")
        release.signal()
        done.wait()
        let signedIn = try browser.send(.post, "/suma-finance/_action/log-in", form: form)
        #expect(signedIn.status == .seeOther && signedIn.headers["Location"] == "/suma-finance/biometric-enrollment",
                "nothing was changed by the refused post: \(signedIn.status) \(signedIn.headers["Location"] ?? "")")
    }
}
