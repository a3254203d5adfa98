/// An app folder's own icons: its `icons.svg`, a sprite of `<symbol id="…" viewBox="…">`s, each
/// a name its tabs may use beside the symbols FlowPages draws. Served as it is; a tab's icon
/// refers to its symbol by id.
public struct IconSprite: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The ids of its symbols.
    public let symbols: Set<String>

    /// The largest sprite a folder may bring.
    public static let maximumSize = 256 * 1024

    /// The sprite in `bytes`, read from `file` with libxml2 (no network, no entities).
    /// - Returns: The sprite, or what is wrong with it at its line.
    static func read(_ bytes: [UInt8], file: String) -> Result<IconSprite, FolderProblems> {
        guard bytes.count <= maximumSize else {
            return .failure(FolderProblems([FolderProblem(file: file, line: 1, message: "icons.svg is larger than \(maximumSize / 1024) KiB")]))
        }
        return XMLReader.read(bytes, file: file).flatMap { root in
            var symbols: Set<String> = []
            var pending = [root]
            while let element = pending.popLast() {
                if element.name == "symbol", let id = element["id"] { symbols.insert(id) }
                pending += element.children
            }
            guard root.name == "svg", !symbols.isEmpty else {
                return .failure(FolderProblems([FolderProblem(file: file, line: root.line,
                    message: "icons.svg is an <svg> of <symbol id=\"name\" viewBox=\"0 0 24 24\">s, one per icon; this one has none")]))
            }
            return .success(IconSprite(bytes: bytes, symbols: symbols))
        }
    }
}
