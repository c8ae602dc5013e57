import Observation

/// One value of a view's state that views can depend on: reading it through the view registers the dependency,
/// and it is bumped only when the value changes.
///
/// Each key path read through an ``ObservableStore`` gets one, the first time it is read; a state that leaves the
/// value unchanged costs a comparison and no invalidation.
@MainActor
@usableFromInline
struct TrackedValue<State> {
    /// What observers depend on.
    @usableFromInline let version = ObservedVersion()
    /// Whether the tracked value differs between two states.
    @usableFromInline let changed: (State, State) -> Bool
    /// Where the value is stored in the state, for a path of stored struct properties to a value of non-zero size
    /// (`MemoryLayout<State>.offset(of:)`): the view reads it there instead of projecting the key path, a call into
    /// the runtime that walks the path's components (about 300 instructions per read). `nil` for any other path.
    @usableFromInline let offset: Int?

    @inlinable
    init(changed: @escaping (State, State) -> Bool, offset: Int? = nil) {
        self.changed = changed
        self.offset = offset
    }
}

/// How a view decides that a value changed: with `==` where the value is `Equatable`, by identity for class
/// instances, and on every new state otherwise.
@usableFromInline
enum ChangeDetection {
    @inlinable
    static func detector<State, Value>(for keyPath: KeyPath<State, Value>) -> (State, State) -> Bool {
        if let equatable = Value.self as? any Equatable.Type {
            // A path of stored properties of structs (`\.count`, `\.profile.name`) names a value at a fixed offset in
            // the state: comparing it there costs a comparison. Any other path goes through the key path, a call
            // into the runtime that looks up generic metadata each time (hundreds of instructions per state).
            if MemoryLayout<Value>.size > 0, let offset = MemoryLayout<State>.offset(of: keyPath) {
                return differs(atOffset: offset, as: equatable, in: State.self)
            }
            return differs(keyPath, as: equatable)
        }
        if Value.self is AnyObject.Type {
            return { old, new in
                (old[keyPath: keyPath] as AnyObject) !== (new[keyPath: keyPath] as AnyObject)
            }
        }
        return { _, _ in true }
    }

    /// ``detector(for:)`` for the whole state, which needs no key path.
    @inlinable
    static func wholeDetector<State>() -> (State, State) -> Bool {
        guard let equatable = State.self as? any Equatable.Type else { return { _, _ in true } }
        return wholeDiffers(as: equatable)
    }

    @inlinable
    static func wholeDiffers<State, E: Equatable>(as _: E.Type) -> (State, State) -> Bool {
        { old, new in unsafeBitCast(old, to: E.self) != unsafeBitCast(new, to: E.self) }
    }

    /// Compares the values of type `E` stored `offset` bytes into two states.
    ///
    /// Invariant: `offset` comes from `MemoryLayout<State>.offset(of:)` for a key path whose value type is `E`, so
    /// that a value of type `E`, not of size zero, is stored there, inline, in every `State`.
    @inlinable
    static func differs<State, E: Equatable>(
        atOffset offset: Int,
        as _: E.Type,
        in _: State.Type
    ) -> (State, State) -> Bool {
        { old, new in
            withUnsafeBytes(of: old) { old in
                withUnsafeBytes(of: new) { new in
                    old.load(fromByteOffset: offset, as: E.self) != new.load(fromByteOffset: offset, as: E.self)
                }
            }
        }
    }

    @inlinable
    static func differs<State, Value, E: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        as _: E.Type
    ) -> (State, State) -> Bool {
        // `Value` is `E`: the bit casts are identity conversions, with no dynamic cast per comparison.
        { old, new in
            unsafeBitCast(old[keyPath: keyPath], to: E.self) != unsafeBitCast(new[keyPath: keyPath], to: E.self)
        }
    }
}
