import NIOCore
import NIOHTTP1
import SwitchyardInspector

extension DesktopServer {
    /// The answer to an app's upgrade: the app protocol's headers once its pairing code is compared and right, `nil`
    /// with the reason given to `refuse` otherwise.
    ///
    /// Only an upgrade that a program made counts against pairing: one that asks for the app protocol and carries a
    /// pairing code, with no `Origin` and no `Sec-Fetch-*` header. A browser sends those with every request of a page,
    /// and no page can set the pairing header, so nothing a web page does is compared or counted. The code is
    /// compared when its turn comes (see ``PairingPace``): at once, unless wrong codes came lately. A right code is
    /// never refused for being compared during others' wrong ones; an attempt that would wait too long for its turn
    /// is answered `429` with `Retry-After`, its code not compared (a lockout).
    func appHeaders(
        for head: HTTPRequestHead, offered: [String], channel: Channel,
        refuse: @escaping @Sendable (DesktopResponse) -> Void
    ) -> EventLoopFuture<HTTPHeaders?> {
        let eventLoop = channel.eventLoop
        let isFromABrowser =
            !head.headers["origin"].isEmpty || head.headers.contains { $0.name.lowercased().hasPrefix("sec-fetch-") }
        if !isFromABrowser, !offered.contains(InspectorLink.subprotocol),
            let other = offered.first(where: { $0.hasPrefix(InspectorLink.subprotocolName) })
        {
            // An app of another release: refused before its code is compared, and nothing is counted.
            let version =
                other == InspectorLink.subprotocolName ? "1" : other.dropFirst(InspectorLink.subprotocolName.count + 1)
            refuse(
                .failure(
                    409,
                    "The app speaks version \(version.prefix(8)) of the inspector's link, this desktop inspector "
                        + "version \(InspectorLink.version): use one Switchyard release for both."))
            return eventLoop.makeSucceededFuture(nil)
        }
        guard offered.contains(InspectorLink.subprotocol), !isFromABrowser,
            let code = head.headers[InspectorLink.pairingHeader].first
        else {
            refuse(.failure(403, "Apps connect here with the pairing code; a web page cannot."))
            return eventLoop.makeSucceededFuture(nil)
        }
        guard directory.appCount < limits.maxApps else {
            refuse(.failure(503, "Too many apps are connected."))
            return eventLoop.makeSucceededFuture(nil)
        }
        switch pairing.reserve() {
        case .now:
            return eventLoop.makeSucceededFuture(compare(code, channel: channel, refuse: refuse))
        case .after(let wait):
            let promise = eventLoop.makePromise(of: HTTPHeaders?.self)
            let turn = eventLoop.scheduleTask(in: TimeAmount(wait)) { [self] in
                compare(code, channel: channel, refuse: refuse)
            }
            let pairing = pairing
            turn.futureResult.whenComplete { result in
                switch result {
                case .success(let headers):
                    promise.succeed(headers)
                case .failure:
                    // The app went before its turn: its code was not compared, and the turn is given back.
                    pairing.giveBack()
                    promise.succeed(nil)
                }
            }
            channel.closeFuture.whenComplete { _ in turn.cancel() }
            return promise.futureResult
        case .lockedOut(let retryAfter):
            statistics.withLock { $0.pairingLockouts += 1 }
            let seconds = max(1, Int(retryAfter.components.seconds) + (retryAfter.components.attoseconds > 0 ? 1 : 0))
            var response = DesktopResponse.failure(
                429,
                "Too many wrong pairing codes lately: try again in \(seconds) s. The pairing code was not compared.")
            response.headers.append(("Retry-After", String(seconds)))
            refuse(response)
            return eventLoop.makeSucceededFuture(nil)
        }
    }

    /// Compares `code` with the pairing code: a right one gives its turn back and is trusted, a wrong one is counted.
    private func compare(
        _ code: String, channel: Channel, refuse: @Sendable (DesktopResponse) -> Void
    ) -> HTTPHeaders? {
        guard DesktopSecurity.constantTimeEqual(code, pairingCode) else {
            statistics.withLock { $0.refusedApps += 1 }
            refuse(.failure(403, "Wrong pairing code: give the one the desktop inspector shows."))
            return nil
        }
        pairing.giveBack()
        guard directory.appCount < limits.maxApps else {
            refuse(.failure(503, "Too many apps are connected."))
            return nil
        }
        gate.trust(channel)
        var headers = HTTPHeaders()
        headers.add(name: "Sec-WebSocket-Protocol", value: InspectorLink.subprotocol)
        return headers
    }
}
