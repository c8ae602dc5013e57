// SwiftRex's CombineRex for code written against SwiftRex 0.8: `import SwitchyardCombineRex` where the code says
// `import CombineRex` (and `import SwitchyardSwiftRex` where it says `import SwiftRex` or `import BridgeMiddleware`).
// This module brings everything a CombineRex file used without importing it: Switchyard and its SwiftRex spellings,
// Combine (Apple's where the platform has it, OpenCombine elsewhere) with the store's publishers, and Foundation.
@_exported import Foundation
@_exported import SwitchyardCombine
@_exported import SwitchyardSwiftRex
