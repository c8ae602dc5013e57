import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector
@testable import SwitchyardInspectorDesktop

/// Pairing: no request a web page can make counts against it, a right code is never refused as a wrong one, and
/// wrong codes are paced so that guessing stays infeasible.
@Suite(.serialized) struct DesktopPairingTests {
    /// What a page of another local origin sends to `/app` with `fetch(url, {mode: 'no-cors'})` (Chromium sends no
    /// `Origin` with it, and cannot add the pairing header), and with `new WebSocket(url, 'switchyard-inspector-app.3')`
    /// (which always carries the page's `Origin`).
    func requestsOfAPage(_ client: LoopbackClient, port: Int) async throws -> [Int] {
        let origin = "http://127.0.0.1:\(port + 1)"
        let fetched = try await client.request(
            "GET", "/app",
            headers: [
                "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "empty",
                "Referer": origin + "/",
            ])
        let socket = try await client.webSocket(
            "/app", origin: origin, protocols: [InspectorLink.subprotocol],
            headers: ["Sec-Fetch-Mode": "websocket", "Sec-Fetch-Site": "same-site"])
        return [fetched.status, socket.status]
    }

    /// An app's upgrade as a program that guesses codes sends it: the app's own request with another code.
    func guess(_ client: LoopbackClient, _ code: String) async throws -> Int {
        try await client.webSocket(
            "/app", origin: nil, protocols: [InspectorLink.subprotocol], headers: [InspectorLink.pairingHeader: code]
        ).status
    }

    /// Every status `connection` took, polled until `stop` is cancelled: a refusal's status lasts at least the
    /// app's first wait before it tries again (250 ms).
    func recordStatuses(of connection: InspectorConnection) -> Task<[InspectorConnection.Status], Never> {
        Task {
            var seen: [InspectorConnection.Status] = []
            while !Task.isCancelled {
                let status = connection.status
                if seen.last != status { seen.append(status) }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return seen
        }
    }

    static func reasons(_ statuses: [InspectorConnection.Status]) -> [String] {
        statuses.compactMap {
            if case .disconnected(let reason) = $0 { return reason }
            return nil
        }
    }

    @Test func aPageOfAnotherOriginHammeringTheAppEndpointNeverKeepsAnAppFromPairing() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        // More requests than any lockout allows, before the app connects...
        for _ in 0..<12 {
            let statuses = try await requestsOfAPage(client, port: desktop.port)
            #expect(!statuses.contains(101))
        }
        // ...and while it does: the page goes on until the app is paired (or the wait below gives up).
        let port = desktop.port
        let firstRound = Signal()
        let hammering = Task {
            var sent = 0
            while !Task.isCancelled {
                _ = try? await requestsOfAPage(client, port: port)
                sent += 2
                if sent == 2 { firstRound.send() }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return sent
        }
        // The app connects once the page has sent its first requests, so that it always pairs while they go on,
        // however late the machine starts the hammering task.
        #expect(await firstRound.arrives(within: .seconds(30)))
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let connection = inspector.connect(to: desktop.appAddress, store: "hammered")
        let statuses = recordStatuses(of: connection)
        let connected = await connection.waitUntilConnected(timeout: .seconds(30))
        hammering.cancel()
        statuses.cancel()
        let sent = try #require(await value(of: hammering))
        #expect(connected)
        #expect(sent > 0)
        #expect(desktop.statistics.refusedApps == 0)
        let reasons = Self.reasons(try #require(await value(of: statuses)))
        #expect(!reasons.contains { $0.contains("pairing code") })
        await connection.close()
    }

    @Test func anAppOfAnotherReleaseIsRefusedAtTheUpgradeWithTheReasonAndCountsAsNoWrongCode() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        // The first release's app offered the name alone; a later one offers its own version.
        for offered in [InspectorLink.subprotocolName, InspectorLink.subprotocolName + ".99"] {
            let (status, connection) = try await client.webSocket(
                "/app", origin: nil, protocols: [offered],
                headers: [InspectorLink.pairingHeader: desktop.pairingCode])
            #expect(status == 409)
            #expect(connection == nil)
        }
        #expect(desktop.statistics.refusedApps == 0)
        #expect(InspectorLinkSession.refusal(409, desktop.appAddress).contains("another Switchyard release"))
        // The app of this release still pairs at once.
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let connection = inspector.connect(to: desktop.appAddress, store: "same")
        #expect(await connection.waitUntilConnected(timeout: .seconds(30)))
        await connection.close()
        withExtendedLifetime(store) {}
    }

    @Test func wrongCodesCountOnceEachAndARightCodeAfterThemIsNeverRefused() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        // More wrong codes than come at once: the later ones wait their turn, and each is refused and counted once.
        for index in 0..<12 {
            #expect(try await guess(client, "WRONG-\(index)") == 403)
        }
        #expect(desktop.statistics.refusedApps == 12)
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let connection = inspector.connect(to: desktop.appAddress, store: "right")
        let statuses = recordStatuses(of: connection)
        #expect(await connection.waitUntilConnected(timeout: .seconds(30)))
        statuses.cancel()
        let reasons = Self.reasons(try #require(await value(of: statuses)))
        #expect(reasons.isEmpty)
        #expect(desktop.statistics.refusedApps == 12)
        await connection.close()
    }

    @Test func anAppThatMustWaitForGuessesToPassSaysItIsALockoutAndPairsAfter() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        // A program guesses codes, several at once: the guesses wait their turn, and the ones that would wait too long
        // are told to come back later.
        let answers = LockedValue<[Int]>([])
        let guessing = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var index = 0
                        while !Task.isCancelled {
                            if let status = try? await guess(client, "WRONG-\(worker)-\(index)") {
                                answers.withLock { $0.append(status) }
                            }
                            index += 1
                            // Eight guessers keep more attempts waiting than the desktop holds, without a busy loop.
                            try? await Task.sleep(for: .milliseconds(50))
                        }
                    }
                }
            }
        }
        _ = try await eventually { answers.withLock { $0.contains(429) } ? true : nil }
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        // The app says why it waits: a lockout, not a wrong code. Its attempt is told to come back later when the
        // guesses waiting fill the time the desktop lets them wait; when it comes at the moment a guess has just been
        // answered, it takes that turn and pairs with no lockout, which is right too but shows no lockout: then it
        // disconnects and tries again, at most ten times.
        // A lockout the poll below did not see, the app having tried again and paired between two polls, is one too:
        // the statuses recorded show it.
        var connection: InspectorConnection?
        var statuses: Task<[InspectorConnection.Status], Never>?
        var reasonsBeforePairing: [String]?
        for _ in 0..<10 {
            let attempt = inspector.connect(to: desktop.appAddress, store: "waiting")
            let recording = recordStatuses(of: attempt)
            let lockedOut = try await eventually { () -> Bool? in
                switch attempt.status {
                case .disconnected(let reason) where reason.contains("lockout"): return true
                case .connected: return false
                default: return nil
                }
            }
            if lockedOut {
                connection = attempt
                statuses = recording
                break
            }
            recording.cancel()
            let attemptReasons = Self.reasons(try #require(await value(of: recording)))
            if !attemptReasons.isEmpty {
                connection = attempt
                reasonsBeforePairing = attemptReasons
                break
            }
            await attempt.close()
        }
        guard let connection, statuses != nil || reasonsBeforePairing != nil else {
            Issue.record("In ten attempts, the app always took a turn that a guess had left: no lockout to check")
            guessing.cancel()
            #expect(await value(of: guessing) != nil)
            return
        }
        guessing.cancel()
        #expect(await value(of: guessing) != nil)
        #expect(await connection.waitUntilConnected(timeout: .seconds(60)))
        statuses?.cancel()
        var reasons = reasonsBeforePairing ?? []
        if let statuses { reasons = Self.reasons(try #require(await value(of: statuses))) }
        #expect(!reasons.isEmpty)
        #expect(reasons.allSatisfy { $0.contains("lockout") })
        #expect(!reasons.contains { $0.contains("check the pairing code") })
        // Only the guesses that were compared, and answered as wrong, are counted.
        let answered = answers.withLock { $0 }
        #expect(desktop.statistics.refusedApps == answered.filter { $0 == 403 }.count)
        #expect(desktop.statistics.pairingLockouts >= answered.filter { $0 == 429 }.count)
        await connection.close()
    }
}

/// The pace of pairing attempts, as a table: a burst at once, then one a second; a right code gives its turn back;
/// an attempt that would wait longer than the most is told to come back (a lockout).
@Suite struct PairingPaceTests {
    @Test func tenAttemptsComeAtOnceThenOneASecondAndARightCodeGivesItsTurnBack() {
        let pace = PairingPace(maxWait: .seconds(5))
        let start = ContinuousClock.now
        for _ in 0..<10 { #expect(pace.reserve(at: start) == .now) }
        #expect(pace.reserve(at: start) == .after(.seconds(1)))
        #expect(pace.reserve(at: start) == .after(.seconds(2)))
        // A right code gives its turn back: the next attempt waits as long as the one before it did.
        pace.giveBack()
        #expect(pace.reserve(at: start) == .after(.seconds(2)))
        // Four more wait up to five seconds; the next would wait six: it is told to come back a second later.
        for wait in 3...5 { #expect(pace.reserve(at: start) == .after(.seconds(wait))) }
        #expect(pace.reserve(at: start) == .lockedOut(retryAfter: .seconds(1)))
        // A lockout takes no turn; time gives turns back, one a second.
        #expect(pace.reserve(at: start + .seconds(1)) == .after(.seconds(5)))
        #expect(pace.reserve(at: start + .seconds(60)) == .now)
    }

    @Test func aGuesserWithoutPauseGetsOneCodeComparedASecondSoGuessingTakesThousandsOfYears() {
        let pace = PairingPace(maxWait: .seconds(5))
        let start = ContinuousClock.now
        // A thousand attempts a second for an hour, none of them right.
        var compared = 0
        for millisecond in 0..<3_600_000 {
            switch pace.reserve(at: start + .milliseconds(millisecond)) {
            case .now, .after: compared += 1
            case .lockedOut: break
            }
        }
        #expect(compared <= PairingPace.burst + 3_600 + 5)
        // 31 letters and digits, 8 of them: half the codes, at that pace.
        let years = pow(31.0, 8.0) / 2 / (Double(compared) / 3_600) / (365.25 * 24 * 3_600)
        #expect(years > 13_000)
    }
}
