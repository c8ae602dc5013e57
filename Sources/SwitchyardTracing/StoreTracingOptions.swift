import Switchyard

/// How a store's actions are traced (see `Store.attachTracing(_:)`): whether at all, which actions, under
/// which names, and what of the app's data a span may hold.
public struct StoreTracingOptions<Action: Sendable, State: Sendable>: Sendable {
    /// The store's name, the `switchyard.store` attribute of every span: distinguishes the stores of one process.
    public var storeName: String
    /// The per-store switch: `false` attaches nothing, and the store pays nothing.
    public var isEnabled: Bool
    /// Decides per action whether it gets a span; `nil` traces every action. An action without a span gives none
    /// to its phases or its effects either, and the follow-ups it causes start traces of their own.
    public var samples: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Bool)?
    /// The span's name for an action: by default the name of its case (`actionCaseName(_:)`), never its payload.
    /// Keep the set of names small and fixed: tracing backends index spans by name.
    public var spanName: @Sendable (_ action: Action) -> String {
        get { customSpanName ?? { actionCaseName($0) } }
        set { customSpanName = newValue }
    }
    /// The app's own naming, `nil` for the case's name: with the case's name, the tracer names an action of a case
    /// seen recently from the action's bytes, without making the name again.
    @usableFromInline var customSpanName: (@Sendable (_ action: Action) -> String)?
    /// Opt-in: what of the action a span may record, as `switchyard.action.payload`; return `nil` to record nothing
    /// for that action. Without it no payload is recorded. Redact here: the value leaves the process.
    public var redactAction: (@Sendable (_ action: Action) -> String?)?
    /// Opt-in: what of the state after the reducer a span may record, as `switchyard.state`; `nil` records nothing.
    public var redactState: (@Sendable (_ state: State) -> String?)?
    /// How the phases of an action (middlewares' `handle`, the reducer, the observers and IOs) are recorded.
    public var phases: StoreTracingPhases
    /// Apple platforms: also marks each traced action as an `os_signpost` interval of the subsystem
    /// `Switchyard`, category `actions` (Instruments' Points of Interest). Off by default; ignored elsewhere.
    public var signposts: Bool

    /// Options for the store `storeName`; every action traced under its case's name (or `spanName`'s value when you
    /// pass one), nothing of the app's data recorded, phases as span events.
    public init(
        storeName: String,
        isEnabled: Bool = true,
        samples: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Bool)? = nil,
        spanName: (@Sendable (_ action: Action) -> String)? = nil,
        redactAction: (@Sendable (_ action: Action) -> String?)? = nil,
        redactState: (@Sendable (_ state: State) -> String?)? = nil,
        phases: StoreTracingPhases = .events,
        signposts: Bool = false
    ) {
        self.storeName = storeName
        self.isEnabled = isEnabled
        self.samples = samples
        self.customSpanName = spanName
        self.redactAction = redactAction
        self.redactState = redactState
        self.phases = phases
        self.signposts = signposts
    }
}

/// How the phases of a traced action are recorded on its span.
public enum StoreTracingPhases: Sendable, Hashable {
    /// Not at all: one span per action.
    case none
    /// Events `handled` and `reduced` on the action's span, at the instant each phase ended, and a child span
    /// `observers and IOs` when any ran. The cheaper choice (see the Tracing and metrics article).
    case events
    /// Child spans `handle` and `reduce` of the action's span, and `observers and IOs` when any ran.
    case spans
}
