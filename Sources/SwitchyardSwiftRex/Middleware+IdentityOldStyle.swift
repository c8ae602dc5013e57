import Switchyard

/// SwiftRex 0.8's identity middleware is an old-style ``Switchyard/Middleware`` too, so that SwiftRex code generic
/// over `Middleware` takes it. The core's identity is a ``Switchyard/MiddlewareProtocol`` alone.
@available(
    *, deprecated, message: "Use `MiddlewareProtocol` instead of `Middleware`. This protocol will be removed on 1.0."
)
extension IdentityMiddleware: Middleware {
    /// Ignores the action and schedules nothing after the reducer.
    public func handle(action: InputActionType, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {}
}
