import Navigation
import NavigationFixtures
import Testing

@Suite struct NavigationDefinitionTests {
    /// A small valid app to break one piece at a time.
    static let tree: CoordinatorDefinition = .tabs("main", [
        .stack("home", root: "home", tab: TabItem("Home")),
        .stack("account", root: "account", tab: TabItem("Account"), requiresSignIn: true),
    ], modals: [.stack("login-sheet", root: "login")])

    static let routes: [RouteDefinition] = [
        RouteDefinition("home", path: "/", title: "Home", owner: "home"),
        RouteDefinition("item", path: "/items/{id}", title: "Item", owner: "home", parameters: [ParameterDefinition("id")]),
        RouteDefinition("account", path: "/account", title: "Account", owner: "account"),
        RouteDefinition("login", path: "/login", title: "Log In", owner: "login-sheet", presentation: .modal(.sheet)),
    ]

    static let signIn = SignInConfiguration(route: "login")

    func problems(
        root: CoordinatorDefinition = tree, routes: [RouteDefinition] = routes, signIn: SignInConfiguration? = signIn
    ) -> [DefinitionProblem] {
        do {
            _ = try NavigationDefinition(root: root, routes: routes, signIn: signIn)
            return []
        } catch {
            return error.problems
        }
    }

    func replacing(_ name: RouteName, with route: RouteDefinition) -> [RouteDefinition] {
        Self.routes.map { $0.name == name ? route : $0 }
    }

    @Test func theValidAppBuilds() {
        #expect(problems().isEmpty)
        #expect(Fixtures.all.count == 4)
    }

    @Test func duplicateRoutesAndCoordinators() {
        #expect(problems(routes: Self.routes + [RouteDefinition("home", path: "/again", title: "Home", owner: "home")])
            == [.duplicateRoute("home")])
        let tree = CoordinatorDefinition.tabs("main", [
            .stack("home", root: "home", tab: TabItem("Home")),
            .stack("home", root: "account", tab: TabItem("Account")),
        ], modals: [.stack("login-sheet", root: "login")])
        #expect(problems(root: tree).contains(.duplicateCoordinator("home")))
    }

    @Test func ownersMustBeStacksThatExist() {
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/x", title: "X", owner: "nowhere")])
            == [.unknownOwner("x", owner: "nowhere")])
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/x", title: "X", owner: "main")])
            == [.ownerNotAStack("x", owner: "main")])
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/x", title: "X", owner: "home", sharedWith: ["main"])])
            == [.unknownSharedStack("x", stack: "main")])
    }

    @Test func pathsAreCheckedAndNeverShared() {
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/items/{itemId}", title: "X", owner: "home",
                                                                parameters: [ParameterDefinition("itemId")])])
            == [.duplicatePath("x", other: "item", path: "/items/{itemId}")])
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/x/{id}", title: "X", owner: "home")])
            == [.undeclaredPathParameter("x", parameter: "id")])
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "/x/{id}", title: "X", owner: "home",
                                                                parameters: [ParameterDefinition("id", required: false)])])
            == [.optionalPathParameter("x", parameter: "id")])
        #expect(problems(routes: Self.routes + [RouteDefinition("x", path: "x", title: "X", owner: "home")])
            == [.invalidPath("x", reason: "a path must start with '/', as in '/x'")])
    }

    @Test func parametersAreCheckedOnce() {
        let twice = RouteDefinition("x", path: "/x", title: "X", owner: "home",
                                    parameters: [ParameterDefinition("q"), ParameterDefinition("q")])
        #expect(problems(routes: Self.routes + [twice]) == [.duplicateParameter("x", parameter: "q")])
        let badPattern = RouteDefinition("x", path: "/x", title: "X", owner: "home",
                                         parameters: [ParameterDefinition("q", pattern: "([a-z")])
        #expect(problems(routes: Self.routes + [badPattern]) == [.invalidParameterPattern("x", parameter: "q", pattern: "([a-z")])
    }

    @Test func stacksStartAtTheirOwnParameterlessRoot() {
        let tree = CoordinatorDefinition.tabs("main", [
            .stack("home", root: "item", tab: TabItem("Home")),
            .stack("account", root: "nothing", tab: TabItem("Account")),
            .stack("other", root: "home", tab: TabItem("Other")),
        ], modals: [.stack("login-sheet", root: "login")])
        let found = problems(root: tree)
        #expect(found.contains(.rootRouteNeedsParameters("home", route: "item")))
        #expect(found.contains(.unknownRootRoute("account", route: "nothing")))
        #expect(found.contains(.rootRouteOwnedElsewhere("other", route: "home", owner: "home")))
    }

    @Test func tabsAndFlowsHaveTheRightChildren() {
        #expect(problems(root: .tabs("main", [])).contains(.emptyContainer("main")))
        let noItem = CoordinatorDefinition.tabs("main", [.stack("home", root: "home")], modals: [.stack("login-sheet", root: "login")])
        #expect(problems(root: noItem, routes: Self.routes.filter { $0.name != "account" && $0.name != "item" }) == [.tabWithoutItem("home")])
        let tabOfTabs = CoordinatorDefinition.tabs("main", [.tabs("inner", [.stack("home", root: "home", tab: TabItem("Home"))])])
        #expect(problems(root: tabOfTabs).contains(.tabNotAStack(tabs: "main", child: "inner")))
        let flows = CoordinatorDefinition.flows("app", initial: "nowhere", [Self.tree])
        #expect(problems(root: flows) == [.unknownInitialChild("app", child: "nowhere")])
        let nested = CoordinatorDefinition.flows("app", initial: "inner", [.flows("inner", initial: "main", [Self.tree])])
        #expect(problems(root: nested).contains(.nestedFlows("inner")))
        let badInitialTab = CoordinatorDefinition.tabs("main", initial: "nowhere", [.stack("home", root: "home", tab: TabItem("Home"))])
        #expect(problems(root: badInitialTab).contains(.unknownInitialChild("main", child: "nowhere")))
    }

    @Test func modalsAreConfiguredBothWays() {
        let notAModal = RouteDefinition("sheet", path: "/sheet", title: "Sheet", owner: "home", presentation: .modal(.sheet))
        #expect(problems(routes: Self.routes + [notAModal]) == [.modalNotConfigured("sheet", owner: "home")])
        let pushedRoot = replacing("login", with: RouteDefinition("login", path: "/login", title: "Log In", owner: "login-sheet"))
        #expect(problems(routes: pushedRoot) == [.modalRootNotModal("login-sheet", route: "login")])
        let tabsModal = CoordinatorDefinition.tabs("main", [.stack("home", root: "home", tab: TabItem("Home"))],
                                                   modals: [.tabs("modal-tabs", [])])
        #expect(problems(root: tabsModal).contains(.modalNotAStack(host: "main", modal: "modal-tabs")))
    }

    @Test func depthLimitsCountTheRoot() {
        let tree = CoordinatorDefinition.tabs("main", [
            .stack("home", root: "home", depthLimit: 0, tab: TabItem("Home")),
            .stack("account", root: "account", tab: TabItem("Account")),
        ], modals: [.stack("login-sheet", root: "login")])
        #expect(problems(root: tree) == [.invalidDepthLimit("home", limit: 0)])
    }

    @Test func guardsNeedAnUnguardedSignInRoute() {
        #expect(problems(signIn: nil) == [.guardWithoutSignIn("account")])
        #expect(problems(signIn: SignInConfiguration(route: "nowhere")) == [.unknownSignInRoute("nowhere")])
        #expect(problems(signIn: SignInConfiguration(route: "account")) == [.signInRouteGuarded("account")])
        #expect(problems(signIn: SignInConfiguration(route: "login", signedInFlow: "home")) == [.unknownSignInFlow("home")])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let broken = Self.routes + [
            RouteDefinition("home", path: "/again", title: "Home", owner: "home"),
            RouteDefinition("x", path: "/x/{id}", title: "X", owner: "nowhere"),
            RouteDefinition("y", path: "/items/{n}", title: "Y", owner: "home", parameters: [ParameterDefinition("n")]),
        ]
        let error = #expect(throws: DefinitionError.self) {
            try NavigationDefinition(root: Self.tree, routes: broken, signIn: Self.signIn)
        }
        #expect(error?.problems == [
            .duplicateRoute("home"),
            .unknownOwner("x", owner: "nowhere"),
            .undeclaredPathParameter("x", parameter: "id"),
            .duplicatePath("y", other: "item", path: "/items/{n}"),
        ])
        #expect(error?.description.hasPrefix("the app definition has 4 problems:\n- route 'home' is declared more than once") == true)
    }

    @Test func routesAndPathsMapBothWays() throws {
        let portal = Fixtures.realityPortal
        #expect(portal.path(for: route("listing", ["id": "123"])) == "/listing/123")
        #expect(portal.path(for: route("listing.gallery", ["id": "a b"])) == "/listing/a%20b/gallery")
        #expect(portal.path(for: route("home")) == "/")
        #expect(portal.path(for: route("listing")) == nil)
        #expect(portal.routeInstance(path: "/listing/123") == route("listing", ["id": "123"]))
        #expect(portal.routeInstance(path: "/featured") == route("featured"))
        #expect(portal.routeInstance(path: "/search/results", query: ["query": "loft", "utm": "x"]) == route("search.results", ["query": "loft"]))
        #expect(portal.routeInstance(path: "/nowhere") == nil)
        // A literal path is found as written and percent-encoded alike, and not with a segment more.
        #expect(portal.routeInstance(path: "/feat%75red") == route("featured"))
        #expect(portal.routeInstance(path: "/featured/") == nil)
        #expect(portal.routeInstance(path: "/") == route("home"))
        for (_, definition) in Fixtures.all {
            for route in definition.routes {
                let instance = RouteInstance(route.name, Dictionary(uniqueKeysWithValues: route.parameters.map { ($0.name, "value-of-\($0.name)") }))
                let path = try #require(definition.path(for: instance))
                let query = instance.parameters.filter { !path.contains($0.value) }
                #expect(definition.routeInstance(path: path[...], query: query) == instance)
            }
        }
    }

    @Test func defaultsAndQueryNamesAreChecked() {
        func with(_ parameters: [ParameterDefinition], path: String = "/items/{id}") -> [DefinitionProblem] {
            problems(routes: replacing("item", with: RouteDefinition("item", path: path, title: "Item", owner: "home",
                                                                     parameters: [ParameterDefinition("id")] + parameters)))
        }
        #expect(with([ParameterDefinition("page", kind: .integer, required: false, defaultValue: "1", queryName: "p")]).isEmpty)
        #expect(with([ParameterDefinition("page", kind: .integer, required: false, defaultValue: "one")])
            == [.invalidParameterDefault("item", parameter: "page", value: "one", reason: "not an integer")])
        #expect(with([ParameterDefinition("page", required: true, defaultValue: "1")])
            == [.invalidParameterDefault("item", parameter: "page", value: "1", reason: "a required parameter has no default")])
        #expect(with([ParameterDefinition("tab", required: false, pattern: "[a-z]+", defaultValue: "A")])
            == [.invalidParameterDefault("item", parameter: "tab", value: "A", reason: "it does not match the pattern")])
        #expect(with([ParameterDefinition("a", required: false, queryName: "b"), ParameterDefinition("b", required: false)])
            == [.duplicateQueryName("item", parameter: "b", query: "b")])
        #expect(with([], path: "/items/{id}").isEmpty)
        #expect(problems(routes: replacing("item", with: RouteDefinition("item", path: "/items/{id}", title: "Item", owner: "home",
                                                                           parameters: [ParameterDefinition("id", queryName: "i")])))
            == [.queryNameOfPathParameter("item", parameter: "id")])
    }

    @Test func aQueryNameReadsItsItemAndDefaultsFillWhatIsLeftOut() throws {
        let definition = try NavigationDefinition(root: Self.tree, routes: replacing("item", with: RouteDefinition(
            "item", path: "/items/{id}", title: "Item {id}", owner: "home",
            parameters: [ParameterDefinition("id"), ParameterDefinition("showPhotos", kind: .boolean, required: false, defaultValue: "false", queryName: "photos")]
        )), signIn: Self.signIn)
        let photos = try #require(definition.routeInstance(path: "/items/7", query: ["photos": "true", "showPhotos": "x"]))
        #expect(photos == route("item", ["id": "7", "showPhotos": "true"]))
        let plain = try #require(definition.routeInstance(path: "/items/7"))
        #expect(plain == route("item", ["id": "7"]), "a default is not put into the screen's identity")
        #expect(definition.route("item")?.values(of: plain) == ["id": "7", "showPhotos": "false"])
    }

    @Test func anAliasIsAnotherAddressOfTheSameScreen() throws {
        let item = RouteDefinition("item", path: "/items/{id}", title: "Item", owner: "home",
                                   parameters: [ParameterDefinition("id"), ParameterDefinition("lang", required: false)],
                                   aliases: ["/{lang}/items/{id}", "/i/{id}"])
        let definition = try NavigationDefinition(root: Self.tree, routes: replacing("item", with: item), signIn: Self.signIn)
        #expect(definition.routeInstance(path: "/en/items/7") == route("item", ["id": "7", "lang": "en"]))
        #expect(definition.routeInstance(path: "/i/7") == route("item", ["id": "7"]))
        #expect(definition.path(for: route("item", ["id": "7"])) == "/items/7", "the screen's own URL stays its path")
        let found = problems(routes: replacing("item", with: RouteDefinition("item", path: "/items/{id}", title: "Item", owner: "home",
                                                                              parameters: [ParameterDefinition("id")], aliases: ["/x/{nope}", "/account", "/bad/"])))
        #expect(Set(found) == [.undeclaredPathParameter("item", parameter: "nope"), .duplicatePath("account", other: "item", path: "/account"),
                               .invalidPath("item", reason: "its alias: '/bad/' has an empty segment; remove the doubled or trailing '/'")])
    }

    @Test func aLiteralPathWinsOverAPlaceholder() throws {
        let definition = try NavigationDefinition(root: Self.tree, routes: Self.routes + [
            RouteDefinition("new-item", path: "/items/new", title: "New", owner: "home"),
        ], signIn: Self.signIn)
        #expect(definition.routeInstance(path: "/items/new") == route("new-item"))
        #expect(definition.routeInstance(path: "/items/7") == route("item", ["id": "7"]))
    }

    @Test func guardsAreInheritedFromCoordinators() {
        #expect(Fixtures.realityPortal.requiresSignIn("favorites"))
        #expect(Fixtures.realityPortal.requiresSignIn("new-inquiry"))
        #expect(!Fixtures.realityPortal.requiresSignIn("listing"))
        #expect(Fixtures.suma.requiresSignIn("profile.settings"))
        #expect(!Fixtures.suma.requiresSignIn("login"))
    }
}
