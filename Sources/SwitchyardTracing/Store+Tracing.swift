import Switchyard
import Tracing

extension Store {
    /// Traces the store's actions with the tracer bootstrapped in `InstrumentationSystem`: a span per action, named
    /// by its case, with its phases, and the effects it starts nested under it (see the Tracing and metrics
    /// article).
    ///
    /// ```swift
    /// InstrumentationSystem.bootstrap(tracer)   // once, at launch, before any store is traced
    /// let tracing = store.attachTracing(StoreTracingOptions(storeName: "app"))
    /// ```
    ///
    /// Returns `nil`, attaching nothing, when `options.isEnabled` is `false` or when no tracer was bootstrapped (the
    /// `NoOpTracer`): the store then pays nothing at all. Attach after bootstrapping. Detach with the registration.
    @inlinable @discardableResult
    public func attachTracing(
        _ options: StoreTracingOptions<Action, State>
    ) -> StoreProbeRegistration<Action, State>? {
        attachTracing(options, tracer: InstrumentationSystem.tracer)
    }

    /// Traces the store's actions with `tracer` (see ``attachTracing(_:)``); returns `nil`, attaching nothing, when
    /// `options.isEnabled` is `false` or `tracer` is a `NoOpTracer`.
    @inlinable @discardableResult
    public func attachTracing<T: Tracer>(
        _ options: StoreTracingOptions<Action, State>,
        tracer: T
    ) -> StoreProbeRegistration<Action, State>? {
        guard options.isEnabled, !(tracer is NoOpTracer) else { return nil }
        return attach(ActionTracer(tracer: tracer, options: options).probe)
    }
}
