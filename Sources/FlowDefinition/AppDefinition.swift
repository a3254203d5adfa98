import Navigation

/// An app folder, loaded: what `app.xml` declares, with its navigation built and checked.
public struct AppDefinition: Sendable {
    public let id: String
    public let title: String
    public let locale: String
    public let themeColor: String?
    /// Custom URL schemes its deep links use, such as `sumafinance`.
    public let schemes: [String]
    /// Hosts its universal links use, such as `suma.finance`.
    public let hosts: [String]
    /// Its schemes and hosts with the lines claiming them.
    public let linkClaims: [LinkClaim]
    /// The iOS apps (`TEAMID.bundle.id`) that open its universal links.
    public let appleAppIDs: [String]
    /// The Android apps that open its app links.
    public let androidApps: [AndroidApp]
    /// The App Store id of its iOS app (`<apple-app store-id>`), for the Smart App Banner and store links.
    public let appStoreID: String?
    /// What a link preview says of it (`<app description>`).
    public let description: String?
    /// The image a link preview shows (`<app preview-image>`), read from its folder.
    public let previewImage: PreviewImage?
    /// What a link preview says of a screen (`<route description>`), by route.
    public let descriptions: [RouteName: String]
    /// The coordinator tree and route table.
    public let navigation: NavigationDefinition
    /// Each route's screen template, as a name under the views folder (`suma-finance/login`).
    public let templates: [RouteName: String]
    /// Each route's place in a multi-step flow, such as "2 of 3".
    public let steps: [RouteName: String]
    /// The forms its screens post, by id.
    public let forms: [String: FormDefinition]
    /// What its buttons and form submits do, by id.
    public let actions: [String: ActionDefinition]
    public let alerts: [String: AlertDefinition]
    /// Toast messages by id; `{name}` in a message is filled from values.
    public let toasts: [String: String]
    public let fixtures: FixtureSet
    /// Its collections, app-wide counts and fixture records.
    public let data: DataDefinition
    /// What each route's screen reads and writes of the data, for routes that do.
    public let routeData: [RouteName: RouteData]
    /// Whether it is a tablet app (`device="tablet"`): its pages use a tablet's width.
    public let isTablet: Bool
    /// Whether a Back control reads as the title of the screen it returns to ("Projects", as
    /// iOS shows it) rather than "Back"; its accessible name is "Back to …" either way.
    public let backShowsTitle: Bool
    /// What the control closing a modal reads at each modal root that names one ("Cancel");
    /// "Close" elsewhere.
    public let closeLabels: [RouteName: String]
    /// The routes whose form asks before the person leaves with unsaved changes.
    public let leaveGuards: [RouteName: LeaveGuard]
    /// The screen a link to each route shows beneath it (`under`): a deep link or typed URL of a
    /// listing's gallery opens the listing first, so Back leads where the app's would.
    public let linkParents: [RouteName: RouteName]
    /// The tabs its tab links select, by the link's path (`/tab/projects`, which
    /// `coinapp://tab/projects` reads as).
    public let tabLinks: [String: CoordinatorID]
    /// How tall each sheet that names a detent stands, by its root route.
    public let detents: [RouteName: SheetDetent]
    /// The folder's own `style.css`: its look over FlowPages' own.
    public let stylesheet: String?
    /// The folder's own `icons.svg`, whose symbols its tabs may name.
    public let icons: IconSprite?
    /// The images of its `images/` folder, by file name, which templates show with `{{ image "name" }}`.
    public let images: [String: AppImage]
    /// The usability tests its `app.xml` declares (`<usability-tests>`), in order.
    public let usabilityTests: [UsabilityTest]
    /// The folder it was loaded from.
    public let folder: String
}

/// An Android app that opens an app's links: its package and signing certificate's SHA-256.
public struct AndroidApp: Hashable, Sendable {
    public let package: String
    /// Colon-separated upper-case hex, as `keytool` prints it.
    public let fingerprint: String
}

/// An image of an app folder that link previews show: PNG or JPEG, at most 1 MiB.
public struct PreviewImage: Hashable, Sendable {
    /// The file's name in the folder, such as `preview.png`.
    public let name: String
    /// `image/png` or `image/jpeg`, from the file's first bytes.
    public let mediaType: String
    public let bytes: [UInt8]
}
