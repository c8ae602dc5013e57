// Unsafe code: the invariant it relies on.
//
// `unbox(_:as:)` reads the value in an `Any` as a `T` without a dynamic cast. It is correct only when the value's
// dynamic type is exactly `T` (debug builds check it). The lift chains, its only callers, store each value next to
// the maps that were built with its type, so the types always match there.

/// The value in `value`, whose dynamic type is `T`: what `value as! T` returns, without the dynamic cast's search
/// (about 250 instructions, where this is a copy).
@inline(__always)
func unbox<T>(_ value: Any, as type: T.Type) -> T {
    assert(Swift.type(of: value) == T.self, "\(Swift.type(of: value)) unboxed as \(T.self)")
    func open<Dynamic>(_ dynamic: Dynamic) -> T { unsafeBitCast(dynamic, to: T.self) }
    return open(value)
}
