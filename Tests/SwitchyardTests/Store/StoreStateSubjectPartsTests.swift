import Foundation
import Testing

@testable import Switchyard

/// A store made on a subject keeps its cheapest path when its middleware does nothing, and moves the deprecated
/// `receiveContext` output to the main queue only when there is a middleware to give it to.
@Suite struct StoreStateSubjectPartsTests {
    /// A subject that starts from a value and records what it receives.
    final class Subject: StoreStateSubject, @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int
        init(_ value: Int) { self.value = value }
        func currentStoreState() -> Int { lock.withLock { value } }
        func storeDidReduce(_ state: Int) { lock.withLock { value = state } }
    }

    static let reducer = Reducer<Int, Int> { action, state in state += action }

    static func parts<M: MiddlewareProtocol & Sendable>(
        _ middleware: M, scheduling: SchedulingPolicy
    ) -> Store<Int, Int>.Parts where M.InputActionType == Int, M.OutputActionType == Int, M.StateType == Int {
        Store<Int, Int>.parts(
            subject: Subject(0), reducer: reducer, middleware: middleware, emitsValue: .always,
            scheduling: scheduling, diagnostics: .standardError)
    }

    @Test func middlewareThatDoesNothingKeepsTheCheapestPathOnTheMainThread() {
        #expect(Self.parts(IdentityMiddleware<Int, Int, Int>(), scheduling: .mainThread).middleware == nil)
        #expect(
            Self.parts(IdentityMiddleware<Int, Int, Int>().eraseToAnyMiddleware(), scheduling: .mainThread)
                .middleware == nil)
        #expect(Self.parts(ComposedMiddleware<Int, Int, Int>(), scheduling: .mainThread).middleware == nil)
        #expect(Self.parts(IdentityMiddleware<Int, Int, Int>(), scheduling: .callerThread).middleware == nil)
    }

    @Test func aLiftedIdentityKeepsTheCheapestPathOnEitherPolicy() {
        let lifted = IdentityMiddleware<String, String, Int>().lift(
            inputAction: { (action: Int) in String(action) }, outputAction: { Int($0) ?? 0 })
        #expect(Self.parts(lifted, scheduling: .mainThread).middleware == nil)
        #expect(Self.parts(lifted, scheduling: .callerThread).middleware == nil)
        let store = Store(initialState: 0, reducer: Self.reducer, middleware: lifted)
        store.dispatch(2)
        #expect(store.state == 2)
    }

    @Test func aMiddlewareThatActsIsKeptOnEitherPolicy() {
        let acting = AnyMiddleware<Int, Int, Int>(handle: { _, _, _ in .pure() })
        #expect(Self.parts(acting, scheduling: .mainThread).middleware != nil)
        #expect(Self.parts(acting, scheduling: .callerThread).middleware != nil)
    }
}
