import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few socket calls the server makes, with the differences between Linux and Apple's systems in one place.
enum Socket {
    /// A non-blocking IPv4 socket listening on `host`:`port`, and the port it got.
    static func listen(host: String, port: UInt16) throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw InspectorServerError(description: "No socket: \(lastError()).") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw InspectorServerError(description: "\(host) is not an IPv4 address.")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Foundation.listen(fd, 128) == 0 else {
            let error = lastError()
            close(fd)
            throw InspectorServerError(description: "Cannot listen on \(host):\(port): \(error).")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        setNonBlocking(fd)
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
    }

    /// A peer that went away makes `send` fail, not kill the process.
    static func disableSigPipe(_ fd: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(fd, bytes, count, 0)
        #endif
    }

    static func wouldBlock() -> Bool {
        errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
