import FlowDefinition

/// The tab icons FlowPages draws: the SF Symbols names apps use (`icon="house.fill"`), each a
/// `<symbol>` of `Public/icons.svg` drawn for FlowPages, so no icon font is fetched at run time.
/// A name without its own drawing takes that of its filled or outlined twin, else none (the
/// tab keeps its text label either way).
enum TabIcon {
    /// The names `Public/icons.svg` draws.
    static let drawn: Set<String> = [
        "house.fill", "list.bullet.rectangle", "creditcard.fill", "person.crop.circle.fill", "person.fill", "gearshape.fill",
        "magnifyingglass", "heart.fill", "star.fill", "bell.fill", "folder.fill", "envelope.fill", "message.fill",
        "plus.circle.fill", "chart.bar.fill", "square.grid.2x2.fill", "map.fill", "doc.text.fill", "bookmark.fill", "calendar",
    ]

    /// Every name that draws: the drawn ones and their twins, what a tab's `icon` may name
    /// besides the symbols of its folder's own `icons.svg`.
    static let names: Set<String> = drawn.union(drawn.map(twin))

    /// `name`'s filled or outlined twin.
    private static func twin(_ name: String) -> String {
        name.hasSuffix(".fill") ? String(name.dropLast(".fill".count)) : name + ".fill"
    }

    /// The drawing for `name`, as a URL of a sprite: FlowPages' own, else the app's `icons.svg`
    /// (`own`, served at `prefix/_icons.svg`); nil when there is none.
    static func url(_ name: String, own: IconSprite?, prefix: String) -> String? {
        if let drawn = [name, twin(name)].first(where: drawn.contains) { return "/icons.svg#" + drawn }
        return own?.symbols.contains(name) == true ? prefix + ownPath + "#" + name : nil
    }

    /// Where an app's own `icons.svg` is served, below its prefix.
    static let ownPath = ReservedPath.icons.path
}
