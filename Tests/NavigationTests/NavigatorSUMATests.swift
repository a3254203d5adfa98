import Navigation
import NavigationFixtures
import Testing

/// SUMA Finance's navigation rules (seed 000 as DECISIONS.md reads it).
@Suite struct NavigatorSUMATests {
    /// A session past onboarding, on Login.
    func atLogin() -> Walk {
        var walk = Walk(Fixtures.suma)
        walk.run(.changeFlow("auth"))
        return walk
    }

    @Test func onboardingPagesReplaceEachOtherAndShowNoBack() {
        var walk = Walk(Fixtures.suma)
        #expect(walk.current == route("onboarding.welcome"))
        #expect(walk.screen.back == nil)
        walk.go("onboarding.secure")
        #expect(walk.screen.back == nil)
        walk.go("onboarding.get-started")
        #expect(walk.screen.back == nil)
        #expect(walk.screen.context == .root)
    }

    @Test func getStartedCreateAccountHasOnlyLoginUnderneath() {
        var walk = Walk(Fixtures.suma)
        walk.go("onboarding.get-started")
        walk.run(.changeFlow("auth"))
        walk.go("register")
        #expect(walk.backChain == ["login"])
    }

    @Test func legalModalsAddNoStackEntries() {
        var walk = atLogin()
        walk.go("register")
        walk.go("legal.terms")
        #expect(walk.screen.context == .modal(.fullScreen))
        #expect(walk.screen.back == .dismissModal(revealing: route("register")))
        walk.run(.back)
        walk.go("legal.privacy")
        walk.run(.dismissModal)
        #expect(walk.current == route("register"))
        #expect(walk.backChain == ["login"])
    }

    @Test func registrationStaysWithinTheDepthLimitOfFour() {
        var walk = atLogin()
        walk.go("register")
        walk.go("personal-info")
        walk.go("verify-email", ["email": "new@example.com"])
        #expect(walk.backChain == ["personal-info", "register", "login"])
        #expect(walk.failure(of: .navigate(route("forgot-password"))) == .depthLimitExceeded("auth", limit: 4))
    }

    @Test func registrationSuccessReplacesTheStackThenMainAppStartsFresh() {
        var walk = atLogin()
        walk.go("register")
        walk.go("personal-info")
        walk.go("verify-email", ["email": "new@example.com"])
        walk.go("registration-success")
        #expect(walk.screen.back == nil)

        walk.run(.signIn(userID: "new@example.com"))
        #expect(walk.current == route("home"))
        #expect(walk.state.flow == "main")
        #expect(walk.screen.back == nil)
        #expect(walk.failure(of: .navigate(route("register"))) == .inactiveFlow("register", flow: "auth", active: "main"))
    }

    @Test(arguments: [
        [route("register"), route("personal-info")],
        [route("register"), route("personal-info"), route("verify-email", ["email": "new@example.com"])],
        [route("forgot-password"), route("verification-code", ["email": "new@example.com"])],
    ])
    func cancelPopsToLogin(steps: [RouteInstance]) {
        var walk = atLogin()
        for step in steps {
            walk.run(.navigate(step))
        }
        walk.go("login")
        #expect(walk.current == route("login"))
        #expect(walk.screen.back == nil)
        walk.go("register")
        #expect(walk.backChain == ["login"])
    }

    @Test func forgotPasswordHasThreeStepsOverLogin() {
        var walk = atLogin()
        walk.go("forgot-password")
        walk.go("verification-code", ["email": "test@example.com"])
        walk.go("new-password", ["token": "abc123", "email": "test@example.com"])
        #expect(walk.backChain == ["verification-code", "forgot-password", "login"])
        walk.go("login")
        #expect(walk.screen.back == nil)
    }

    @Test func guardedProfileWhileSignedOutResumesAfterSignInOnlyOnce() {
        var walk = atLogin()
        walk.go("profile")
        #expect(walk.current == route("login"))
        #expect(walk.state.pendingDestination == route("profile"))

        walk.run(.signIn(userID: "test@example.com"))
        #expect(walk.current == route("profile"))
        #expect(walk.changes.contains(.destinationResumed(route("profile"))))

        walk.run(.signOut())
        #expect(walk.current == route("login"))
        walk.run(.signIn(userID: "test@example.com"))
        #expect(walk.current == route("home"))
    }

    @Test func guardDuringOnboardingGoesToLogin() {
        var walk = Walk(Fixtures.suma)
        walk.go("accounts")
        #expect(walk.state.flow == "auth")
        #expect(walk.current == route("login"))
        #expect(walk.state.pendingDestination == route("accounts"))
    }

    @Test func sessionExpiryKeepsTheScreenAsPendingDestination() {
        var walk = atLogin()
        walk.run(.signIn(userID: "test@example.com"))
        walk.run(.selectTab("profile"))
        walk.go("profile.settings")

        walk.run(.signOut(keepDestination: true))
        #expect(walk.current == route("login"))
        #expect(walk.state.userID == nil)
        #expect(walk.state.pendingDestination == route("profile.settings"))

        walk.run(.signIn(userID: "test@example.com"))
        #expect(walk.current == route("profile.settings"))
        #expect(walk.backChain == ["profile"])
    }

    @Test func signedInTheLoginScreenBelongsToAnInactiveFlow() {
        var walk = atLogin()
        walk.run(.signIn(userID: "test@example.com"))
        #expect(walk.failure(of: .navigate(route("login"))) == .inactiveFlow("login", flow: "auth", active: "main"))
        #expect(walk.failure(of: .back) == .nothingToGoBackTo(route("home")))
    }

    @Test func biometricEnrollmentIsAFullScreenModalOverMainApp() {
        var walk = atLogin()
        walk.run(.signIn(userID: "test@example.com"))
        walk.go("biometric-enrollment")
        #expect(walk.screen.context == .modal(.fullScreen))
        #expect(walk.screen.tabBar?.isVisible == false)
        walk.run(.dismissModal)
        #expect(walk.current == route("home"))
        #expect(walk.screen.tabBar?.isVisible == true)
    }

    @Test func invalidLinkAlertShowsOverAnyFlow() {
        var walk = Walk(Fixtures.suma)
        walk.go("invalid-link", source: .deepLink)
        #expect(walk.screen.context == .modal(.alert))
        #expect(walk.screen.underlying == route("onboarding.welcome"))
        #expect(walk.failure(of: .navigate(route("login"))) == .inactiveFlow("login", flow: "auth", active: "onboarding"))
        #expect(walk.current == route("invalid-link"))
        walk.run(.back)
        #expect(walk.current == route("onboarding.welcome"))
    }
}
