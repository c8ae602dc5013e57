import CustomDump
import Foundation
import IssueReporting
import Switchyard

/// A store for tests that asserts every state change and every action that middlewares dispatch.
///
/// Create it like a store, then `send` actions and describe, in a closure, how the state is expected to change:
/// the closure mutates a copy of the state before the action, and the result must equal the state after it.
/// Actions dispatched by middlewares, from their IO or from asynchronous effects, are asserted with `receive`,
/// which waits for them:
///
/// ```swift
/// @Test func togglingAFavoriteAsksTheAPI() async {
///     let store = TestStore(
///         initialState: FavoritesModel(),
///         reducer: favoritesReducer,
///         middleware: FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .success(true)))
///     )
///     await store.send(.toggleFavorite(7)) { $0.ids = [7] }
///     await store.receive(.changedFavorite(7, isFavorite: true))
/// }
/// ```
///
/// The test store is exhaustive by default (``Exhaustivity/on``): a state change that the closure does not
/// describe, an action received but not asserted, or an effect still running when the store is released (or
/// when ``finish(timeout:fileID:filePath:line:column:)`` is awaited) is a test failure. Effects that wait take an
/// injected clock; give them a ``TestClock`` and advance it in the test instead of sleeping.
///
/// The test store runs its effects one at a time on an executor of its own, and `send` and `receive` return once
/// every effect is suspended (sleeping, awaiting something, or finished); ``TestClock/advance(by:)`` waits for them
/// too. A test therefore never advances its clock before an effect has reached its sleep, with Swift Testing's
/// parallel execution as well. The effects that one action starts begin in the order they started and take turns
/// at each suspension, so what they dispatch arrives in the same order at every run. Tasks that an effect creates
/// itself with `Task { … }` are not run there.
///
/// Failures are reported through IssueReporting: as `Issue.record` under Swift Testing and `XCTFail` under XCTest,
/// at the line of the `send` or `receive` call, with a diff of expected and actual state. Use a test store from
/// one task at a time.
public final class TestStore<Action: Sendable, State: Sendable & Equatable> {
    /// How strictly the test is checked; may be changed between steps.
    public var exhaustivity: Exhaustivity
    /// How long `send`, `receive` and `finish` wait for the store and its effects by default.
    package var timeout: Duration

    let store: Store<TestStoreAction<Action>, State>
    let log: TestStoreLog<Action, State>
    /// Runs the store's effects one at a time, and tells when they have all run as far as they can.
    let effectExecutor = EffectExecutor()
    private let location: SourceLocation
    var needsCompletionCheck = false

    /// Creates a test store with a middleware.
    ///
    /// - Parameters:
    ///   - initialState: the state before the first action.
    ///   - reducer: the reducer under test.
    ///   - middleware: the middleware under test; compose several with `<>`.
    ///   - exhaustivity: how strictly the test is checked (``Exhaustivity/on`` by default).
    ///   - timeout: how long to wait for actions and effects by default.
    ///   - fileID: where the test store is created, for failures reported when it is released; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    public init<M: MiddlewareProtocol & Sendable>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let log = TestStoreLog<Action, State>()
        let lifted = middleware.lift(
            inputAction: { (wrapped: TestStoreAction<Action>) in wrapped.action },
            outputAction: { (action: Action) in TestStoreAction.received(action) }
        )
        self.exhaustivity = exhaustivity
        self.timeout = timeout
        self.location = location
        self.log = log
        self.store = Store(
            initialState: initialState,
            reducer: Reducer { action, state in reducer.reduce(action.action, &state) },
            middleware: RecordingMiddleware(log: log) <> lifted,
            emitsValue: .never,
            diagnostics: StoreDiagnostics { diagnostic in
                location.report(diagnostic.description)
            }
        )
        store.effects.observeFinishedEffects { log.signal.notify() }
        store.effects.preferExecutor(effectExecutor)
    }

    /// Creates a test store without middleware, to test a reducer.
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
            exhaustivity: exhaustivity,
            timeout: timeout,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }

    deinit {
        guard needsCompletionCheck, exhaustivity == .on else { return }
        // Effects that have just dispatched their last action may still be returning: give them a moment. On the
        // main thread, the main run loop runs meanwhile, for effects waiting for the main actor.
        let deadline = Date(timeIntervalSinceNow: min(timeout, .seconds(1)).timeInterval)
        while !store.effects.runningEffects.isEmpty, Date() < deadline {
            let generation = log.signal.generation
            if store.effects.runningEffects.isEmpty { break }
            if MainThread.isCurrent {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
            } else if !log.signal.blockingWait(after: generation, until: deadline) {
                break
            }
        }
        reportLeftovers(at: location)
    }

    /// The current state of the store.
    public var state: State { store.state }

    /// Sends `action` to the store and asserts how it changes the state.
    ///
    /// ```swift
    /// await store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - action: the action to send, as a view would.
    ///   - updateStateToExpectedResult: mutates the state before the action into the expected state after it;
    ///     omit it when the action must not change the state.
    ///   - fileID: the caller's location, where failures are reported; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    nonisolated(nonsending)
        public func send(
            _ action: Action,
            assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async
    {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        needsCompletionCheck = true
        let unasserted = log.takeAllReceived()
        if exhaustivity == .on, !unasserted.isEmpty {
            location.report(
                "Must handle \(unasserted.count) received action(s) before sending an action:\n"
                    + unasserted.map { "  \($0.summary)" }.joined(separator: "\n")
            )
        }
        // The effects that the action starts begin once it is processed, in the order they started.
        effectExecutor.hold()
        store.dispatch(.sent(action), from: ActionSource(file: "\(fileID)", function: "send", line: line, info: nil))
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var step = log.takeSent()
        while step == nil {
            let generation = log.signal.generation
            step = log.takeSent()
            guard step == nil else { break }
            guard await log.signal.wait(after: generation, until: deadline) else { break }
        }
        effectExecutor.release()
        guard let step else {
            location.report("The store did not process \(action) within \(timeout).")
            return
        }
        assertState(of: step, updateStateToExpectedResult, at: location)
        await effectExecutor.waitUntilIdle(until: deadline)
    }

    /// Forgets the received actions not asserted yet, so that the next step does not fail for them.
    public func skipReceivedActions() {
        _ = log.takeAllReceived()
    }

    /// Compares the state after `step` with the expected state that `update` describes, reporting a diff.
    func assertState(
        of step: TestStoreStep<Action, State>,
        _ update: ((inout State) throws -> Void)?,
        at location: SourceLocation
    ) {
        var expected = exhaustivity == .on ? step.before : step.after
        do {
            try update?(&expected)
        } catch {
            location.report("The assertion closure for \(step.action) threw: \(error)")
            return
        }
        guard expected != step.after else { return }
        let difference = diff(expected, step.after, format: .proportional) ?? "  (the values differ but print the same)"
        location.report(
            "State after \(step.action) is not as expected: (−: expected, +: actual)\n\n\(difference)"
        )
    }
}
