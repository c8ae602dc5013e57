#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP endpoint on 127.0.0.1 that answers each request with `body()`, in the Prometheus text format,
/// until `requests` requests were answered: what a Prometheus server scrapes. A real app serves this from its own
/// HTTP server.
func serveMetrics(port: UInt16, requests: Int, body: () -> String) throws {
    #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw EndpointError(step: "socket") }
    defer { close(listener) }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0, listen(listener, 4) == 0 else { throw EndpointError(step: "bind") }
    print("metrics: http://127.0.0.1:\(port)/metrics")
    for _ in 0..<requests {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { throw EndpointError(step: "accept") }
        var request = [UInt8](repeating: 0, count: 4096)
        _ = read(connection, &request, request.count)
        let text = body()
        let response =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: \(text.utf8.count)\r\n"
            + "Connection: close\r\n\r\n" + text
        var bytes = Array(response.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(connection, $0.baseAddress! + sent, $0.count - sent) }
            if written <= 0 { break }
            sent += written
        }
        close(connection)
    }
}

struct EndpointError: Error {
    let step: String
}
