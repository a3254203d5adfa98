#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Locking

/// Serves the files of one folder (GET and HEAD), with validators and cache headers, and no way
/// out of the folder: `..` or `.` segments (also percent-encoded), NUL or backslash, and paths
/// that resolve outside it through a symlink are all 404.
public final class StaticFiles: Sendable {
    /// The folder, fully resolved.
    public let root: String
    /// Files larger than this are refused (404) rather than read into memory.
    public static let maximumFileSize = 16 * 1024 * 1024
    /// Files up to this size are kept in memory, revalidated by `stat` when ``revalidation`` has
    /// passed since they were last looked at.
    public static let maximumCachedFileSize = 512 * 1024
    static let maximumCachedFiles = 512
    /// How long a kept file is served without asking the file system whether it changed: a file
    /// edited, replaced or deleted shows within this time (as nginx's `open_file_cache_valid`).
    public let revalidation: Duration
    /// Where the time since a file was looked at is read.
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A file read, with its validators and headers worked out once.
    struct File: Sendable {
        let path: String
        let size: Int
        /// Nanoseconds since 1970.
        let modified: Int
        let etag: String
        let lastModified: String
        let cacheControl: String
        /// A 200's fields.
        let headers: HTTPHeaders
        let body: [UInt8]

        init(path: String, size: Int, modified: Int, body: [UInt8]) {
            self.path = path
            self.size = size
            self.modified = modified
            etag = "\"\(String(size, radix: 16))-\(String(modified, radix: 16))\""
            lastModified = HTTPDate.format(modified / 1_000_000_000)
            cacheControl = StaticFiles.isFingerprinted(path) ? "public, max-age=31536000, immutable" : "no-cache"
            headers = HTTPHeaders([
                ("ETag", etag), ("Last-Modified", lastModified), ("Cache-Control", cacheControl),
                ("Content-Type", MediaType.forFileName(path)), ("X-Content-Type-Options", "nosniff"),
            ])
            self.body = body
        }
    }

    /// A kept file and when the file system last said it was unchanged.
    private struct Kept: Sendable {
        let file: File
        let checked: ContinuousClock.Instant
    }

    /// Cached files by request path; the lock is what makes sharing the cache across connections safe.
    private let cache = Lock<[String: Kept]>([:])

    /// Serves `root`, looking again at a kept file once `revalidation` has passed (a second by
    /// default; `.zero` looks on every request) by `now`'s clock.
    /// - Throws: when the folder does not exist or is not a folder.
    public init(root: String, revalidation: Duration = .seconds(1),
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) throws(HTTPError) {
        guard let resolved = Self.resolve(root), Self.isDirectory(resolved) else {
            throw HTTPError(.internalServerError, "The public folder \(root) does not exist.")
        }
        self.root = resolved
        self.revalidation = revalidation
        self.now = now
    }

    /// The file for `request`, a 304 when the client's copy is current, or a 404.
    public func respond(to request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard let file = cached(request.path) ?? located(request.path) else {
            throw HTTPError(.notFound, "Nothing is at \(request.path).")
        }
        if Self.isCurrent(request, etag: file.etag, modified: file.modified / 1_000_000_000) {
            return HTTPResponse(.notModified, headers: HTTPHeaders([("ETag", file.etag), ("Last-Modified", file.lastModified), ("Cache-Control", file.cacheControl)]))
        }
        return HTTPResponse(.ok, headers: file.headers, body: file.body)
    }

    /// A file served before under this request path, looked at recently or said unchanged by a
    /// `stat` now: the path was checked and resolved inside the root when it was cached.
    private func cached(_ requestPath: String) -> File? {
        let now = now()
        guard let kept = cache.withLock({ $0[requestPath] }) else { return nil }
        if now - kept.checked < revalidation { return kept.file }
        guard let info = Self.regularFile(kept.file.path), info.size == kept.file.size, info.modified == kept.file.modified else { return nil }
        cache.withLock { $0[requestPath] = Kept(file: kept.file, checked: now) }
        return kept.file
    }

    /// The file a request path names, read (and cached) afresh.
    private func located(_ requestPath: String) -> File? {
        guard let (path, info) = locate(requestPath) else { return nil }
        return file(at: path, info: info, for: requestPath)
    }

    /// The resolved file a request path names, with its size and modification time in
    /// nanoseconds; a folder means its `index.html`.
    private func locate(_ requestPath: String) -> (String, (size: Int, modified: Int))? {
        guard !requestPath.contains("\0"), !requestPath.contains("\\") else { return nil }
        let segments = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let candidate = root + "/" + segments.joined(separator: "/")
        guard var path = Self.resolve(candidate), path == root || path.hasPrefix(root + "/") else { return nil }
        if Self.isDirectory(path) {
            guard let index = Self.resolve(path + "/index.html"), index.hasPrefix(root + "/") else { return nil }
            path = index
        }
        guard let info = Self.regularFile(path), info.size <= Self.maximumFileSize else { return nil }
        return (path, info)
    }

    /// The file at `path`, read and kept when it is small enough.
    private func file(at path: String, info: (size: Int, modified: Int), for requestPath: String) -> File? {
        guard let body = Self.contents(of: path, size: info.size) else { return nil }
        let file = File(path: path, size: info.size, modified: info.modified, body: body)
        if body.count <= Self.maximumCachedFileSize {
            cache.withLock { files in
                if files.count >= Self.maximumCachedFiles { files.removeAll() }
                files[requestPath] = Kept(file: file, checked: now())
            }
        }
        return file
    }

    /// RFC 9110 §13.1.2 and §13.1.3: If-None-Match wins over If-Modified-Since.
    private static func isCurrent(_ request: HTTPRequest, etag: String, modified: Int) -> Bool {
        if let matched = request.matches(etag: etag) { return matched }
        if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    /// Whether a file name carries a content hash, as `app.3f2a9c1e.css` or `app-3f2a9c1e.css` do,
    /// so it can be cached for a year.
    static func isFingerprinted(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        let stem = name.split(separator: ".").dropLast()
        let parts = stem.flatMap { $0.split(separator: "-") }
        guard parts.count >= 2, let last = parts.last else { return false }
        return last.count >= 8 && last.allSatisfy(\.isHexDigit)
    }

    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func regularFile(_ path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return (Int(info.st_size), Int(modified.tv_sec) * 1_000_000_000 + Int(modified.tv_nsec))
    }

    private static func contents(of path: String, size: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, size - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            total += count
        }
        return bytes
    }
}
