extension ReduxStoreBase {
    /// Attaches a debugging tool's hooks to the store, replacing any attached before; see ``InspectedAction``.
    ///
    /// Every hook runs on the store's processing thread with no lock of the store held, while the state is being
    /// committed: a hook must not read the store's `state` or dispatch to the store synchronously.
    /// - Parameters:
    ///   - admit: decides, before any middleware, whether an action goes through the pipeline now or is held by the
    ///     tool (which may dispatch it again later); `isFollowUp` tells an action that the store's output
    ///     dispatched (a middleware, an IO or an effect) from one the app dispatched.
    ///   - record: receives each processed action after its reducer, with the state it left.
    ///   - didRunIO: receives the time that the last recorded action's observers and IOs took, when any ran.
    @_spi(Inspection)
    public func attachInspection(
        admit: @escaping @Sendable (DispatchedAction<ActionType>, _ isFollowUp: Bool) -> InspectionAdmission,
        record: @escaping @Sendable (InspectedAction<ActionType, StateType>) -> Void,
        didRunIO: @escaping @Sendable (_ nanoseconds: UInt64) -> Void
    ) {
        core.replaceInspection(with: StoreInspection(admit: admit, record: record, didRunIO: didRunIO))
    }

    /// Detaches the debugging tool's hooks; the actions dispatched afterwards are neither held nor recorded.
    @_spi(Inspection)
    public func detachInspection() {
        core.replaceInspection(with: nil)
    }

    /// The store's reducer, for a debugging tool that replays recorded actions.
    @_spi(Inspection)
    public var inspectedReducer: Reducer<ActionType, StateType> { core.reducer }

    /// Commits a state that no action produced, as a debugging tool travelling in time does: `change` edits the
    /// state, the observers are told as for an action, no middleware sees it and no IO runs.
    ///
    /// Waits, without blocking a thread, until the store reaches a point between two actions or goes idle: the
    /// commit then runs before the actions still queued. A store that is idle runs it at once, on the calling
    /// thread when the scheduling policy lets that thread process; with the main-thread scheduling policy, the
    /// commit always runs on the main thread. Returns `false` when the store was freed first.
    @_spi(Inspection)
    public func commitOutOfBand(_ change: @escaping @Sendable (inout StateType) -> Void) async -> Bool {
        await core.commitOutOfBand(change)
    }

    /// From the `change` of ``commitOutOfBand(_:)`` only: processes `actions` right after the commit, in order, before
    /// any action dispatched meanwhile, as a debugging tool that held actions while it showed the past gives them
    /// back. `isFollowUp` tells, for each, whether the store's output dispatched it. Returns `false`, processing
    /// nothing, when called anywhere else.
    @_spi(Inspection)
    @discardableResult
    public func processFirst(_ actions: [(dispatched: DispatchedAction<ActionType>, isFollowUp: Bool)]) -> Bool {
        core.processFirst(actions)
    }
}

extension ReduxStoreBase {
    /// Attaches a journal (SwitchyardPersistence's), which then receives every action processed from now on, after its
    /// reducer; `false`, attaching nothing, when the store has one already or was freed.
    package func attachJournal(_ journal: JournalQueue<ActionType, StateType>) -> Bool {
        core.attachJournal(journal)
    }
}
