/// The identifier of a running effect: any `Hashable & Sendable` value, compared as `AnyHashable`.
///
/// Built only from `Sendable` values, so the `@unchecked` conformance is sound even though `AnyHashable` itself is
/// not `Sendable`.
package struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    private let base: AnyHashable

    /// Wraps `id`.
    package init(_ id: some Hashable & Sendable) {
        self.base = AnyHashable(id)
    }

    /// The wrapped value's description.
    package var description: String { String(describing: base.base) }
}
