import FlowPagesTestSupport
import Foundation
import Testing

/// The SUMA Finance walk-throughs of ACCEPTANCE-SUMA.md (B1–B21), over real HTTP against the
/// repository's own app folder, with a cookie jar and no JavaScript.
@Suite struct SUMAFinanceWalkTests {
    static let entry = "/suma-finance/"

    /// A new session, past onboarding, on Login.
    static func atLogin(_ app: LiveApp) throws -> LiveBrowser {
        var browser = LiveBrowser(app)
        try browser.open(entry)
        try browser.press("Skip")
        #expect(browser.page.heading == "Login")
        return browser
    }

    /// Presses the in-page Back until there is none, returning the headings shown: the page's
    /// "Back chain". It changes the session, as pressing Back does.
    /// Registers `email` through the three steps, up to Verify Email.
    static func registerUpToVerification(_ browser: inout LiveBrowser, email: String = "new@example.com") throws {
        try browser.press("Create Account")
        try browser.press("Next", filling: ["Email address": email, "Password": "Secure123", "Confirm password": "Secure123",
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
        try browser.press("Register", filling: ["Full name": "Al Test", "Phone number": "+44 20 7946 0000", "Date of birth": "1990-04-01"])
    }

    /// Logs in with the fixture account and skips the first-time biometric prompt if shown.
    static func logIn(_ browser: inout LiveBrowser, password: String = "password123") throws {
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": password])
        if browser.page.heading == "Biometric Enrollment" { try browser.press("Skip") }
    }

    @Test func b1b2FirstVisitShowsThreeOnboardingPagesWithSkip() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        #expect(browser.page.heading == "Welcome to SUMA Finance")
        #expect(browser.page.buttons.contains("Next") && browser.page.buttons.contains("Skip") && browser.page.back == nil)
        try browser.press("Next")
        #expect(browser.page.heading == "Secure & Private" && browser.page.buttons.contains("Skip") && browser.page.back == nil)
        try browser.press("Next")
        #expect(browser.page.heading == "Get Started" && browser.page.back == nil)
        #expect(["Create Account", "Sign In", "Skip"].allSatisfy(browser.page.buttons.contains))
    }

    @Test func b3SkipLeadsToLoginAndOnboardingNeverReturns() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open(Self.entry)
        try browser.press("Next")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
        try browser.reload()
        #expect(browser.page.heading == "Login")
        try browser.open(Self.entry)
        #expect(browser.page.heading == "Login")
        try browser.open("/suma-finance/welcome")
        #expect(browser.page.heading == "Login", "an onboarding URL redirects to the active flow")
    }

    @Test func b4GetStartedActions() throws {
        let app = try LiveApp()
        var signIn = LiveBrowser(app)
        try signIn.open(Self.entry)
        try signIn.press("Next")
        try signIn.press("Next")
        try signIn.press("Sign In")
        #expect(signIn.page.heading == "Login" && signIn.page.back == nil)

        var create = LiveBrowser(app)
        try create.open(Self.entry)
        try create.press("Next")
        try create.press("Next")
        try create.press("Create Account")
        #expect(create.page.heading == "Create Account")
        #expect(try create.backChain() == ["Login"])
    }

    @Test func b5b20TheLoginScreenAndItsAccessibleMarkup() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        let page = browser.page
        #expect(page.title == "Login – SUMA Finance")
        #expect(["Log In", "Forgot Password?", "Create Account"].allSatisfy(page.buttons.contains) && page.back == nil)
        let email = try #require(page.field(labelled: "Email address"))
        // Focus on arrival is the heading's, never a field's: a screen reader reads the title and heading first.
        #expect(email["type"] == "email" && email["autofocus"] == nil)
        #expect(page.root.all.filter { $0["autofocus"] != nil }.map(\.name) == ["h1"])
        #expect(!page.root.all.contains { $0["role"] == "status" }, "no toast, no status region")
        #expect(page.field(labelled: "Password")?["type"] == "password")
        #expect(page.root.elements("h1").count == 1)
        let skip = try #require(page.root.elements("a").first { $0.hasClass("skip-link") })
        #expect(skip.content == "Skip to Main Content" && skip["href"] == "#main" && page.main != nil)
        try Self.registerUpToVerification(&browser)
        try browser.press("Back")
        #expect(browser.page.breadcrumbs == "Current location: Login, then Register, then Personal Info")
        #expect(browser.page.title == "Personal Info – Create Account, step 2 of 3 – SUMA Finance")
    }

    @Test func b6b7LegalModalsKeepStepOne() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Create Account")
        let step1 = browser.page
        #expect(step1.heading == "Create Account")
        #expect(["Email address", "Password", "Confirm password", "I accept the Terms & Conditions and the Privacy Policy"].allSatisfy { step1.field(labelled: $0) != nil })
        #expect(["Terms & Conditions", "Privacy Policy", "Next", "Cancel"].allSatisfy(step1.buttons.contains))
        for legal in ["Terms & Conditions", "Privacy Policy"] {
            try browser.press(legal, filling: ["Email address": "new@example.com"])
            #expect(browser.page.heading == legal)
            #expect(browser.page.root.elements("dialog").count == 1 && browser.page.back == "Close")
            #expect(browser.page.root.all.contains { $0.hasClass("tab-bar") } == false)
            try browser.press("Close")
            #expect(browser.page.heading == "Create Account")
            #expect(browser.page.field(labelled: "Email address")?["value"] == "new@example.com")
        }
        #expect(try browser.backChain() == ["Login"])
    }

    @Test func b8b9StepsOneAndTwoThenVerifyEmail() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Create Account")
        try browser.press("Next", filling: ["Email address": "new@example.com", "Password": "Secure123", "Confirm password": "Secure123",
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
        #expect(browser.page.heading == "Personal Info" && browser.page.back == "Back to Create Account")
        #expect(["Full name", "Phone number", "Date of birth"].allSatisfy { browser.page.field(labelled: $0) != nil })
        try browser.press("Back")
        #expect(browser.page.heading == "Create Account")
        #expect(browser.page.field(labelled: "Email address")?["value"] == "new@example.com")
        #expect(browser.page.field(labelled: "Password")?["value"] == "", "passwords are never kept")
        try browser.press("Next", filling: ["Password": "Secure123", "Confirm password": "Secure123"])
        #expect(browser.page.heading == "Personal Info", "the same session may send step 1 again")
        try browser.press("Register", filling: ["Full name": "Al Test", "Phone number": "555-0100", "Date of birth": "1990-04-01"])
        #expect(browser.page.heading == "Verify Email")
        #expect(browser.page.field(labelled: "Verification code") != nil)
        #expect(browser.page.toasts == ["Verification email sent to new@example.com"])
        #expect(try browser.backChain() == ["Personal Info", "Create Account", "Login"])
    }

    /// The code a person reads in the dev mailbox: the newest mail's subject ends with it.
    static func codeFromMailbox(_ browser: inout LiveBrowser) throws -> String {
        try browser.open("/suma-finance/_mailbox")
        let subject = try #require(browser.page.root.elements("h2").first?.content)
        try browser.goBack()
        return String(try #require(subject.split(separator: " ").last))
    }

    @Test func b10RegistrationCompletesIntoTheMainApp() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try Self.registerUpToVerification(&browser)
        let code = try Self.codeFromMailbox(&browser)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        try browser.press("Verify", filling: ["Verification code": code])
        #expect(browser.page.heading == "Registration Success")
        try browser.press("Continue")
        #expect(browser.page.heading == "Home" && browser.page.back == nil)
        #expect(browser.page.root.all.contains { $0.hasClass("tab-bar") })
        for screen in ["/suma-finance/auth/register", "/suma-finance/auth/register/verify", "/suma-finance/auth/login"] {
            try browser.open(screen)
            #expect(browser.page.heading == "Home", "\(screen) is not reachable while signed in")
        }
    }

    @Test func b11CancelClearsTheRegistrationStack() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Create Account")
        try browser.press("Next", filling: ["Email address": "new@example.com", "Password": "Secure123", "Confirm password": "Secure123",
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
        try browser.press("Cancel")
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
        try browser.press("Create Account")
        #expect(browser.page.heading == "Create Account" && browser.page.back == "Back to Login")
        #expect(browser.page.field(labelled: "Email address")?["value"] == "", "left by Cancel, step 1 starts clean")
        try browser.press("Next", filling: ["Email address": "new@example.com", "Password": "Secure123", "Confirm password": "Secure123",
                                            "I accept the Terms & Conditions and the Privacy Policy": "on"])
        try browser.press("Register", filling: ["Full name": "Al Test"])
        #expect(browser.page.heading == "Verify Email")
        try browser.press("Cancel")
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
    }

    @Test func b12b13ForgotPasswordThroughTheMailbox() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Forgot Password?")
        #expect(browser.page.heading.contains("Forgot Password") && browser.page.field(labelled: "Email address") != nil)
        try browser.press("Back")
        #expect(browser.page.heading == "Login")
        try browser.press("Forgot Password?")
        try browser.press("Send Code", filling: ["Email address": "test@example.com"])
        #expect(browser.page.heading == "Verification Code" && browser.page.field(labelled: "Verification code") != nil)
        // The code comes from the dev mailbox, as a tester would read it.
        let code = try Self.codeFromMailbox(&browser)
        try browser.press("Verify", filling: ["Verification code": code])
        #expect(browser.page.heading == "New Password")
        #expect(browser.page.field(labelled: "New password") != nil && browser.page.field(labelled: "Confirm password") != nil)
        var chain = browser
        #expect(try chain.backChain() == ["Verification Code", "Forgot Password", "Login"])
        browser = chain
        try browser.press("Forgot Password?")
        try browser.press("Send Code", filling: ["Email address": "test@example.com"])
        try browser.press("Verify", filling: ["Verification code": "123456"])
        try browser.press("Reset Password", filling: ["New password": "NewSecret9", "Confirm password": "NewSecret9"])
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
        #expect(browser.page.toasts == ["Your password has been reset. Log in with the new one."])
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.alert?.title == "Login Failed", "the old password no longer works for this tester")
        try browser.press("OK")
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "NewSecret9"])
        #expect(browser.page.heading == "Biometric Enrollment")
        // The fixture account is every tester's: the new password is this tester's alone.
        var other = try Self.atLogin(app)
        try other.press("Log In", filling: ["Email address": "test@example.com", "Password": "NewSecret9"])
        #expect(other.page.alert?.title == "Login Failed")
        try other.press("OK")
        try other.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(other.page.heading == "Biometric Enrollment", "the documented password still works for everyone else")
        #expect(try app.store.authenticate(app: "suma-finance", email: "test@example.com", password: "password123", allowingFixtures: true) != nil)

        var cancelling = try Self.atLogin(app)
        try cancelling.press("Forgot Password?")
        try cancelling.press("Send Code", filling: ["Email address": "test@example.com"])
        try cancelling.press("Cancel")
        #expect(cancelling.page.heading == "Login" && cancelling.page.back == nil)
    }

    @Test func b14BiometricPromptOnTheFirstLoginOnly() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.heading == "Biometric Enrollment" && browser.page.root.elements("dialog").count == 1)
        #expect(browser.page.buttons.contains("Enable") && browser.page.buttons.contains("Skip"))
        try browser.press("Skip")
        #expect(browser.page.heading == "Home")

        try browser.press("Profile")
        try browser.press("Log Out")
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(browser.page.heading == "Home", "the prompt shows after the first sign-in only")
        // Every tester signs in as the fixture account, and each is asked on their own first sign-in.
        var second = try Self.atLogin(app)
        try second.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        #expect(second.page.heading == "Biometric Enrollment", "another tester's first sign-in")

        let fresh = try LiveApp()
        var enabling = try Self.atLogin(fresh)
        try enabling.press("Log In", filling: ["Email address": "test@example.com", "Password": "password123"])
        try enabling.press("Enable")
        #expect(enabling.page.heading == "Home" && enabling.page.toasts == ["Biometric login is enabled."])
    }

    @Test func b15FailedLoginKeepsTheEmail() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.press("Log In", filling: ["Email address": "test@example.com", "Password": "wrongpass1"])
        #expect(browser.page.alert?.title == "Login Failed")
        #expect(browser.page.heading == "Login" && browser.page.field(labelled: "Email address")?["value"] == "test@example.com")
        try browser.press("OK")
        #expect(browser.page.alert == nil && browser.page.heading == "Login")
    }

    @Test func b16TheGuardResumesThePendingDestinationOnce() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try browser.open("/suma-finance/profile")
        #expect(browser.page.heading == "Login" && browser.page.main?.content.contains("signed in") == false)
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Profile")
        try browser.press("Log Out")
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Home")
    }

    @Test func b17b18LogoutAndRestoredSignIn() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try Self.logIn(&browser)
        try browser.open(Self.entry)
        #expect(browser.page.heading == "Home", "B18: signed in, the entry opens the Main App")
        try browser.press("Profile")
        try browser.press("Log Out")
        #expect(browser.page.heading == "Login" && browser.page.back == nil)
        #expect(browser.page.toasts == ["You have been logged out."])
    }

    @Test func b19SessionExpiryAlertThenResume() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try Self.logIn(&browser)
        try browser.press("Profile")
        try browser.press("Expire the sign-in")
        #expect(browser.page.heading == "Profile")
        try browser.press("Log Out")
        let alert = try #require(browser.page.alert)
        #expect(alert.title == "Session Expired" && alert.message.contains("Your session has expired. Please login again"))
        #expect(alert.buttons == ["Login Again"])
        #expect(try app.events().contains { $0.kind == "session_expired" && $0.source == "auto_redirect" })
        // Not dismissible: Back and Close leave it where it is.
        try browser.post("/suma-finance/_back", ["csrf": browser.hidden("csrf"), "screen": browser.hidden("screen")])
        #expect(browser.page.alert?.title == "Session Expired")
        try browser.press("Login Again")
        #expect(browser.page.heading == "Login" && browser.page.alert == nil)
        try Self.logIn(&browser)
        #expect(browser.page.heading == "Profile")
    }

    @Test func b21AnalyticsEventsAreRecordedAndListed() throws {
        let app = try LiveApp()
        var browser = try Self.atLogin(app)
        try Self.registerUpToVerification(&browser)
        try browser.press("Back")
        try browser.press("Register", filling: ["Full name": "Al Test"])
        try browser.press("Verify", filling: ["Verification code": "123456"])
        try browser.press("Continue")
        // A visitor with a session (made by a first post) has deep links in its event log.
        var links = LiveBrowser(app)
        try links.open("/suma-finance/")
        try links.press("Skip")
        try links.open("/_open?url=" + "sumafinance://auth/register")
        try links.open("/_open?url=" + "sumafinance://auth/nowhere")
        let events = try app.events()
        let funnel = events.filter { $0.kind == "funnel_step" && $0.funnel == "registration" }.map { "\($0.stepNumber ?? 0) \($0.step ?? "")" }
        #expect(funnel == ["1 email_entered", "2 personal_info_entered", "2 personal_info_entered", "3 email_verified", "4 completed"])
        let views = events.filter { $0.kind == "screen_view" }
        #expect(views.contains { $0.screen == "personal-info" && $0.previousScreen == "register" })
        #expect(views.allSatisfy { $0.previousScreen != nil })
        #expect(events.contains { $0.kind == "screen_view" && $0.source == "back_navigation" })
        #expect(events.contains { $0.kind == "back_button_pressed" && $0.screen == "email-verification" && $0.depth == 4 })
        #expect(views.contains { $0.dwell != nil }, "a screen view says how long the screen before it was shown")
        #expect(events.contains { $0.kind == "deep_link_success" && $0.pattern == "/auth/register" && $0.link == "sumafinance://auth/register" })
        #expect(events.contains { $0.kind == "deep_link_failure" && $0.pattern == "(unknown)" })
        let kinds = events.map(\.kind)
        let opened = try #require(kinds.firstIndex(of: "deep_link_opened"))
        #expect(kinds[opened...].contains("deep_link_success") && kinds.contains("deep_link_failure"))
        try browser.open("/suma-finance/_events")
        #expect(browser.page.heading == "Event log")
        #expect(browser.page.root.elements("td").contains { $0.content == "funnel_step" })
    }
}
