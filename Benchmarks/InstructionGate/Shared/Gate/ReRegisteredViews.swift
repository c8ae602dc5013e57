import Observation
import Switchyard

#if swift(>=6)
    import GateStoresSwift6
#else
    import GateStoresSwift5
#endif

// V2 and V2p: a view read the way SwiftUI reads it. SwiftUI registers a body's reads with the Observation framework,
// is told once when one of them changes, and registers again when it renders the body anew. Here the "body" reads
// the count, the app changes it, the change is told, and the body registers again: once per action, on the main
// thread. V2 reads a store's observable view; V2p a plain `@Observable` model doing the same, the floor that V2 is
// compared with.

/// What a body registration was told: set by `onChange`, read and cleared by the loop, all on the main thread.
final class Invalidation: @unchecked Sendable {
    var count = 0
}

/// A plain `@Observable` model of the counter, changed by its own method: what V2's store and view are compared with.
@Observable
@MainActor
final class PlainCounterModel {
    var count = 0

    func increment() { count += 1 }
}

/// Registers a body that reads `read()`, as SwiftUI does when it renders one; `invalidation` is told of a change.
@MainActor
func registerBody(_ invalidation: Invalidation, reading read: () -> Int) {
    _ = withObservationTracking {
        read()
    } onChange: {
        invalidation.count += 1
    }
}

/// V2: the counter's observable view (`.mainThread`), its reader registered again after each change.
func runReRegisteredView(_ count: Int) {
    let store = makeStore(Counter(), counterReducer, scheduling: .mainThread)
    MainActor.assumeIsolated {
        let view = store.observable()
        let invalidation = Invalidation()
        for _ in 0..<count {
            registerBody(invalidation) { view.count }
            store.dispatch(.increment)
        }
        precondition(invalidation.count == count, "the body missed changes")
    }
}

/// V2p: V2 with a plain `@Observable` model instead of a store and its view.
func runReRegisteredPlainModel(_ count: Int) {
    MainActor.assumeIsolated {
        let model = PlainCounterModel()
        let invalidation = Invalidation()
        for _ in 0..<count {
            registerBody(invalidation) { model.count }
            model.increment()
        }
        precondition(invalidation.count == count, "the body missed changes")
    }
}
