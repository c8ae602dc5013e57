/// A reference that does not keep its object alive, as a `Sendable` value to store or share: the object, while it
/// lives; `nil` after.
///
/// The package's other modules (the test tools) use it too.
@usableFromInline
package final class WeakReference<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline package weak let object: Object?

    @inlinable
    package init(_ object: Object) {
        self.object = object
    }
}
