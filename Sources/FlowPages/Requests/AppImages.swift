import Crypto
import FlowDefinition
import HTTPServer

/// An app folder's images as they are served: each at `/_images/<name>.<hash>.<ext>` under the
/// app's prefix, the hash being of its bytes, so a browser may keep it for a year and an edited
/// image is at a new address. The response of each is made once, when the folder loads; an
/// address of no current image (an older hash) is 404.
struct AppImages: Sendable {
    /// One image's address and response.
    struct Served: Sendable {
        /// Its address under the app's prefix, such as `/_images/logo.3f2a9c1e4b5d6a7f.png`.
        let path: String
        /// The hash of its bytes, quoted: the address says the content, so it is the validator too.
        let etag: String
        /// A 200's fields.
        let headers: HTTPHeaders
        /// A 304's fields (RFC 9110 §15.4.5: the validator and the caching they would have had).
        let notModifiedHeaders: HTTPHeaders
        let body: [UInt8]

        /// The image, or 304 when the browser's copy is this one.
        func response(to request: HTTPRequest) -> HTTPResponse {
            if request.matches(etag: etag) == true { return HTTPResponse(.notModified, headers: notModifiedHeaders) }
            return HTTPResponse(.ok, headers: headers, body: body)
        }
    }

    /// Each image by its file name in `images/`.
    let byName: [String: Served]

    /// An address names one content, never another: a year, and no revalidation.
    static let cacheControl = "public, max-age=31536000, immutable"
    /// An SVG opened by itself is a document that may hold a script: it runs none, loads nothing
    /// and is sandboxed; its own `style` attributes and elements still apply.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// No images.
    init() {
        byName = [:]
    }

    /// The images of a loaded folder, each hashed and its response made.
    init(_ images: [String: AppImage]) {
        byName = images.mapValues { image in
            let digest = SHA256.hash(data: image.bytes)
            let hash = digest.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            let dot = image.name.lastIndex(of: ".") ?? image.name.endIndex
            let path = ReservedPath.image.path(String(image.name[..<dot]) + "." + hash + String(image.name[dot...]))
            let etag = "\"" + hash + "\""
            var headers = HTTPHeaders([("Content-Type", image.kind.mediaType), ("Cache-Control", Self.cacheControl), ("ETag", etag)])
            if image.kind == .svg { headers.add("Content-Security-Policy", Self.svgPolicy) }
            return Served(path: path, etag: etag, headers: headers,
                          notModifiedHeaders: HTTPHeaders([("Cache-Control", Self.cacheControl), ("ETag", etag)]), body: image.bytes)
        }
    }

    /// The address under the app's prefix of the image `name`, or nil when `images/` has none.
    func path(of name: String) -> String? {
        byName[name]?.path
    }

    /// What an address under `/_images/` that names no current image answers: an older hash's
    /// content is gone, and a page asked for now names the current one.
    static func notFound(_ request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.text("No image is at \(request.path): an image's address changes with its content; the app's pages name the current one.\n",
                                         status: .notFound)
        response.headers.add("Cache-Control", "no-cache")
        return response
    }
}
