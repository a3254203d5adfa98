import FlowDefinition
import Foundation
import Testing

/// An app folder's `images/`: the kinds it may hold, known by their bytes, and the size they may
/// be, each mistake reported at its file as any other of the folder's problems.
@Suite struct AppImageTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 64)
    static let gif = Array("GIF89a".utf8) + Array(repeating: 7, count: 64)
    static let webp = Array("RIFF".utf8) + [64, 0, 0, 0] + Array("WEBPVP8 ".utf8) + Array(repeating: 7, count: 64)
    static let avif: [UInt8] = [0, 0, 0, 28] + Array("ftypavif".utf8) + Array(repeating: 0, count: 64)
    static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>"#.utf8)

    /// The loader test's valid folder, with `images/` holding `files`.
    func load(_ files: [String: [UInt8]]) throws -> (folder: String, result: Result<AppDefinition, FolderProblems>) {
        let folder = try AppFolderLoaderTests().makeFolder(xml: AppFolderLoaderTests.valid, templates: ["home", "items/detail", "orders", "checkout", "login"])
        let images = URL(fileURLWithPath: folder).appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for (name, bytes) in files {
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(at: images.appendingPathComponent(name), withIntermediateDirectories: true)
            } else {
                try Data(bytes).write(to: images.appendingPathComponent(name))
            }
        }
        return (folder, AppFolderLoader.load(folder: folder, vocabulary: .test))
    }

    @Test func everyKnownKindLoadsWithItsMediaTypeAndHiddenFilesAreLeftOut() throws {
        let (_, result) = try load([
            "logo.png": Self.png, "photo.JPG": Self.jpeg, "photo2.jpeg": Self.jpeg, "spinner.gif": Self.gif, "hero.webp": Self.webp,
            "hero.avif": Self.avif, "mark.svg": Self.svg, ".DS_Store": [0, 1, 2], ".logo.png.swp": [0],
        ])
        let app = try result.get()
        #expect(app.images.mapValues(\.kind.mediaType) == [
            "logo.png": "image/png", "photo.JPG": "image/jpeg", "photo2.jpeg": "image/jpeg", "spinner.gif": "image/gif",
            "hero.webp": "image/webp", "hero.avif": "image/avif", "mark.svg": "image/svg+xml",
        ])
        #expect(app.images["logo.png"]?.bytes == Self.png)
    }

    @Test func aFolderWithoutImagesHasNone() throws {
        let folder = try AppFolderLoaderTests().makeFolder(xml: AppFolderLoaderTests.valid, templates: ["home", "items/detail", "orders", "checkout", "login"])
        #expect(try AppFolderLoader.load(folder: folder, vocabulary: .test).get().images.isEmpty)
    }

    @Test(arguments: [
        ("notes.txt", Array("hello".utf8), "notes.txt:1: is not an image FlowPages serves: an app's images are PNG, JPEG, GIF, WebP, AVIF or SVG"),
        ("logo.png", AppImageTests.jpeg, "logo.png:1: is named as a PNG but holds a JPEG; name it .jpg"),
        ("logo.gif", Array("not a gif".utf8), "logo.gif:1: is named as a GIF but is not one; an app's images are PNG, JPEG"),
        ("big.png", AppImageTests.png + Array(repeating: 0, count: 2 * 1024 * 1024),
         "big.png:1: is 2097224 bytes; an image may be at most 2 MiB (2097152 bytes): make it smaller or save it compressed"),
        ("mark.svg", Array("<svg>\n<path></svg>".utf8), "mark.svg:2: "),
        ("mark.svg", Array("<html>\n<body/></html>".utf8), "mark.svg:1: is named .svg but its root element is <html>, not <svg>"),
        ("my logo.png", AppImageTests.png, "my logo.png:1: has a name a URL cannot carry as it is"),
        ("icons/", [], "icons:1: is a folder; images/ holds image files only"),
    ])
    func aFileThatIsNotAnImageOfAKnownKindWithinTheSizeIsAProblemAtItsFile(name: String, bytes: [UInt8], problem: String) throws {
        let (folder, result) = try load([name: bytes, "fine.png": Self.png])
        guard case .failure(let found) = result else {
            Issue.record("\(name) loaded")
            return
        }
        let images = (folder as NSString).appendingPathComponent("images") + "/"
        let lines = found.problems.map { $0.description.replacingOccurrences(of: images, with: "") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix(problem) }, "only the file at fault, and what is wrong: \(lines)")
    }
}
