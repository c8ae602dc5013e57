import Foundation
import Switchyard

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inspector's HTTP/1.1 and WebSocket server: one thread of its own that polls non-blocking sockets, reads
/// requests within ``InspectorServer/Limits``, and hands each whole request to the inspector's executor. Nothing a
/// client sends runs on the app's threads, and no client can make the server hold more than the limits allow.
///
/// Everything about the connections belongs to the loop's thread; other threads talk to it through `post`.
final class HTTPServerLoop: Sendable {
    enum Message: Sendable {
        /// The handler's answer to the request being handled on `connection`.
        case respond(connection: UInt64, response: HTTPResponse)
        /// A WebSocket frame for `connection`.
        case send(connection: UInt64, frame: [UInt8])
        case stop
    }

    private struct Mailbox {
        var messages: [Message] = []
        var isStopped = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
        var hasEnded = false
    }

    let limits: InspectorServer.Limits
    let port: UInt16
    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let mailbox = LockedValue(Mailbox())
    private let counters = LockedValue(InspectorServer.Statistics())
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    /// The largest body the request with this head may send, decided before the body is read.
    private let bodyLimit: @Sendable (HTTPRequestParser.Head) -> Int

    /// Listens on `host`:`port` (0 for a free port) and starts the loop's thread.
    init(
        host: String,
        port: UInt16,
        limits: InspectorServer.Limits,
        bodyLimit: @escaping @Sendable (HTTPRequestParser.Head) -> Int,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws {
        self.limits = limits
        self.bodyLimit = bodyLimit
        self.handler = handler
        let (listener, boundPort) = try Socket.listen(host: host, port: port)
        self.listener = listener
        self.port = boundPort
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(listener)
            throw InspectorServerError(description: "No pipe for the server's loop: \(Socket.lastError()).")
        }
        wakeReader = ends[0]
        wakeWriter = ends[1]
        Socket.setNonBlocking(wakeReader)
        Socket.setNonBlocking(wakeWriter)
        let thread = Thread { [self] in run() }
        thread.name = "Switchyard inspector server"
        thread.start()
    }

    var statistics: InspectorServer.Statistics { counters.withLock { $0 } }

    /// Hands `message` to the loop; `false` when the server has stopped.
    @discardableResult
    func post(_ message: Message) -> Bool {
        mailbox.withLock { mailbox in
            guard !mailbox.isStopped else { return false }
            mailbox.messages.append(message)
            // Under the lock: the loop closes the pipe only after it marked the mailbox stopped.
            wakeUp()
            return true
        }
    }

    /// Stops the loop: every connection is closed and the port is released. Returns once it is done.
    func stop() async {
        await withCheckedContinuation { continuation in
            let ended = mailbox.withLock { mailbox in
                if mailbox.hasEnded { return true }
                mailbox.stopWaiters.append(continuation)
                if !mailbox.isStopped {
                    mailbox.messages.append(.stop)
                    mailbox.isStopped = true
                    wakeUp()
                }
                return false
            }
            if ended { continuation.resume() }
        }
    }

    private func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    // MARK: - The loop (its own thread)

    private final class Connection {
        enum Phase {
            /// Reading a request's head (or idle between two requests).
            case head
            /// Reading a body of the head's length.
            case body(HTTPRequestParser.Head)
            /// The inspector handles the request; nothing more is read meanwhile.
            case handling
            case webSocket
            /// Sending the last answer; then the connection closes.
            case closing
            /// The answer is sent and the writing side shut: what the client still sends is read and dropped
            /// until it closes or `deadline`, so that the answer is not lost to a reset.
            case lingering
        }

        let id: UInt64
        let fd: Int32
        var phase = Phase.head
        var parser: HTTPRequestParser
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// When the connection is closed unless it makes progress; `nil` while handled or a WebSocket.
        var deadline: UInt64?
        /// When the phase began, to choose the connection to close when room is needed.
        var since: UInt64
        var closeAfterResponse = false
        var onClose: (@Sendable () -> Void)?
        var discarded = 0

        init(id: UInt64, fd: Int32, limits: InspectorServer.Limits, now: UInt64) {
            self.id = id
            self.fd = fd
            parser = HTTPRequestParser(limits: limits)
            since = now
        }

        var pendingOutput: Int { output.count - written }
        var hasReceivedNothing: Bool { input.isEmpty }
    }

    private var requestTimeoutNanoseconds: UInt64 {
        let (seconds, attoseconds) = limits.requestTimeout.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    private func run() {
        var connections: [UInt64: Connection] = [:]
        var lastID: UInt64 = 0
        var acceptPausedUntil: UInt64 = 0
        var reportedAcceptFailure = false
        var pollSet: [pollfd] = []
        var order: [UInt64] = []
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        let timeout = requestTimeoutNanoseconds

        func closeConnection(_ connection: Connection) {
            close(connection.fd)
            connections[connection.id] = nil
            counters.withLock { $0.open = connections.count }
            connection.onClose?()
            connection.onClose = nil
        }

        func flush(_ connection: Connection) {
            while connection.pendingOutput > 0 {
                let sent = connection.output.withUnsafeBytes { bytes in
                    Socket.send(connection.fd, bytes.baseAddress! + connection.written, connection.pendingOutput)
                }
                if sent > 0 {
                    connection.written += sent
                    // A client that reads, however slowly, keeps its connection; one that stops reading does not.
                    if connection.deadline != nil { connection.deadline = monotonicNow() + timeout }
                } else if sent < 0, Socket.wouldBlock() {
                    break
                } else {
                    closeConnection(connection)
                    return
                }
            }
            if connection.pendingOutput == 0 {
                connection.output.removeAll(keepingCapacity: connection.output.capacity <= 64 * 1024)
                connection.written = 0
                switch connection.phase {
                case .closing:
                    shutdown(connection.fd, Int32(SHUT_WR))
                    connection.phase = .lingering
                    connection.deadline = monotonicNow() + 2_000_000_000
                case .head where !connection.input.isEmpty:
                    // A request sent before the last answer was read: its turn now.
                    advance(connection)
                default:
                    break
                }
            }
        }

        func queue(_ bytes: [UInt8], on connection: Connection) {
            if connection.written > 0, connection.written >= connection.output.count / 2 {
                connection.output.removeFirst(connection.written)
                connection.written = 0
            }
            connection.output += bytes
            flush(connection)
        }

        func refuse(_ connection: Connection, status: Int, reason: String) {
            counters.withLock { $0.refusedForLimits += 1 }
            var response = HTTPResponse(
                status: status, body: Data(reason.utf8), contentType: "text/plain; charset=utf-8")
            InspectorRoutesSecurity.addHeaders(to: &response, host: "")
            connection.phase = .closing
            connection.deadline = monotonicNow() + timeout
            queue(response.serialized(closing: true), on: connection)
        }

        /// Reads what the connection's phase allows: heads and bodies within the limits, WebSocket frames.
        func advance(_ connection: Connection) {
            while connections[connection.id] != nil {
                switch connection.phase {
                case .head:
                    // The next request waits until the last answer is sent: a client that sends requests without
                    // reading the answers fills its own socket, not the server's memory.
                    guard connection.pendingOutput == 0 else { return }
                    switch connection.parser.parse(connection.input) {
                    case .needMore:
                        return
                    case .refused(let status, let reason):
                        refuse(connection, status: status, reason: reason)
                        return
                    case .head(let head):
                        let allowed = bodyLimit(head)
                        guard head.bodyLength <= allowed else {
                            refuse(
                                connection, status: 413,
                                reason: "The body is larger than \(allowed) bytes, the server's limit for this request."
                            )
                            return
                        }
                        connection.input.removeFirst(head.length)
                        connection.phase = .body(head)
                    }
                case .body(let head):
                    guard connection.input.count >= head.bodyLength else { return }
                    let body = Data(connection.input.prefix(head.bodyLength))
                    connection.input.removeFirst(head.bodyLength)
                    connection.phase = .handling
                    connection.deadline = nil
                    let connectionHeader = head.headers["connection"]?.lowercased() ?? ""
                    connection.closeAfterResponse = connectionHeader.contains("close")
                    let request = HTTPRequest(
                        method: head.method,
                        path: head.path,
                        query: head.query,
                        headers: head.headers,
                        body: body
                    )
                    counters.withLock { $0.requests += 1 }
                    let id = connection.id
                    let handler = handler
                    Task(executorPreference: InspectorExecutor.shared) { [self] in
                        let response = await handler(request)
                        post(.respond(connection: id, response: response))
                    }
                    return
                case .webSocket:
                    switch WebSocketFrame.decode(connection.input[...], maxPayload: limits.maxPageMessageBytes) {
                    case .needMore:
                        return
                    case .invalid:
                        queue(WebSocketFrame.encode(opcode: 8, payload: [0x03, 0xEA]), on: connection)
                        connection.phase = .closing
                        connection.deadline = monotonicNow() + timeout
                        return
                    case .frame(let frame, let length):
                        connection.input.removeFirst(length)
                        switch frame.opcode {
                        case 8:
                            queue(WebSocketFrame.encode(opcode: 8, payload: frame.payload.prefix(2)), on: connection)
                            connection.phase = .closing
                            connection.deadline = monotonicNow() + timeout
                            return
                        case 9:
                            queue(WebSocketFrame.encode(opcode: 10, payload: frame.payload), on: connection)
                        default:
                            // The page sends nothing the inspector needs; text, binary and pongs are dropped.
                            break
                        }
                    }
                case .handling, .closing:
                    return
                case .lingering:
                    connection.discarded += connection.input.count
                    connection.input.removeAll(keepingCapacity: true)
                    if connection.discarded > limits.maxBodyBytes { closeConnection(connection) }
                    return
                }
            }
        }

        func respond(_ connection: Connection, with response: HTTPResponse) {
            guard case .handling = connection.phase else { return }
            if let upgrade = response.upgrade {
                let pages = connections.values.count { if case .webSocket = $0.phase { true } else { false } }
                guard pages < limits.maxPages else {
                    var refused = HTTPResponse(
                        status: 503,
                        body: Data("Too many pages are open: close one, then reload.".utf8),
                        contentType: "text/plain; charset=utf-8"
                    )
                    InspectorRoutesSecurity.addHeaders(to: &refused, host: "")
                    connection.phase = .closing
                    connection.deadline = monotonicNow() + timeout
                    queue(refused.serialized(closing: true), on: connection)
                    return
                }
                connection.phase = .webSocket
                connection.deadline = nil
                queue(response.serialized(closing: false), on: connection)
                guard connections[connection.id] != nil else { return }
                connection.onClose = upgrade.start(WebSocketOutlet(connection: connection.id, loop: self))
                advance(connection)
                return
            }
            let now = monotonicNow()
            if connection.closeAfterResponse {
                connection.phase = .closing
                connection.deadline = now + timeout
            } else {
                connection.phase = .head
                connection.parser = HTTPRequestParser(limits: limits)
                connection.deadline = now + timeout
                connection.since = now
            }
            queue(response.serialized(closing: connection.closeAfterResponse), on: connection)
        }

        func send(_ frame: [UInt8], to connection: Connection) {
            guard case .webSocket = connection.phase else { return }
            guard connection.pendingOutput + frame.count <= limits.maxPageBacklogBytes else {
                counters.withLock { $0.droppedPages += 1 }
                closeConnection(connection)
                return
            }
            queue(frame, on: connection)
        }

        /// Makes room for a new connection: closes the one that has waited longest without sending a whole request.
        func makeRoom() -> Bool {
            var oldest: Connection?
            for connection in connections.values {
                guard case .head = connection.phase else { continue }
                if oldest == nil || connection.since < oldest!.since { oldest = connection }
            }
            guard let oldest else { return false }
            closeConnection(oldest)
            return true
        }

        func acceptAll(now: UInt64) {
            while true {
                let fd = accept(listener, nil, nil)
                if fd < 0 {
                    let error = errno
                    if error == EAGAIN || error == EWOULDBLOCK { break }
                    if error == EINTR || error == ECONNABORTED { continue }
                    // Out of file descriptors or memory: the pending connection stays in the backlog, and the
                    // listener is left alone for a moment instead of waking the loop in a spin.
                    acceptPausedUntil = now + 100_000_000
                    counters.withLock { $0.acceptFailures += 1 }
                    if !reportedAcceptFailure {
                        reportedAcceptFailure = true
                        FileHandle.standardError.write(
                            Data(
                                ("Switchyard inspector: cannot accept a connection (\(String(cString: strerror(error)))); "
                                    + "trying again every 100 ms.\n").utf8))
                    }
                    return
                }
                if reportedAcceptFailure {
                    reportedAcceptFailure = false
                    FileHandle.standardError.write(Data("Switchyard inspector: accepting connections again.\n".utf8))
                }
                Socket.setNonBlocking(fd)
                Socket.disableSigPipe(fd)
                if connections.count >= limits.maxConnections {
                    counters.withLock { $0.closedForRoom += 1 }
                    guard makeRoom() else {
                        close(fd)
                        continue
                    }
                }
                lastID += 1
                let connection = Connection(id: lastID, fd: fd, limits: limits, now: now)
                connection.deadline = now + timeout
                connections[lastID] = connection
                counters.withLock {
                    $0.accepted += 1
                    $0.open = connections.count
                }
            }
        }

        func receive(from connection: Connection) {
            // A bounded amount per turn, so that one fast client cannot keep the loop from the others.
            for _ in 0..<16 {
                let count = readBuffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    connection.input.append(contentsOf: readBuffer[0..<count])
                    advance(connection)
                    guard connections[connection.id] != nil else { return }
                    switch connection.phase {
                    case .handling, .closing: return
                    default: continue
                    }
                } else if count < 0, Socket.wouldBlock() {
                    return
                } else {
                    closeConnection(connection)
                    return
                }
            }
        }

        func handleMailbox() -> Bool {
            var drained = [UInt8](repeating: 0, count: 256)
            while read(wakeReader, &drained, drained.count) > 0 {}
            let messages = mailbox.withLock { mailbox in
                defer { mailbox.messages.removeAll() }
                return mailbox.messages
            }
            for message in messages {
                switch message {
                case .respond(let id, let response):
                    if let connection = connections[id] { respond(connection, with: response) }
                case .send(let id, let frame):
                    if let connection = connections[id] { send(frame, to: connection) }
                case .stop:
                    return false
                }
            }
            return true
        }

        running: while true {
            let now = monotonicNow()
            // Deadlines.
            var nextDeadline = now + 1_000_000_000
            for connection in Array(connections.values) {
                guard let deadline = connection.deadline else { continue }
                if deadline <= now {
                    if case .head = connection.phase, !connection.hasReceivedNothing {
                        counters.withLock { $0.timedOut += 1 }
                    } else if case .body = connection.phase {
                        counters.withLock { $0.timedOut += 1 }
                    }
                    closeConnection(connection)
                } else {
                    nextDeadline = min(nextDeadline, deadline)
                }
            }
            let accepting = acceptPausedUntil <= now
            if !accepting { nextDeadline = min(nextDeadline, acceptPausedUntil) }

            pollSet.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            pollSet.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
            pollSet.append(pollfd(fd: listener, events: accepting ? Int16(POLLIN) : 0, revents: 0))
            for connection in connections.values {
                var events: Int16 = 0
                switch connection.phase {
                case .head where connection.pendingOutput > 0: break
                case .head, .body, .webSocket, .lingering: events |= Int16(POLLIN)
                case .handling, .closing: break
                }
                if connection.pendingOutput > 0 { events |= Int16(POLLOUT) }
                pollSet.append(pollfd(fd: connection.fd, events: events, revents: 0))
                order.append(connection.id)
            }
            let wait = Int32(min(1000, max(1, (nextDeadline - min(nextDeadline, now)) / 1_000_000)))
            let ready = poll(&pollSet, nfds_t(pollSet.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                usleep(10_000)
                continue
            }
            if pollSet[0].revents != 0, !handleMailbox() { break running }
            if pollSet[1].revents & Int16(POLLIN) != 0 { acceptAll(now: monotonicNow()) }
            for (index, id) in order.enumerated() {
                let revents = pollSet[index + 2].revents
                guard revents != 0, let connection = connections[id] else { continue }
                if revents & Int16(POLLOUT) != 0 { flush(connection) }
                guard connections[id] != nil else { continue }
                if revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                    receive(from: connection)
                    if let connection = connections[id], case .lingering = connection.phase,
                        revents & Int16(POLLHUP) != 0
                    {
                        closeConnection(connection)
                    }
                }
            }
        }

        for connection in Array(connections.values) { closeConnection(connection) }
        close(listener)
        close(wakeReader)
        let waiters = mailbox.withLock { mailbox in
            mailbox.hasEnded = true
            mailbox.isStopped = true
            mailbox.messages.removeAll()
            defer { mailbox.stopWaiters.removeAll() }
            return mailbox.stopWaiters
        }
        close(wakeWriter)
        for waiter in waiters { waiter.resume() }
    }
}

/// Nanoseconds of a monotonic clock.
func monotonicNow() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}
