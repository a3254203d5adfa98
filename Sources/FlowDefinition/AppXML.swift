import Foundation
import Navigation

/// Turns a schema-valid `app.xml` tree into an ``AppDefinition``, keeping the line of every
/// route and coordinator so that problems found later point at them.
struct AppXML {
    let root: XMLElement
    let file: String
    let folder: String
    let vocabulary: AppVocabulary
    private var routeLines: [String: Int] = [:]
    private var coordinatorLines: [String: Int] = [:]
    /// Each `<tab link>`, in document order, with its line.
    private var tabLinks: [(path: String, tab: CoordinatorID, line: Int)] = []
    private var tabIcons: [(name: String, line: Int)] = []
    var problems: [FolderProblem] = []

    init(root: XMLElement, file: String, folder: String, vocabulary: AppVocabulary) {
        self.root = root
        self.file = file
        self.folder = folder
        self.vocabulary = vocabulary
    }

    func build() -> Result<AppDefinition, FolderProblems> {
        var builder = self
        return builder.run()
    }

    mutating func report(_ line: Int, _ message: String) {
        problems.append(FolderProblem(file: file, line: line, message: message))
    }

    private mutating func run() -> Result<AppDefinition, FolderProblems> {
        let id = root["id"] ?? ""
        let folderName = (folder as NSString).lastPathComponent
        if id != folderName {
            report(root.line, "the app id is '\(id)' but its folder is '\(folderName)'; rename one so they match")
        }
        guard let navigation = root.child("navigation")?.children.first else { return .failure(FolderProblems(problems)) }
        let tree = coordinator(navigation)
        let fixtures = readFixtures()
        let data = readData(accounts: Set(fixtures.accounts.map(\.email)))
        var routes: [RouteDefinition] = []
        var routeData: [RouteName: RouteData] = [:]
        var leaveGuards: [RouteName: Located<LeaveGuard>] = [:]
        var closeLabels: [RouteName: String] = [:]
        var linkParents: [RouteName: Located<RouteName>] = [:]
        var detents: [RouteName: SheetDetent] = [:]
        var templates: [RouteName: String] = [:]
        var steps: [RouteName: String] = [:]
        var descriptions: [RouteName: String] = [:]
        for element in root.child("routes")?.children("route") ?? [] {
            let route = self.route(element)
            routeLines[route.name.rawValue] = routeLines[route.name.rawValue] ?? element.line
            for (path, line) in [(route.path, element.line)] + element.children("alias").map({ ($0["path"] ?? "", $0.line) }) {
                if let first = path.split(separator: "/").first, first.hasPrefix("_") || first.hasPrefix(".") {
                    report(line, "route '\(route.name)' has the path '\(path)', but paths starting with '_' or '.' are FlowPages' own (/_back, /_open, /.well-known…); choose another path")
                }
            }
            routes.append(route)
            let readData = readRouteData(element, route: route, data: data)
            if readData != .none { routeData[route.name] = readData }
            if let label = element["close-label"] { closeLabels[route.name] = label }
            if let parent = element["under"] { linkParents[route.name] = Located(definition: RouteName(parent), line: element.line) }
            if let text = element["detent"] {
                if let detent = SheetDetent(text) {
                    detents[route.name] = detent
                } else {
                    report(element.line, "route '\(route.name)' has detent=\"\(text)\"; a detent is small, medium, large, extra-large, full-screen, or a height such as 40%, 20rem or 320px")
                }
                if route.presentation != .modal(.sheet), route.presentation != .modal(.formSheet) {
                    report(element.line, "route '\(route.name)' has a detent, but only a sheet has one; set presentation=\"sheet\" or \"form-sheet\", or remove detent")
                }
            }
            if let element = element.child("unsaved-changes") {
                leaveGuards[route.name] = Located(
                    definition: LeaveGuard(form: element["form"] ?? "", alert: element["alert"] ?? "", record: element["record"]), line: element.line
                )
            }
            let template = element["template"] ?? route.name.rawValue
            templates[route.name] = "\(id)/\(template)"
            if let step = element["step"] { steps[route.name] = step }
            if let description = element["description"] { descriptions[route.name] = description }
            let templateFile = (folder as NSString).appendingPathComponent(template + ".html")
            if !FileManager.default.fileExists(atPath: templateFile) {
                report(element.line, "route '\(route.name)' uses template '\(template)', but \(templateFile) does not exist; create it or set template=\"…\"")
            }
        }
        let signIn = root.child("sign-in").map { element in
            SignInConfiguration(
                route: RouteName(element["route"] ?? ""),
                signedInFlow: element["signed-in-flow"].map { CoordinatorID($0) },
                signedOutFlow: element["signed-out-flow"].map { CoordinatorID($0) }
            )
        }
        let forms = readForms(data: data)
        let alerts = readAlerts()
        let toasts = readToasts()
        let actions = readActions()
        checkReferences(forms: forms, actions: actions, alerts: alerts, toasts: toasts, routes: routes, tree: tree, data: data)
        checkBadges(navigation, data: data)
        checkLeaveGuards(leaveGuards, forms: forms, alerts: alerts, routeData: routeData)
        checkFormRecords(forms, guards: leaveGuards, routeData: routeData)
        do throws(DefinitionError) {
            let definition = try NavigationDefinition(root: tree, routes: routes, signIn: signIn)
            checkTabLinks(definition)
            checkLinkParents(linkParents, routes: routes, navigation: definition)
            checkLinkSchemes()
            let stylesheet = readStylesheet()
            let icons = readIcons()
            checkTabIcons(own: icons)
            let previewImage = readPreviewImage()
            let images = AppImage.readFolder(folder)
            problems += images.problems
            let usabilityTests = readUsabilityTests(routes: Set(routes.map(\.name.rawValue)))
            guard problems.isEmpty else { return .failure(FolderProblems(problems.sorted())) }
            return .success(AppDefinition(
                id: id, title: root["title"] ?? id, locale: root["locale"] ?? "en", themeColor: root["theme-color"],
                schemes: root.children("link-scheme").compactMap { $0["name"] },
                hosts: root.children("link-host").compactMap { $0["name"] },
                linkClaims: root.children.compactMap { element in
                    guard let kind = LinkClaim.Kind(rawValue: element.name), let name = element["name"] else { return nil }
                    return LinkClaim(kind: kind, name: name.lowercased(), line: element.line)
                },
                appleAppIDs: root.children("apple-app").compactMap { $0["id"] },
                androidApps: root.children("android-app").map { AndroidApp(package: $0["package"] ?? "", fingerprint: $0["fingerprint"] ?? "") },
                appStoreID: root.children("apple-app").compactMap { $0["store-id"] }.first,
                description: root["description"], previewImage: previewImage, descriptions: descriptions,
                navigation: definition, templates: templates, steps: steps,
                forms: forms.mapValues(\.definition), actions: actions.mapValues(\.definition),
                alerts: alerts.mapValues(\.definition), toasts: toasts.mapValues(\.definition),
                fixtures: fixtures, data: data, routeData: routeData, isTablet: root["device"] == "tablet", backShowsTitle: root["back-label"] == "title", closeLabels: closeLabels,
                leaveGuards: leaveGuards.mapValues(\.definition), linkParents: linkParents.mapValues(\.definition),
                tabLinks: Dictionary(uniqueKeysWithValues: tabLinks.map { ($0.path, $0.tab) }), detents: detents,
                stylesheet: stylesheet, icons: icons, images: images.images, usabilityTests: usabilityTests, folder: folder
            ))
        } catch {
            for problem in error.problems {
                report(line(of: problem), problem.description)
            }
            return .failure(FolderProblems(problems.sorted()))
        }
    }

    private mutating func coordinator(_ element: XMLElement) -> CoordinatorDefinition {
        let id = CoordinatorID(element["id"] ?? "")
        coordinatorLines[id.rawValue] = coordinatorLines[id.rawValue] ?? element.line
        let modals = element.children("modal").map { coordinator($0) }
        let guarded = element["requires-sign-in"].map(Self.boolean) ?? false
        let depthLimit = element["depth-limit"].flatMap { Int($0) }
        switch element.name {
        case "flows":
            let flows = element.children.filter { $0.name == "tabs" || $0.name == "stack" }.map { coordinator($0) }
            return .flows(id, initial: CoordinatorID(element["initial"] ?? ""), flows, modals: modals)
        case "tabs":
            let tabs = element.children("tab").map { coordinator($0) }
            return .tabs(id, initial: element["initial"].map { CoordinatorID($0) }, tabs, modals: modals, requiresSignIn: guarded)
        case "tab":
            if let link = element["link"] { tabLinks.append((link, id, element.line)) }
            if let icon = element["icon"] { tabIcons.append((icon, element.line)) }
            let item = TabItem(element["title"] ?? id.rawValue, icon: element["icon"], badge: element["badge"])
            return .stack(id, root: RouteName(element["root"] ?? ""), depthLimit: depthLimit, tab: item, modals: modals, requiresSignIn: guarded)
        default:
            return .stack(id, root: RouteName(element["root"] ?? ""), depthLimit: depthLimit, modals: modals, requiresSignIn: guarded)
        }
    }

    /// `under` names a route whose parameters the route has too, that needs sign-in only if the
    /// route does, and leads to no loop.
    private mutating func checkLinkParents(_ parents: [RouteName: Located<RouteName>], routes: [RouteDefinition], navigation: NavigationDefinition) {
        let byName = Dictionary(routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, parent) in parents.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let route = byName[name] else { continue }
            guard let under = byName[parent.definition] else {
                report(parent.line, "route '\(name)' is under '\(parent.definition)', which is not a route"
                       + Spelling.suggestion(for: parent.definition.rawValue, among: routes.map(\.name.rawValue)))
                continue
            }
            let missing = under.parameters.filter { $0.isRequired && $0.defaultValue == nil && route.parameter($0.name) == nil }.map(\.name)
            if !missing.isEmpty {
                report(parent.line, "route '\(name)' is under '\(under.name)', whose parameter \(missing.map { "'\($0)'" }.joined(separator: ", ")) "
                       + "'\(name)' does not have; a link to '\(name)' could not show '\(under.name)' beneath it")
            }
            if navigation.requiresSignIn(under.name), !navigation.requiresSignIn(name) {
                report(parent.line, "route '\(name)' is under '\(under.name)', which needs sign-in while '\(name)' does not; "
                       + "a link to '\(name)' would ask for sign-in first")
            }
            // Followed from the route: a chain that comes back to it is a loop of its own making
            // (one that loops elsewhere is reported at a route on that loop).
            var seen: Set<RouteName> = [], next: RouteName? = parent.definition
            while let current = next, seen.insert(current).inserted {
                if current == name {
                    report(parent.line, "route '\(name)' is under '\(parent.definition)', which leads back to it; a route cannot be under itself")
                    break
                }
                next = parents[current]?.definition
            }
        }
    }

    private func route(_ element: XMLElement) -> RouteDefinition {
        // The schema refuses any other name at load, with its line and the names there are.
        let presentation = element["presentation"].flatMap(Presentation.init(name:)) ?? .push
        let parameters = element.children("param").map { param in
            ParameterDefinition(
                param["name"] ?? "",
                kind: ParameterDefinition.Kind(rawValue: param["type"] ?? "string") ?? .string,
                required: param["required"].map(Self.boolean) ?? true,
                pattern: param["pattern"],
                defaultValue: param["default"],
                queryName: param["query"],
                isPrivate: param["private"].map(Self.boolean) ?? false
            )
        }
        return RouteDefinition(
            RouteName(element["name"] ?? ""), path: element["path"] ?? "", title: element["title"] ?? "",
            owner: CoordinatorID(element["owner"] ?? ""), presentation: presentation, parameters: parameters,
            sharedWith: (element["shared-with"] ?? "").split(separator: " ").map { CoordinatorID(String($0)) },
            requiresSignIn: element["requires-sign-in"].map(Self.boolean) ?? false,
            deepLink: element["deep-link"].map(Self.boolean) ?? false,
            breadcrumb: element["breadcrumb"],
            aliases: element.children("alias").compactMap { $0["path"] }
        )
    }

    /// The largest `style.css` an app folder may carry, in bytes.
    static let maximumStylesheetSize = 256 * 1024

    /// The folder's preview image, when `preview-image` names one: PNG or JPEG of at most 1 MiB.
    private mutating func readPreviewImage() -> PreviewImage? {
        guard let name = root["preview-image"] else { return nil }
        let path = (folder as NSString).appendingPathComponent(name)
        let line = root.line
        guard let data = FileManager.default.contents(atPath: path) else {
            report(line, "preview-image names \(name), but \(path) cannot be read; add the image or remove preview-image")
            return nil
        }
        let bytes = Array(data)
        let mediaType: String? = if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { "image/png" } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { "image/jpeg" } else { nil }
        guard let mediaType, bytes.count <= Self.maximumPreviewImageSize else {
            report(line, "preview-image \(name) must be a PNG or JPEG of at most \(Self.maximumPreviewImageSize / 1024) KiB")
            return nil
        }
        return PreviewImage(name: name, mediaType: mediaType, bytes: bytes)
    }

    static let maximumPreviewImageSize = 1024 * 1024

    /// The folder's own `style.css`, if it has one; a problem, and nil, when it is not UTF-8 text
    /// or is larger than ``maximumStylesheetSize``.
    private mutating func readStylesheet() -> String? {
        let path = (folder as NSString).appendingPathComponent("style.css")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maximumStylesheetSize,
              let text = String(data: data, encoding: .utf8) else {
            problems.append(FolderProblem(file: path, line: 1, message: "style.css must be UTF-8 text of at most \(Self.maximumStylesheetSize / 1024) KiB"))
            return nil
        }
        return text
    }

    /// The folder's `icons.svg`, if it has one.
    private mutating func readIcons() -> IconSprite? {
        let path = (folder as NSString).appendingPathComponent("icons.svg")
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        switch IconSprite.read(Array(data), file: path) {
        case .success(let sprite): return sprite
        case .failure(let found):
            problems += found.problems
            return nil
        }
    }

    /// A tab's icon is one FlowPages draws or a symbol of the folder's own `icons.svg`: any other
    /// name would draw nothing.
    private mutating func checkTabIcons(own sprite: IconSprite?) {
        let known = vocabulary.icons.union(sprite?.symbols ?? [])
        for (name, line) in tabIcons where !known.contains(name) {
            report(line, "icon '\(name)' is neither one FlowPages draws nor a <symbol> of this folder's icons.svg"
                + Spelling.suggestion(for: name, among: known.sorted())
                + "; FlowPages draws \(vocabulary.icons.filter { $0.hasSuffix(".fill") || !vocabulary.icons.contains($0 + ".fill") }.sorted().joined(separator: ", "))")
        }
    }

    /// A link scheme is the app's own: never one a browser runs or opens itself, since its links
    /// are written into pages ("Open in the app") with a visitor's values in them.
    private mutating func checkLinkSchemes() {
        for element in root.children("link-scheme") {
            guard let name = element["name"], Self.browserSchemes.contains(name) else { continue }
            report(element.line, "link-scheme '\(name)' is a browser's own scheme, not an app's; name the app's custom scheme, such as 'myapp'")
        }
    }

    static let browserSchemes: Set<String> = [
        "javascript", "vbscript", "data", "blob", "file", "about", "http", "https", "ftp", "ws", "wss", "mailto", "tel", "sms", "intent", "filesystem",
    ]

    /// A tab link is a path of its own: literal segments, not FlowPages' own, and no route's.
    private mutating func checkTabLinks(_ definition: NavigationDefinition) {
        var seen: [String: CoordinatorID] = [:]
        for (path, tab, line) in tabLinks {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let isLiteral = path.hasPrefix("/") && !segments.isEmpty && segments.allSatisfy { segment in
                !segment.isEmpty && segment.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0)) }
            }
            if !isLiteral {
                report(line, "tab '\(tab)' has the link '\(path)', which is not a path of letters, digits, '-', '.', '_' and '~' segments such as '/tab/\(tab)'")
            } else if let first = segments.first, first.hasPrefix("_") || first.hasPrefix(".") {
                report(line, "tab '\(tab)' has the link '\(path)', but paths starting with '_' or '.' are FlowPages' own; choose another path")
            } else if let other = seen[path] {
                report(line, "tab '\(tab)' has the link '\(path)', which tab '\(other)' already has")
            } else if let route = definition.routeInstance(path: Substring(path)) {
                report(line, "tab '\(tab)' has the link '\(path)', which is also the address of route '\(route.name)'; a link names a tab or a screen, not both")
            }
            seen[path] = seen[path] ?? tab
        }
    }

    /// A tab's badge names an app-wide count of `<data>`.
    private mutating func checkBadges(_ element: XMLElement, data: DataDefinition) {
        for child in element.children {
            if child.name == "tab", let badge = child["badge"], data.counts[badge] == nil {
                report(child.line, "tab '\(child["id"] ?? "")' shows the count '\(badge)' as its badge, which is not a <count> under <data>")
            }
            checkBadges(child, data: data)
        }
    }

    /// The line of the route or coordinator a definition problem is about.
    private func line(of problem: DefinitionProblem) -> Int {
        let (route, coordinator): (RouteName?, CoordinatorID?) = switch problem {
        case .duplicateCoordinator(let id), .emptyContainer(let id), .nestedFlows(let id), .unknownInitialChild(let id, _),
             .tabWithoutItem(let id), .unknownRootRoute(let id, _), .rootRouteOwnedElsewhere(let id, _, _),
             .rootRouteNeedsParameters(let id, _), .invalidDepthLimit(let id, _), .modalRootNotModal(let id, _),
             .unknownSignInFlow(let id), .unsupportedTree(let id):
            (nil, id)
        case .tabNotAStack(_, let child), .modalNotAStack(_, let child):
            (nil, child)
        case .duplicateRoute(let name), .unknownOwner(let name, _), .ownerNotAStack(let name, _), .unknownSharedStack(let name, _),
             .modalNotConfigured(let name, _), .invalidPath(let name, _), .duplicatePath(let name, _, _),
             .undeclaredPathParameter(let name, _), .optionalPathParameter(let name, _), .duplicateParameter(let name, _),
             .invalidParameterPattern(let name, _, _), .invalidParameterDefault(let name, _, _, _), .duplicateQueryName(let name, _, _), .queryNameOfPathParameter(let name, _),
             .guardWithoutSignIn(let name), .unknownSignInRoute(let name),
             .signInRouteGuarded(let name):
            (name, nil)
        }
        if let route, let line = routeLines[route.rawValue] { return line }
        if let coordinator, let line = coordinatorLines[coordinator.rawValue] { return line }
        return root.child("sign-in")?.line ?? root.line
    }

    /// An `xsd:boolean` attribute's value ("true" or "1").
    static func boolean(_ text: String) -> Bool {
        text == "true" || text == "1"
    }
}
