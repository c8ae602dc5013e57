extension Store {
    /// Attaches a tool to the store, after the tools attached before it; see ``StoreProbe`` for the rules its hooks
    /// run under. The probe sees the actions that the store decides to process from now on.
    ///
    /// ```swift
    /// let registration = store.attach(
    ///     StoreProbe(didReduce: { reduced in print(reduced.dispatched.action, reduced.reduceNanoseconds) })
    /// )
    /// ```
    ///
    /// Returns the registration that detaches the probe and commits out of band; when the store is being freed, the
    /// probe is not attached and the registration's methods do nothing.
    @discardableResult
    public func attach(_ probe: StoreProbe<Action, State>) -> StoreProbeRegistration<Action, State> {
        StoreProbeRegistration(id: core.attach(probe) ?? 0, core: core)
    }
}
