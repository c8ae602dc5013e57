import CoreMetrics
import Switchyard

extension ReduxStoreBase {
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
        _ options: StoreMetricsOptions<ActionType>
    ) -> StoreProbeRegistration<
        ActionType, StateType
    >? {
        attachMetrics(options, factory: MetricsSystem.factory)
    }

    /// Counts and times the store's actions with `factory` (see ``attachMetrics(_:)``); returns `nil`, attaching
    /// nothing, when `options.isEnabled` is `false` or `factory` is `NOOPMetricsHandler`.
    @inlinable @discardableResult
    public func attachMetrics(
        _ options: StoreMetricsOptions<ActionType>,
        factory: any MetricsFactory
    ) -> StoreProbeRegistration<ActionType, StateType>? {
        guard options.isEnabled, !(factory is NOOPMetricsHandler) else { return nil }
        return attach(ActionMetrics<ActionType, StateType>(options: options, factory: factory).probe)
    }
}
