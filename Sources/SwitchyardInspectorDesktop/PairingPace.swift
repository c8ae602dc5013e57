import Switchyard

/// The pace at which the desktop compares pairing codes: guessing a code stays infeasible, and no one else's wrong
/// codes make it refuse a right one.
///
/// Ten codes may be compared at once, then one a second (a bucket of ``burst`` turns that gets one back every
/// ``interval``). An app's attempt past that waits its turn, at most `maxWait`, and is compared then: a right code is
/// accepted and gives its turn back, so only wrong codes spend turns. An attempt that would wait longer is told to
/// come back later, its code not compared: a lockout, which the app reports as one.
///
/// A code has 8 characters of 31, 31⁸ ≈ 8.5 × 10¹¹ codes: at one wrong code a second, going through half of them
/// takes 4.3 × 10¹¹ s, about 13,500 years.
final class PairingPace: Sendable {
    /// What an attempt to pair may do.
    enum Turn: Equatable, Sendable {
        /// Its code is compared now.
        case now
        /// Its code is compared after this wait.
        case after(Duration)
        /// Its code is not compared: it may come back after this wait.
        case lockedOut(retryAfter: Duration)
    }

    /// How many codes may be compared at once.
    static let burst = 10
    /// How often a turn comes back.
    static let interval: Duration = .seconds(1)
    /// The longest an attempt waits for its turn.
    let maxWait: Duration
    /// When the turns taken so far would all have come back: the next attempt's turn is `burst - 1` intervals
    /// before it (a generic cell rate algorithm).
    private let turnsBackAt = LockedValue<ContinuousClock.Instant?>(nil)

    init(maxWait: Duration) {
        self.maxWait = maxWait
    }

    /// Takes a turn for an attempt made at `now`, unless it would wait longer than ``maxWait``.
    func reserve(at now: ContinuousClock.Instant = .now) -> Turn {
        turnsBackAt.withLock { turnsBackAt in
            let allTurnsBack = max(turnsBackAt ?? now, now)
            let wait = allTurnsBack - Self.interval * (Self.burst - 1) - now
            if wait > maxWait { return .lockedOut(retryAfter: wait - maxWait) }
            turnsBackAt = allTurnsBack + Self.interval
            return wait > .zero ? .after(wait) : .now
        }
    }

    /// Gives back the turn of an attempt whose code was right, or that went before its code was compared.
    func giveBack() {
        turnsBackAt.withLock { turnsBackAt in
            turnsBackAt = turnsBackAt.map { $0 - Self.interval }
        }
    }
}
