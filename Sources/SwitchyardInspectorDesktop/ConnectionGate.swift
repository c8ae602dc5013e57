import NIOCore
import Switchyard

/// The connections open at once, and which of them showed the token or the pairing code.
///
/// When a new connection would pass the limit, the oldest connection that has not shown either is closed, whatever
/// it is doing: a client without the token cannot hold the room by sending a head and holding back the body, or by
/// staying idle. When every connection has shown one, the new connection is closed instead.
final class ConnectionGate: Sendable {
    private struct Entry {
        let channel: Channel
        let order: UInt64
        var isTrusted = false
    }

    private let limit: Int
    private let entries = LockedValue<[ObjectIdentifier: Entry]>([:])
    private let counter = LockedValue<UInt64>(0)
    let statistics: LockedValue<DesktopInspector.Statistics>

    init(limit: Int, statistics: LockedValue<DesktopInspector.Statistics>) {
        self.limit = limit
        self.statistics = statistics
    }

    /// Admits `channel`, closing another to make room if needed; returns `false` when `channel` itself must close.
    func admit(_ channel: Channel) -> Bool {
        let order = counter.withLock {
            $0 += 1; return $0
        }
        let (admitted, victim) = entries.withLock { entries -> (Bool, Channel?) in
            var victim: Channel?
            if entries.count >= limit {
                guard let oldest = entries.values.filter({ !$0.isTrusted }).min(by: { $0.order < $1.order }) else {
                    return (false, nil)
                }
                entries.removeValue(forKey: ObjectIdentifier(oldest.channel))
                victim = oldest.channel
            }
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, order: order)
            return (true, victim)
        }
        statistics.withLock { statistics in
            statistics.accepted += 1
            if !admitted || victim != nil { statistics.closedForRoom += 1 }
            statistics.open = entries.withLock { $0.count }
        }
        victim?.close(promise: nil)
        guard admitted else { return false }
        channel.closeFuture.whenComplete { [self] _ in
            entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(channel)) }
            statistics.withLock { $0.open = entries.withLock { $0.count } }
        }
        return true
    }

    /// Closes every connection admitted and still open.
    func closeAll() {
        let channels = entries.withLock { $0.values.map(\.channel) }
        for channel in channels { channel.close(promise: nil) }
    }

    /// `channel` showed the token or the pairing code: it is never closed to make room.
    func trust(_ channel: Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)]?.isTrusted = true }
    }
}
