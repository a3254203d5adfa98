import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A TCP socket connected to 127.0.0.1:`port`, or nil (with `errno` set) when nothing accepts;
/// from `source`, another loopback address (127.0.0.0/8), as a client at another address would.
/// The caller closes it.
package func connectToLoopback(port: Int, from source: String? = nil) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard source.map({ ipv4(fd, $0, port: 0, bind) }) ?? true, ipv4(fd, "127.0.0.1", port: port, connect) else {
        let code = errno
        close(fd)
        errno = code
        return nil
    }
    return fd
}

/// Calls `call` (`bind` or `connect`) on `fd` with the IPv4 address `host`:`port`; whether it succeeded.
private func ipv4(_ fd: Int32, _ host: String, port: Int, _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
}
