import Foundation

/// The documented samples' `API`, faked: it records every request and keeps its completion until the test answers it, or
/// answers at once with `autoReply`.
final class API {
    struct Request: Equatable {
        let id: Int
        let makeFavorite: Bool
    }

    private(set) var requests: [Request] = []
    private var pending: [(Result<Void, APIError>) -> Void] = []
    var autoReply: Result<Void, APIError>?

    init(autoReply: Result<Void, APIError>? = nil) {
        self.autoReply = autoReply
    }

    /// Curried as in the documented sample: `api.changeFavorite(id: movieId, makeFavorite: makeFavorite)(completion: { … })`.
    func changeFavorite(
        id: Int,
        makeFavorite: Bool
    ) -> (_ completion: @escaping (Result<Void, APIError>) -> Void) -> Void {
        { completion in
            self.requests.append(Request(id: id, makeFavorite: makeFavorite))
            if let reply = self.autoReply {
                completion(reply)
            } else {
                self.pending.append(completion)
            }
        }
    }

    /// Answers every pending request with `result`.
    func completeAll(with result: Result<Void, APIError>) {
        let completions = pending
        pending.removeAll()
        for completion in completions { completion(result) }
    }
}

/// The documented samples' `Logger`, faked: it keeps what it is asked to log.
final class Logger: @unchecked Sendable {
    struct Entry {
        let action: Any
        let source: String
        let before: Any
        let after: Any
        let dateBefore: Date
        let dateAfter: Date
    }

    static let `default` = Logger()

    private let lock = NSLock()
    private var storage: [Entry] = []

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func log<Action, State>(
        action: Action,
        from source: String,
        before: State,
        after: State,
        dateBefore: Date,
        dateAfter: Date
    ) {
        let entry = Entry(
            action: action, source: source, before: before, after: after, dateBefore: dateBefore,
            dateAfter: dateAfter)
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }
}

/// A clock for `LoggerMiddleware(now:)` that ticks one second per call, so dates are ordered and predictable.
final class TickingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: TimeInterval = 0

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        seconds += 1
        return Date(timeIntervalSince1970: seconds)
    }
}
