import Dispatch

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
    /// Waits, without blocking a thread, until the store is idle; with the main-thread scheduling policy, the
    /// commit happens on the main thread. Returns `false` when the store was freed first.
    @_spi(Inspection)
    public func commitOutOfBand(_ change: @escaping @Sendable (inout StateType) -> Void) async -> Bool {
        let core = core
        while true {
            let outcome: EngineState<ActionType, StateType>.OutOfBand
            if scheduling == .mainThread {
                outcome = await MainActor.run { core.commitOutOfBand(change) }
            } else {
                outcome = core.commitOutOfBand(change)
            }
            switch outcome {
            case .began: return true
            case .closed: return false
            case .busy: try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}
