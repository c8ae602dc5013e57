import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking loopback sockets for the attacking clients, on threads of their own.
enum Client {
    /// A connected socket, or `nil` when none could be made (file descriptors exhausted, for one).
    static func connect(port: UInt16, receiveBuffer: Int32? = nil) -> Int32? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends all of `text`; `false` when the peer closed.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
                let count = bytes.withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                }
            #else
                let count = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + sent, bytes.count - sent, 0) }
            #endif
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads until the peer closes or a whole response with its `Content-Length` arrived; returns the status.
    static func readStatus(_ fd: Int32) -> Int? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                    let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
                    text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length
                {
                    break
                }
            }
        }
        let line = String(decoding: received.prefix(32), as: UTF8.self)
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// One whole request on a new connection; its status, or `nil`.
    static func request(port: UInt16, _ text: String) -> Int? {
        guard let fd = connect(port: port) else { return nil }
        defer { close(fd) }
        send(fd, Array(text.utf8))
        return readStatus(fd)
    }
}

/// A thread that repeats `body` until stopped.
final class Repeater: @unchecked Sendable {
    private let stopped = NSLock()
    private var isStopped = false
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            while !shouldStop { body() }
            done.signal()
        }
    }

    private var shouldStop: Bool {
        stopped.lock()
        defer { stopped.unlock() }
        return isStopped
    }

    func stop() {
        stopped.lock()
        isStopped = true
        stopped.unlock()
        done.wait()
    }
}
