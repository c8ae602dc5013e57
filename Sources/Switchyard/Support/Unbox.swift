// Unsafe code: the invariant it relies on.
//
// `unbox(_:as:)` reads the value in an `Any` as a `T` without a dynamic cast, and `sameType(_:as:)` reads a `T` as a
// `U`. Each is correct only when the two types are the same type (debug builds check it). The lift chains, their
// only callers, store each value next to the maps that were built with its type, and call `sameType` only where no
// level maps the value (so every level has the same type), so the types always match there.

/// The value in `value`, whose dynamic type is `T`: what `value as! T` returns, without the dynamic cast's search
/// (about 250 instructions, where this is a copy).
@inlinable @inline(__always)
func unbox<T>(_ value: Any, as type: T.Type) -> T {
    assert(Swift.type(of: value) == T.self, "\(Swift.type(of: value)) unboxed as \(T.self)")
    func open<Dynamic>(_ dynamic: Dynamic) -> T { unsafeBitCast(dynamic, to: T.self) }
    return open(value)
}

/// `value`, of type `T`, as a `U`, which is the same type: for a generic context that cannot prove it.
@inlinable @inline(__always)
func sameType<T, U>(_ value: T, as type: U.Type) -> U {
    assert(T.self == U.self, "\(T.self) read as \(U.self)")
    return unsafeBitCast(value, to: U.self)
}
