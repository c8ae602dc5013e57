import Dispatch
import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemConnect = Glibc.connect
#elseif canImport(Musl)
    private let systemConnect = Musl.connect
#elseif canImport(Darwin)
    private let systemConnect = Darwin.connect
#endif

/// The app's socket to the desktop inspector, opened close-on-exec, then handed to SwiftNIO.
///
/// SwiftNIO 2.101 opens its client sockets without close-on-exec, so a process that the app starts (a helper tool, a
/// shell command) would inherit the connection and keep it open after the app quits: the desktop would go on showing
/// the app as connected (measured: with NIO's own connect, a child started with `posix_spawn` listed the app's socket
/// among its descriptors; `InspectorSocketTests` checks it no longer does). This connects the socket itself, with the
/// flag set from the start (on Linux, in the same call that creates it), and gives NIO the connected socket. It runs on
/// a Dispatch thread, as blocking `getaddrinfo` and `connect` calls must not run on the app's cooperative threads, and
/// gives up after `timeout`.
enum CloseOnExecSocket {
    /// Why the socket could not be connected.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A stream socket connected to `host`:`port`, close-on-exec, blocking calls off the cooperative threads.
    static func connect(host: String, port: Int, timeout: Duration) async throws -> NIOBSDSocket.Handle {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try connectBlocking(host: host, port: port, timeout: timeout) })
            }
        }
    }

    /// Whether `descriptor` is close-on-exec.
    static func isCloseOnExec(_ descriptor: CInt) -> Bool {
        let flags = fcntl(descriptor, F_GETFD)
        return flags >= 0 && flags & FD_CLOEXEC != 0
    }

    static func connectBlocking(host: String, port: Int, timeout: Duration) throws -> CInt {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw Failure(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address for \(host)"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            do {
                return try connect(address.pointee, timeout: timeout)
            } catch let failure as Failure {
                lastError = failure.description
            }
        }
        throw Failure(description: lastError)
    }

    private static func connect(_ address: addrinfo, timeout: Duration) throws -> CInt {
        #if canImport(Darwin)
            let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #else
            let descriptor = socket(
                address.ai_family, address.ai_socktype | CInt(SOCK_CLOEXEC.rawValue), address.ai_protocol)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        // A blocking connect waits at most the send timeout.
        let seconds = timeout.components.seconds
        var limit = timeval(tv_sec: .init(seconds), tv_usec: .init(timeout.components.attoseconds / 1_000_000_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard systemConnect(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
            let reason = errno == EINPROGRESS ? "timed out" : String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect: \(reason)")
        }
        // Back to no send timeout: NIO makes the socket non-blocking.
        var none = timeval(tv_sec: 0, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }
}
