import Foundation

/// An image of an app folder's `images/` folder, which templates show by name
/// (`{{ image "logo.png" }}`). Only the kinds browsers show in `<img>` are taken, each known by
/// its first bytes as well as its name, and none larger than ``maximumSize``.
public struct AppImage: Hashable, Sendable {
    /// The kinds of image a folder may hold: a closed set, each with its file name endings.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case png, jpeg, gif, webp, avif, svg

        /// What the response's `Content-Type` says.
        public var mediaType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .gif: "image/gif"
            case .webp: "image/webp"
            case .avif: "image/avif"
            case .svg: "image/svg+xml"
            }
        }

        /// The endings a file of this kind is named with, lower-cased.
        var extensions: [String] {
            switch self {
            case .jpeg: ["jpg", "jpeg"]
            default: [rawValue]
            }
        }

        /// The kind a file name's ending names, in any letter case.
        init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            let ending = fileName[fileName.index(after: dot)...].lowercased()
            guard let kind = Kind.allCases.first(where: { $0.extensions.contains(ending) }) else { return nil }
            self = kind
        }

        /// Whether `bytes` begin as a file of this kind does; an SVG is read as XML instead.
        func begins(_ bytes: [UInt8]) -> Bool {
            switch self {
            case .png: bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            case .jpeg: bytes.starts(with: [0xFF, 0xD8, 0xFF])
            case .gif: bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
            case .webp: bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
            // ISO BMFF: a box's size, then `ftyp` and the major brand (`avif`, or `avis` for a sequence).
            case .avif: bytes.count >= 12 && Array(bytes[4..<8]) == Array("ftyp".utf8) && ["avif", "avis"].contains(String(decoding: bytes[8..<12], as: UTF8.self))
            case .svg: true
            }
        }
    }

    /// The file's name in `images/`, as templates name it (`logo.png`).
    public let name: String
    public let kind: Kind
    public let bytes: [UInt8]

    /// The largest image a folder may hold: every image is kept in memory to be served.
    public static let maximumSize = 2 * 1024 * 1024

    /// Reads the images of `folder`'s `images/` folder, if it has one. Files whose names start
    /// with `.` are left out (`.DS_Store`, an editor's swap file); anything else that is not an
    /// image of a known kind, of a name a URL carries as it is, within the size, is a problem at
    /// its file.
    static func readFolder(_ folder: String) -> (images: [String: AppImage], problems: [FolderProblem]) {
        let images = (folder as NSString).appendingPathComponent("images")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: images, isDirectory: &isFolder) else { return ([:], []) }
        guard isFolder.boolValue, let names = try? FileManager.default.contentsOfDirectory(atPath: images) else {
            return ([:], [FolderProblem(file: images, line: 1, message: "is not a readable folder; images/ holds the app's image files")])
        }
        var found: [String: AppImage] = [:]
        var problems: [FolderProblem] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            switch read(name, in: images) {
            case .success(let image): found[name] = image
            case .failure(let problem): problems.append(contentsOf: problem.problems)
            }
        }
        return (found, problems)
    }

    /// The image `name` of the folder `images`, or what is wrong with it.
    private static func read(_ name: String, in images: String) -> Result<AppImage, FolderProblems> {
        let path = (images as NSString).appendingPathComponent(name)
        func problem(_ message: String) -> Result<AppImage, FolderProblems> {
            .failure(FolderProblems([FolderProblem(file: path, line: 1, message: message)]))
        }
        let known = "PNG, JPEG, GIF, WebP, AVIF or SVG (.png, .jpg, .jpeg, .gif, .webp, .avif, .svg)"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return problem("is a folder; images/ holds image files only, not folders")
        }
        guard let kind = Kind(fileName: name) else {
            return problem("is not an image FlowPages serves: an app's images are \(known)")
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }) else {
            return problem("has a name a URL cannot carry as it is; name it with letters, digits, '-', '_' and '.' only")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumSize else { return problem(tooLarge(size)) }
        guard let data = FileManager.default.contents(atPath: path) else { return problem("cannot be read") }
        let bytes = Array(data)
        // Read again: the file may have grown between the look and the read.
        guard bytes.count <= maximumSize else { return problem(tooLarge(bytes.count)) }
        if kind == .svg {
            switch XMLReader.read(bytes, file: path) {
            case .failure(let problems): return .failure(problems)
            case .success(let root) where root.name != "svg":
                return .failure(FolderProblems([FolderProblem(file: path, line: root.line, message: "is named .svg but its root element is <\(root.name)>, not <svg>")]))
            case .success: break
            }
        } else if !kind.begins(bytes) {
            let actual = Kind.allCases.first { $0 != .svg && $0.begins(bytes) }
            return problem("is named as a \(kind.rawValue.uppercased()) but "
                + (actual.map { "holds a \($0.rawValue.uppercased()); name it .\($0.extensions[0])" } ?? "is not one; an app's images are \(known)"))
        }
        return .success(AppImage(name: name, kind: kind, bytes: bytes))
    }

    private static func tooLarge(_ size: Int) -> String {
        "is \(size) bytes; an image may be at most \(maximumSize / 1024 / 1024) MiB (\(maximumSize) bytes): make it smaller or save it compressed"
    }
}
