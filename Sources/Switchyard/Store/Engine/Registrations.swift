/// What is registered with a store, as the processing thread sees it: an immutable snapshot, made anew under the
/// engine's lock after each change, which the processing thread borrows while it works.
@usableFromInline
final class Registrations<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let observers: ContiguousArray<StateObserver<State>>
    @usableFromInline let runtime: ContiguousArray<RuntimeEntry<Action, State>>
    @usableFromInline let inspection: StoreInspection<Action, State>?

    @usableFromInline
    init(
        observers: ContiguousArray<StateObserver<State>>,
        runtime: ContiguousArray<RuntimeEntry<Action, State>>,
        inspection: StoreInspection<Action, State>?
    ) {
        self.observers = observers
        self.runtime = runtime
        self.inspection = inspection
    }
}
