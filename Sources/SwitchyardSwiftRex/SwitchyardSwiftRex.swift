// What exists only so that code written for SwiftRex 0.8 and BridgeMiddleware 0.1.3 compiles unchanged: change
// `import SwiftRex` and `import BridgeMiddleware` to `import SwitchyardSwiftRex`, which brings the whole of
// Switchyard with it, and `import CombineRex` to `import SwitchyardCombineRex`, which brings this module too.
// Foundation comes along, as it did with SwiftRex's CocoaPods module, whose files used it without importing it.
@_exported import Foundation
@_exported import Switchyard

/// Does nothing with `value`: BridgeMiddleware's way to say that a result is not needed.
///
/// ```swift
/// ignore(store.dispatch(.start))
/// ```
public func ignore<A>(_ value: A) {}
