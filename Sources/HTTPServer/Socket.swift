#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The few socket calls the server makes, with errors that name the call and the reason. Where
/// Linux and Darwin differ (flags at creation, how a write to a closed peer is kept from raising
/// SIGPIPE), the difference is here.
enum Socket {
    /// A failed socket call.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32

        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A non-blocking listening socket on `host:port`, and the port it got.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(Failure) -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = stream
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let address = list else { throw Failure(call: "getaddrinfo(\(host))", code: EINVAL) }
        defer { freeaddrinfo(list) }

        #if canImport(Glibc)
        let fd = socket(address.pointee.ai_family, stream | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        #else
        let fd = socket(address.pointee.ai_family, stream, 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        setNonBlockingAndCloseOnExec(fd)
        #endif
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "bind(\(host):\(port))", code: code)
        }
        #if canImport(Glibc)
        let listening = Glibc.listen(fd, backlog)
        #else
        let listening = Darwin.listen(fd, backlog)
        #endif
        guard listening == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "listen", code: code)
        }
        return (fd, boundPort(fd))
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// A client accepted: its socket and its address.
    struct Accepted {
        let fd: Int32
        /// The peer's address, 16 bytes (IPv4 mapped into IPv6).
        let peer: [UInt8]
        /// The client's IPv4 address, or the /64 network of its IPv6 address (one host's share).
        let address: String
    }

    /// Accepts one waiting client as a non-blocking socket with Nagle's algorithm off, so a
    /// response written at once leaves at once.
    static func accept(_ listener: Int32) -> Result<Accepted, Failure>? {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) { address in
                address.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                    #if canImport(Glibc)
                    return Glibc.accept(listener, pointer, &length)
                    #else
                    return Darwin.accept(listener, pointer, &length)
                    #endif
                }
            }
            if fd >= 0 {
                // accept4 is not in the Glibc module, nor on Darwin: the flags are set afterwards.
                setNonBlockingAndCloseOnExec(fd)
                var yes: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                #if canImport(Darwin)
                // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                let peer = peer(storage)
                return .success(Accepted(fd: fd, peer: peer, address: ClientAddress.text(peer)))
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: return .failure(Failure(call: "accept", code: errno))
            }
        }
    }

    private static func setNonBlockingAndCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// A peer's address as 16 bytes (IPv4 mapped into IPv6); empty for other families.
    static func peer(_ storage: sockaddr_storage) -> [UInt8] {
        var storage = storage
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer -> [UInt8] in
            if family == sa_family_t(AF_INET) {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    Array(repeating: 0, count: 10) + [0xFF, 0xFF] + withUnsafeBytes(of: address.pointee.sin_addr) { Array($0) }
                }
            }
            guard family == sa_family_t(AF_INET6) else { return [] }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
            }
        }
    }

    /// Sends what it can without blocking; the count sent, 0 when the socket is full, or nil on error.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int? {
        while true {
            #if canImport(Glibc)
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #else
            let count = Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
            #endif
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: return nil
            }
        }
    }

    /// Whether bytes (or the end of the stream) are waiting to be read, without reading them.
    static func hasInput(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) >= 0
    }

    /// Reads what is there without blocking: the count, 0 at end of stream, -1 when nothing is
    /// waiting, nil on error.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return -1
            default: return nil
            }
        }
    }

    /// Stops sending: the peer reads the end of the stream once it has read what was sent.
    static func shutdownWriting(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes a descriptor; for callers whose own `close` hides the C library's.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    #if canImport(Glibc)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    private static let stream = SOCK_STREAM
    #endif
}
