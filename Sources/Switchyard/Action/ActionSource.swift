/// Where an action came from: the file, function and line that dispatched it, and optional free-form information.
///
/// `dispatch(_:)` captures the caller's `#fileID`, `#function` and `#line` through default arguments, so every
/// action reaching a middleware tells who sent it:
///
/// ```swift
/// store.dispatch(.refresh, info: "pull to refresh")
/// // ActionSource(file: "App/ListView.swift", function: "body", line: 42, info: "pull to refresh")
/// ```
public struct ActionSource: Codable, Hashable, Sendable {
    /// The file that dispatched the action, as `#fileID` prints it (`Module/File.swift`).
    public let file: String
    /// The function that dispatched the action, as `#function` prints it.
    public let function: String
    /// The line that dispatched the action.
    public let line: UInt
    /// Optional extra information, for example why the action was sent or what re-dispatched it.
    public let info: String?

    /// Creates an action source from its parts.
    public init(file: String, function: String, line: UInt, info: String?) {
        self.file = file
        self.function = function
        self.line = line
        self.info = info
    }

    /// The source of the call site: `ActionSource.here()` captures the caller's file, function and line.
    public static func here(
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> ActionSource {
        ActionSource(file: file, function: function, line: line, info: info)
    }

    /// A copy of this source with `line` appended to ``info`` on a new line (or as the whole info when it was nil).
    ///
    /// The library uses it to record provenance ("Bridged from … at …") while keeping the original file, function
    /// and line.
    public func appendingInfo(_ line: String) -> ActionSource {
        let newInfo = info.map { $0.isEmpty ? line : $0 + "\n" + line } ?? line
        return ActionSource(file: file, function: function, line: self.line, info: newInfo)
    }
}

extension ActionSource: CustomStringConvertible {
    /// `file:line function`, followed by ` | info` when there is info.
    public var description: String {
        "\(file):\(line) \(function)" + (info.map { " | \($0)" } ?? "")
    }
}
