/// A closure that returns the current state when called.
///
/// In a middleware's `handle` it returns the state before the reducer; inside the returned ``IO`` it returns the
/// state after the reducer. It may be kept and called from any thread.
public typealias GetState<State> = @Sendable () -> State
