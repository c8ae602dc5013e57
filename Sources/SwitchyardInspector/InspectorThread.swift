import Switchyard

/// The thread that dispatched an action, kept as a number and described only when shown.
///
/// A plain value, with no reference in it: an entry copies it, and overwrites it in a full history, without calling
/// the runtime, which a case holding a `String` cost about 40 instructions per recorded action.
@usableFromInline
enum InspectorThread: Equatable, Sendable, CustomStringConvertible {
    case main
    case number(UInt)
    /// As an imported session or a replayed recording describes it: the position of its text in ``texts``.
    case described(UInt32)

    /// The thread that `text` describes: the main thread or a numbered one when it reads as their descriptions do,
    /// else the text itself.
    static func described(_ text: String) -> InspectorThread {
        if text == "main" { return .main }
        if text.hasPrefix("thread 0x"), let number = UInt(text.dropFirst("thread 0x".count), radix: 16),
            Self.number(number).description == text
        {
            return .number(number)
        }
        return .described(texts.withLock { $0.position(of: text) })
    }

    /// The texts of the threads that imported sessions and replayed recordings describe, each kept once: a
    /// session's entries name a few threads many times. Past 32,768 texts, a thread reads as ``unknown``.
    private static let texts = LockedValue(InspectorTable<String>(capacity: 1 << 15))
    /// What a thread past the table's capacity reads as.
    static let unknown = "unknown (more thread names than the inspector keeps)"

    @usableFromInline
    var description: String {
        switch self {
        case .main: "main"
        case .number(let number): "thread 0x" + String(number, radix: 16)
        case .described(let position): Self.text(at: position)
        }
    }

    static func text(at position: UInt32) -> String {
        texts.withLock { $0.value(at: position) } ?? unknown
    }
}
