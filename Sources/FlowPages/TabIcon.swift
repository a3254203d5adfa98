import HTMLTemplate

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

    /// The drawing for `name`, as a URL of the sprite; nil when there is none.
    static func url(_ name: String) -> TemplateValue? {
        let twin = name.hasSuffix(".fill") ? String(name.dropLast(".fill".count)) : name + ".fill"
        return [name, twin].first(where: drawn.contains).map { .string("/icons.svg#" + $0) }
    }
}
