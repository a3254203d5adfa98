#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking

/// Tells whether anything under some folders changed since it was last asked: a file written,
/// created, deleted or renamed (an editor's save by rename included), in any folder below them,
/// folders made later too. On Linux with inotify: asking costs one non-blocking `read` that
/// finds nothing, and a change made before a request arrives is seen by that request. Elsewhere
/// (a Mac), or told to: each file's size and modification time, looked at again at most every
/// ``pollInterval`` (a views folder of a hundred files takes about a millisecond).
final class FolderWatcher: Sendable {
    /// Why the folders cannot be watched.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// How the folders are watched.
    enum Method: Sendable {
        /// Linux's inotify where there is one, else polling.
        case automatic
        /// File sizes and modification times, looked at again at most every ``pollInterval``.
        case polling
    }

    /// The shortest time between two looks at the files when polling.
    static let pollInterval: Duration = .milliseconds(250)

    private let folders: [String]
    /// inotify's descriptor; -1 when polling.
    private let descriptor: Int32
    /// The watch of each folder watched, by path; taken when folders come or go, which is rare.
    private let watched = Lock<[String: Int32]>([:])
    /// When polling: the files as last seen, and when. Held while looking, so one caller looks.
    private let polled: Lock<(files: [String: FileStamp], at: ContinuousClock.Instant)>

    /// A file's size and modification time, what polling compares.
    private struct FileStamp: Equatable {
        let size: Int
        let modified: Date
    }

    /// Starts watching `folders` and every folder below them.
    init(folders: [String], method: Method = .automatic) throws {
        self.folders = folders
        polled = Lock((Self.stamps(under: folders), .now))
        #if canImport(Glibc)
        guard method == .automatic else {
            descriptor = -1
            return
        }
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Unavailable(description: "cannot watch files for changes: \(String(cString: strerror(errno)))")
        }
        try watchNewFolders()
        #else
        descriptor = -1
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// Whether anything changed since the last call (or since the watch began). Safe from any
    /// thread: each change is reported to one caller.
    func changed() -> Bool {
        guard descriptor >= 0 else { return polledChange() }
        #if canImport(Glibc)
        var changed = false
        var foldersChanged = false
        var gone: Set<Int32> = []
        // On the stack: this runs before every request, and almost always reads nothing.
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                guard count > 0 else { break }
                changed = true
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    if event.mask & UInt32(IN_ISDIR) != 0 && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { foldersChanged = true }
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { foldersChanged = true }
                    // A folder deleted or moved away: made again under its name, it needs a new watch.
                    if event.mask & UInt32(IN_IGNORED) != 0 { gone.insert(event.wd) }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
        }
        if !gone.isEmpty { watched.withLock { $0 = $0.filter { !gone.contains($0.value) } } }
        if foldersChanged || !gone.isEmpty { try? watchNewFolders() }
        return changed
        #else
        return false
        #endif
    }

    /// Whether the files differ from when they were last looked at, looking no more often than
    /// every ``pollInterval``; a caller arriving meanwhile is told nothing changed.
    private func polledChange() -> Bool {
        polled.withLock { polled in
            let now = ContinuousClock.now
            guard now - polled.at >= Self.pollInterval else { return false }
            let files = Self.stamps(under: folders)
            defer { polled = (files, now) }
            return files != polled.files
        }
    }

    /// Every file under `folders` (hidden ones left out) with its size and modification time.
    private static func stamps(under folders: [String]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: folder), includingPropertiesForKeys: keys,
                                                                  options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in enumerator {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
                stamps[url.path] = FileStamp(size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
            }
        }
        return stamps
    }

    /// Adds a watch to every folder under the watched ones that has none yet.
    private func watchNewFolders() throws {
        #if canImport(Glibc)
        try watched.withLock { watched in
            for folder in folders {
                for path in [folder] + Self.subfolders(of: folder) where watched[path] == nil {
                    let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_ATTRIB)
                    let watch = inotify_add_watch(descriptor, path, mask)
                    guard watch >= 0 else {
                        // A folder deleted between listing and watching is no change to watch.
                        if errno == ENOENT { continue }
                        let reason = errno == ENOSPC
                            ? "the system's limit of watches is reached (raise fs.inotify.max_user_watches)"
                            : String(cString: strerror(errno))
                        throw Unavailable(description: "cannot watch \(path) for changes: \(reason)")
                    }
                    watched[path] = watch
                }
            }
        }
        #endif
    }

    /// Every folder below `folder`, hidden ones (`.git`) left out.
    private static func subfolders(of folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            found.append(url.path)
        }
        return found
    }
}
