extension Store: EffectScopeProvider {
    /// The store's effects: a handler that wraps the store starts its effects here.
    package var effectScope: EffectScope? { effects }
}
