#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A misuse of a store reported through its diagnostics hook: the store keeps working.
public struct StoreDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of misuse this is.
    public enum Kind: Sendable, Hashable {
        /// The same middleware instance was registered twice in the runtime registry.
        case duplicateRegistration
        /// A projection received a view action that its action map does not map.
        case unmappedAction
        /// An asynchronous effect failed with an error nobody handled.
        case effectFailed
        /// The store's state was read from inside its reducer, which receives the state as its `inout` argument;
        /// the read returns the state as the reducer has changed it so far.
        case stateReadInReducer
        /// A view scoped to one element of a collection found no element with its id any more: it keeps its last
        /// state, stops updating and drops what is sent through it.
        case scopedElementMissing
        /// An action was sent through an observable view whose store has been freed; it was dropped.
        case storeGone
        /// The state of a provider made from another library's publisher was read, and the publisher gave no value
        /// while subscribing: the last value it gave is used.
        case noCurrentState
        /// A tool gave back an action (``OutOfBandChange/processFirst(_:)``) that the store does not hold for it: it
        /// was given back already, or another store held it. The store processes a held action once; this one was
        /// not processed again.
        case actionNotHeld
        /// ``Store/idle(includingEffects:)`` returned before the store was idle: for 10,000 turns of the main queue in a row,
        /// the states delivered on the main actor made their observers dispatch again.
        case idleNotReached
    }

    /// What kind of misuse this is.
    public let kind: Kind
    /// A one-line explanation for the developer.
    public let message: String

    /// Creates a diagnostic.
    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// `Switchyard warning: <message>`.
    public var description: String { "Switchyard warning: \(message)" }
}

/// Where a store sends its ``StoreDiagnostic`` reports.
///
/// ```swift
/// let store = Store(initialState: 0, reducer: reducer, diagnostics: StoreDiagnostics { print($0) })
/// ```
public struct StoreDiagnostics: Sendable {
    /// Receives each report.
    public let report: @Sendable (StoreDiagnostic) -> Void

    /// Creates a diagnostics hook from a closure.
    @preconcurrency
    public init(_ report: @escaping @Sendable (StoreDiagnostic) -> Void) {
        self.report = report
    }

    /// The default: one line per report on standard error.
    public static let standardError = StoreDiagnostics { diagnostic in
        var line = diagnostic.description + "\n"
        line.withUTF8 { bytes in
            _ = write(2, bytes.baseAddress, bytes.count)
        }
    }

    /// Ignores every report.
    public static let ignore = StoreDiagnostics { _ in }
}
