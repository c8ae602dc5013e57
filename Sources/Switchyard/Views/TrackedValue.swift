import Observation

/// One value of a view's state that views can depend on: reading it through the view registers the dependency,
/// and it is bumped only when the value changes.
///
/// Each key path read through an ``ObservableStore`` gets one, the first time it is read; a state that leaves the
/// value unchanged costs a comparison and no invalidation.
@MainActor
final class TrackedValue<State>: Observable {
    private let registrar = ObservationRegistrar()
    /// Bumped whenever the tracked value changes; what observers depend on.
    private var version: UInt64 = 0
    /// Whether the tracked value differs between two states.
    let changed: (State, State) -> Bool

    init(changed: @escaping (State, State) -> Bool) {
        self.changed = changed
    }

    /// Registers the current observation's dependency on this value.
    func access() {
        registrar.access(self, keyPath: \.version)
    }

    /// Invalidates the observations that depend on this value.
    func bump() {
        registrar.withMutation(of: self, keyPath: \.version) { version &+= 1 }
    }
}

/// How a view decides that a value changed: with `==` where the value is `Equatable`, by identity for class
/// instances, and on every new state otherwise.
enum ChangeDetection {
    static func detector<State, Value>(for keyPath: KeyPath<State, Value>) -> (State, State) -> Bool {
        if let equatable = Value.self as? any Equatable.Type {
            return differs(keyPath, as: equatable)
        }
        if Value.self is AnyObject.Type {
            return { old, new in
                (old[keyPath: keyPath] as AnyObject) !== (new[keyPath: keyPath] as AnyObject)
            }
        }
        return { _, _ in true }
    }

    private static func differs<State, Value, E: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        as _: E.Type
    ) -> (State, State) -> Bool {
        // `Value` is `E`: the bit casts are identity conversions, with no dynamic cast per comparison.
        { old, new in
            unsafeBitCast(old[keyPath: keyPath], to: E.self) != unsafeBitCast(new[keyPath: keyPath], to: E.self)
        }
    }
}
