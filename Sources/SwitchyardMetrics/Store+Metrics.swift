import CoreMetrics
import Switchyard

extension Store {
    /// Counts and times the store's actions and effects with the metrics backend bootstrapped in `MetricsSystem`
    /// (see ``StoreMetricsOptions`` for the metrics and their dimensions).
    ///
    /// ```swift
    /// MetricsSystem.bootstrap(factory)   // once, at launch, before any store is measured
    /// let metrics = store.attachMetrics(StoreMetricsOptions(storeName: "app"))
    /// ```
    ///
    /// Returns `nil`, attaching nothing, when `options.isEnabled` is `false` or no backend was bootstrapped
    /// (`NOOPMetricsHandler`): the store then pays nothing at all. Attach after bootstrapping.
    @inlinable @discardableResult
    public func attachMetrics(
        _ options: StoreMetricsOptions<Action>
    ) -> StoreProbeRegistration<
        Action, State
    >? {
        attachMetrics(options, factory: MetricsSystem.factory)
    }

    /// Counts and times the store's actions with `factory` (see ``attachMetrics(_:)``); returns `nil`, attaching
    /// nothing, when `options.isEnabled` is `false` or `factory` is `NOOPMetricsHandler`.
    @inlinable @discardableResult
    public func attachMetrics(
        _ options: StoreMetricsOptions<Action>,
        factory: any MetricsFactory
    ) -> StoreProbeRegistration<Action, State>? {
        guard options.isEnabled, !(factory is NOOPMetricsHandler) else { return nil }
        return attach(ActionMetrics<Action, State>(options: options, factory: factory).probe)
    }
}
