import Foundation

/// The number of frames on the caller's stack: equal depths through two handlers that should be the same show
/// that one is not a wrapper around the other. Meaningful only without optimization (see ``isDebugBuild``).
func currentStackDepth() -> Int {
    Thread.callStackSymbols.count
}

/// Whether the tests run unoptimized: stack depths only count wrappers when nothing is inlined.
let isDebugBuild: Bool = {
    #if DEBUG
        true
    #else
        false
    #endif
}()
