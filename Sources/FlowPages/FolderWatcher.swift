#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Tells whether anything under some folders changed since it was last asked: a file written,
/// created, deleted or renamed (an editor's save by rename included), in any folder below them,
/// folders made later too. On Linux with inotify: asking costs one non-blocking `read` that
/// finds nothing, and a change made before a request arrives is seen by that request.
final class FolderWatcher: Sendable {
    /// Why the folders cannot be watched.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private let folders: [String]
    private let descriptor: Int32
    /// The watch of each folder watched, by path; taken when folders come or go, which is rare.
    private let watched = Mutex<[String: Int32]>([:])

    /// Starts watching `folders` and every folder below them.
    init(folders: [String]) throws {
        #if canImport(Glibc)
        self.folders = folders
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Unavailable(description: "cannot watch files for changes: \(String(cString: strerror(errno)))")
        }
        try watchNewFolders()
        #else
        throw Unavailable(description: "watching files for changes needs Linux's inotify; restart the server after a change")
        #endif
    }

    deinit {
        #if canImport(Glibc)
        close(descriptor)
        #endif
    }

    /// Whether anything changed since the last call (or since the watch began). Safe from any
    /// thread: each change is reported to one caller.
    func changed() -> Bool {
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
