/// The effects an ``EffectMiddleware`` runs, by token or by number: a value its lock guards, which decides and
/// hands back what to cancel or release after unlocking.
struct RunningEffects: @unchecked Sendable {
    /// An effect with a token: its number, and its subscription once `sink` returned.
    struct Entry {
        var id: UInt64
        var subscription: AnyCancellable?
    }

    private var lastID: UInt64 = 0
    private var byToken: [AnyHashable: Entry] = [:]
    private var withoutToken: [UInt64: AnyCancellable] = [:]
    /// Effects that finished before their subscription was kept.
    private var finishedEarly: Set<UInt64> = []

    /// How many effects run.
    var count: Int { byToken.count + withoutToken.count }

    /// The subscriptions of the effects with a token, kept once `sink` returned.
    var tokened: [AnyHashable: AnyCancellable] { byToken.compactMapValues(\.subscription) }

    /// Numbers a new effect; returns the subscription of the effect it replaces under `token`, to cancel.
    mutating func begin(token: AnyHashable?) -> (id: UInt64, replaced: AnyCancellable?) {
        lastID &+= 1
        guard let token else { return (lastID, nil) }
        let replaced = byToken.updateValue(Entry(id: lastID, subscription: nil), forKey: token)
        return (lastID, replaced?.subscription)
    }

    /// Keeps the subscription of the effect `id`; `false` when it finished already or was replaced or cancelled
    /// meanwhile, and the caller lets go of it.
    mutating func keep(_ subscription: AnyCancellable, id: UInt64, token: AnyHashable?) -> Bool {
        if finishedEarly.remove(id) != nil { return false }
        guard let token else {
            withoutToken[id] = subscription
            return true
        }
        guard byToken[token]?.id == id else { return false }
        byToken[token] = Entry(id: id, subscription: subscription)
        return true
    }

    /// Forgets the effect `id`, which completed or was cancelled; returns its subscription, to release.
    mutating func finish(_ id: UInt64, token: AnyHashable?) -> AnyCancellable? {
        if let token {
            guard let entry = byToken[token], entry.id == id else { return nil }
            byToken[token] = nil
            if entry.subscription == nil { finishedEarly.insert(id) }
            return entry.subscription
        }
        if let subscription = withoutToken.removeValue(forKey: id) { return subscription }
        finishedEarly.insert(id)
        return nil
    }

    /// Forgets the effect under `token`; returns its subscription, to cancel.
    mutating func cancel(token: AnyHashable) -> AnyCancellable? {
        byToken.removeValue(forKey: token)?.subscription
    }

    /// Forgets every effect; returns their subscriptions, to cancel.
    mutating func removeAll() -> [AnyCancellable] {
        let all = byToken.values.compactMap(\.subscription) + withoutToken.values
        byToken = [:]
        withoutToken = [:]
        return all
    }
}
