// `import SwitchyardCombine` brings Combine along: Apple's where the platform has it, OpenCombine elsewhere, so
// `sink`, `AnyCancellable` and `ObservableObject` need no import of their own.
#if canImport(Combine)
    @_exported import Combine
#else
    @_exported import OpenCombine
#endif
