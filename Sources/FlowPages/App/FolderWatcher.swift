#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking

/// Tells whether anything under some folders changed since it was last asked: a file written,
/// created, deleted or renamed (an editor's save by rename included), in any folder below them,
/// folders made later too, and folders linked in (`ln -s ~/my-app Views/my-app`) with theirs. On Linux with inotify: asking costs one non-blocking `read` that
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
                    // A link is no folder to inotify (no IN_ISDIR), though it may lead to one.
                    if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { foldersChanged = true }
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
        for folder in folders {
            for file in contents(of: folder).files {
                // Through links: the file's own size and time, not the link's.
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: file).resolvingSymlinksInPath().path),
                      attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                stamps[file] = FileStamp(size: (attributes[.size] as? NSNumber)?.intValue ?? 0, modified: attributes[.modificationDate] as? Date ?? .distantPast)
            }
        }
        return stamps
    }

    /// Adds a watch to every folder under the watched ones that has none yet.
    private func watchNewFolders() throws {
        #if canImport(Glibc)
        try watched.withLock { watched in
            for folder in folders {
                for path in [folder] + Self.contents(of: folder).folders where watched[path] == nil {
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

    /// Every folder and file below `folder`, hidden ones (`.git`) left out, through linked
    /// folders as through real ones (a folder reached twice through links is listed once), each
    /// by its path through the links: inotify follows a link it is given to the folder it names.
    private static func contents(of folder: String) -> (folders: [String], files: [String]) {
        var folders: [String] = []
        var files: [String] = []
        var seen: Set<String> = [URL(fileURLWithPath: folder).resolvingSymlinksInPath().path]
        var pending = [folder]
        while let current = pending.popLast() {
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []).sorted() where !entry.hasPrefix(".") {
                let path = (current as NSString).appendingPathComponent(entry)
                var isFolder: ObjCBool = false
                // fileExists follows links: a linked folder is a folder.
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                guard isFolder.boolValue else {
                    files.append(path)
                    continue
                }
                guard seen.insert(URL(fileURLWithPath: path).resolvingSymlinksInPath().path).inserted else { continue }
                folders.append(path)
                pending.append(path)
            }
        }
        return (folders, files)
    }
}
