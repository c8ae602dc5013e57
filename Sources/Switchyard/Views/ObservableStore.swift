import Dispatch
import Observation

// Unsafe code of this file, and the invariant it relies on: the stored properties marked `@exclusivity(unchecked)`
// are isolated to the main actor, so no two threads touch them, and every access to them is instantaneous (a read,
// an assignment or an append; no code of the app runs during one), so no two accesses overlap on the main thread
// either. The run-time check they skip costs about eighty instructions per access, five per state.
//
// A value read at its offset (`TrackedValue.offset`) is loaded from `current`'s storage: the offset comes from
// `MemoryLayout<State>.offset(of:)` for the very key path that is read (the tracked values are found by that key
// path, and equal key paths have the same value type), so a value of that type is stored there, inline, in every
// state.

/// A view of a store for SwiftUI (or any code on the main actor): its state, read through key paths, is
/// `Observable`, and a view that reads a value is invalidated only when that value changes.
///
/// ```swift
/// @MainActor
/// func render(_ view: ObservableStore<SearchAction, SearchState>) -> String {
///     view.query  // this reader depends on `query` only: a new `results` does not invalidate it
/// }
/// ```
///
/// - Reading: `view.title` (or `view[\.profile.name]`, for a nested value) returns the current value and, inside
///   an observation (a SwiftUI body, `withObservationTracking`), depends on that value only. A key path through
///   optionals (`view[\.selection?.name]`) works the same way. ``state`` depends on the whole state.
/// - Changes: each new state of the store compares every value read since it last changed with its previous value:
///   with `==` where the value is `Equatable`, by identity for a class instance, and as changed on every new state
///   otherwise. A reader is told once per state the view takes, however many of the values it read changed, and
///   once this view and every view scoped from it hold that state.
/// - Updates arrive on the main actor. With ``SchedulingPolicy/mainThread`` they arrive synchronously, in the
///   action's pipeline, so `withAnimation { view.dispatch(.toggle) }` animates. Otherwise they arrive through the main
///   queue, and the view takes the latest state: states that a newer one superseded while the main queue was busy
///   are skipped, the last state always arrives, and an older state never replaces a newer one.
/// - An action sent from the main thread to an idle store is processed at once, and the view's state is current when
///   ``dispatch(_:file:function:line:info:)`` returns, with every scheduling policy: a binding reads back what it sent.
/// - The view does not keep its store alive: keep the store where your app keeps its model. Once the store is
///   freed, the view keeps its last state and ``dispatch(_:file:function:line:info:)`` drops each action, each one
///   reported through the store's diagnostics.
@MainActor
@dynamicMemberLookup
public final class ObservableStore<Action, State>: Observable {
    @usableFromInline @exclusivity(unchecked) var current: State
    /// The values read so far, by key path, and the same in the order they were first read, for updates.
    @usableFromInline var tracked: [AnyKeyPath: TrackedValue<State>] = [:]
    /// The key paths read first, as the objects the reader passed, and their tracked values: a body reads the same
    /// key path objects every time it runs (a key path literal is made once), so comparing identities finds them
    /// without hashing and comparing the paths' components, which costs hundreds of instructions per read.
    @usableFromInline @exclusivity(unchecked) var recentKeyPaths: ContiguousArray<AnyKeyPath> = []
    @usableFromInline @exclusivity(unchecked) var recentTracked: ContiguousArray<TrackedValue<State>> = []
    @usableFromInline @exclusivity(unchecked) var trackedInOrder: [TrackedValue<State>] = []
    @usableFromInline let whole: TrackedValue<State>
    private let dispatcher: @Sendable (DispatchedAction<Action>) -> Bool
    /// Where misuse is reported: the store's diagnostics.
    @usableFromInline let diagnostics: StoreDiagnostics
    /// Cancels itself when released with this view.
    private var subscription: StoreSubscription?
    /// The scoped views that follow this one's state, each returning `false` once it is gone.
    @usableFromInline @exclusivity(unchecked) var children: [ChildUpdate] = []
    /// What keeps this view's source alive: the parent view of a scoped view.
    private var owner: AnyObject?
    /// Set by a scoped view whose element disappeared: it no longer follows its parent.
    private(set) var isDetached = false
    /// The id of the element a row view shows, fixed for the row's life; `nil` for other views.
    @usableFromInline nonisolated let elementID: (any Hashable & Sendable)?
    /// The rows of the collections scoped from this view with `scope(collection:action:)`, by the collection's key
    /// path: each keeps its row views while their ids stay.
    @usableFromInline var rowCaches: [AnyKeyPath: AnyObject] = [:]

    @usableFromInline
    init(
        initialState: State,
        diagnostics: StoreDiagnostics,
        wholeStateChanged: @escaping (State, State) -> Bool,
        elementID: (any Hashable & Sendable)? = nil,
        dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Bool
    ) {
        self.elementID = elementID
        self.current = initialState
        self.whole = TrackedValue(changed: wholeStateChanged)
        self.diagnostics = diagnostics
        self.dispatcher = dispatch
    }

    /// Keeps `owner` (a scoped view's parent) alive for as long as this view lives.
    @usableFromInline
    func keep(owner: AnyObject) {
        self.owner = owner
    }

    /// Keeps the store subscription for as long as this view lives.
    @usableFromInline
    func keep(_ subscription: StoreSubscription) {
        self.subscription = subscription
    }

    // MARK: Reading

    /// The whole state; a reader depends on every change of it.
    @inlinable
    public var state: State {
        whole.version.access()
        return current
    }

    /// The value at `keyPath` of the current state; a reader depends on that value only.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

    /// The value at `keyPath` (nested or through optionals: `view[\.profile.name]`, `view[\.selection?.name]`) of
    /// the current state; a reader depends on that value only.
    @inlinable
    public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
        let value = trackedValue(at: keyPath)
        value.version.access()
        if let offset = value.offset {
            return Self.load(Value.self, atOffset: offset, in: &current)
        }
        return current[keyPath: keyPath]
    }

    /// The value of type `type` stored at `offset` in `state`. Not isolated, so that its closure is not either: in
    /// Swift 6 mode, a main-actor closure handed to the standard library checks its executor when it runs, about 300
    /// instructions per read.
    @inlinable
    nonisolated static func load<Value>(_ type: Value.Type, atOffset offset: Int, in state: inout State) -> Value {
        withUnsafeBytes(of: &state) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    /// How many key paths ``recentKeyPaths`` keeps: more than a body usually reads, few enough to search in a loop.
    @inlinable static var recentCapacity: Int { 8 }

    @inlinable
    func trackedValue<Value>(at keyPath: KeyPath<State, Value>) -> TrackedValue<State> {
        for index in recentKeyPaths.indices where recentKeyPaths[index] === keyPath {
            return recentTracked[index]
        }
        let value: TrackedValue<State>
        if let known = tracked[keyPath] {
            value = known
        } else {
            let offset = MemoryLayout<Value>.size > 0 ? MemoryLayout<State>.offset(of: keyPath) : nil
            value = TrackedValue(changed: ChangeDetection.detector(for: keyPath), offset: offset)
            tracked[keyPath] = value
            trackedInOrder.append(value)
        }
        if recentKeyPaths.count < Self.recentCapacity {
            recentKeyPaths.append(keyPath)
            recentTracked.append(value)
        }
        return value
    }

    // MARK: Sending

    /// Dispatches `action` to the store, with the caller as its ``ActionSource``.
    ///
    /// When the store is idle, the action is processed at once on the main thread, and this view (with the views
    /// scoped from it) holds the resulting state when `dispatch` returns, whatever the store's scheduling policy. When
    /// another thread is processing, the action is queued and the view updates when it is processed.
    ///
    /// Once the store is freed, the action is dropped and reported through the store's diagnostics, each time.
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatch(DispatchedAction(action, file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action with its source to the store; see ``dispatch(_:file:function:line:info:)``.
    package func dispatch(_ dispatched: DispatchedAction<Action>) {
        if isDetached {
            diagnostics.report(
                StoreDiagnostic(
                    kind: .scopedElementMissing,
                    message: "\(dispatched.action) sent from \(dispatched.dispatcher) through a view of a collection "
                        + "element that no longer exists was dropped"
                )
            )
            return
        }
        guard !dispatcher(dispatched) else { return }
        diagnostics.report(
            StoreDiagnostic(
                kind: .storeGone,
                message: "\(dispatched.action) sent from \(dispatched.dispatcher) through an observable view whose "
                    + "store has been freed was dropped; keep the store alive as long as its views"
            )
        )
    }

    /// The current state, read without making the reader depend on it.
    @usableFromInline var stateWithoutTracking: State { current }

    /// The function that dispatches to the store; `false` once the store is gone.
    @usableFromInline var dispatchFunction: @Sendable (DispatchedAction<Action>) -> Bool { dispatcher }

    // MARK: Updating

    /// Takes a new state: records each value that changed for its readers, then updates the scoped views. The view
    /// that receives the state from the store announces the changes once all of them took it
    /// (``ObservationBatch``).
    ///
    /// Inlinable so that it is specialized for the app's state where the view is created: generic code would look
    /// up the metadata of its types on every state.
    @inlinable
    func apply(_ new: State) {
        let old = current
        current = new
        // A value that nothing read since its last change has no reader to tell: it is not even compared.
        if whole.version.accessedSinceChange, whole.changed(old, new) { whole.version.bump() }
        for value in trackedInOrder where value.version.accessedSinceChange && value.changed(old, new) {
            value.version.bump()
        }
        if !children.isEmpty { updateChildren(new) }
    }

    /// Gives `new` to the scoped views, forgetting those that are gone. The list is copied first, so that a view
    /// scoped while the others update (its `follow` appends to the list) is kept, and no access to the list lasts
    /// while the scoped views run.
    @inlinable
    func updateChildren(_ new: State) {
        let updates = children
        var kept: [ChildUpdate] = []
        kept.reserveCapacity(updates.count)
        for child in updates where child.update(new) {
            kept.append(child)
        }
        children = kept + children.dropFirst(updates.count)
    }

    /// A scoped view's update, in a struct: copied from one list to another, a closure in a struct keeps its form,
    /// where a bare closure in generic code would be wrapped in a new conversion thunk at each copy.
    @usableFromInline
    struct ChildUpdate {
        @usableFromInline let update: (State) -> Bool

        @inlinable
        init(update: @escaping (State) -> Bool) {
            self.update = update
        }
    }

    /// Makes `update` follow this view's states until it returns `false`.
    @inlinable
    func follow(_ update: @escaping (State) -> Bool) {
        children.append(ChildUpdate(update: update))
    }

    /// Stops following the parent's states.
    @usableFromInline
    func detach() {
        isDetached = true
    }
}
