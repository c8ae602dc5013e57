/// Something that owns an ``EffectScope``: a store, whose effects must end with it.
///
/// ``AnyActionHandler/init(_:)`` consults it, so that wrapping a store (or anything that dispatches into one) keeps
/// the store's scope, and the effects run through the wrapper belong to the store.
package protocol EffectScopeProvider {
    /// The scope that the effects started through this handler belong to; `nil` when nothing owns them.
    var effectScope: EffectScope? { get }
}
