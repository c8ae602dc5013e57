import Foundation

/// How a persisted store writes its actions into the journal, and reads them back when it restores.
///
/// `Codable` actions are journaled as themselves (``codable(isPersistent:)``, the default). Actions that are not
/// `Codable`, or whose encoding should not be the file's format, are journaled as a `Codable` record of your own:
///
/// ```swift
/// let journaling = ActionJournaling<AppAction>.records(
///     { action in TodoRecord(action) },   // nil: not journaled
///     replay: { record in record.action }
/// )
/// ```
///
/// Actions are encoded on the journal's writer thread, never on the store's processing thread.
public struct ActionJournaling<Action: Sendable>: Sendable {
    /// The action's JSON; `nil` when the action is not journaled.
    let encode: @Sendable (Action, JSONEncoder) throws -> Data?
    /// The action that JSON written by `encode` stands for.
    let decode: @Sendable (Data, JSONDecoder) throws -> Action
    /// The actions that a JSON array of what `encode` wrote stands for: a restore decodes the journal in arrays,
    /// with the journal's own reader where it can (see `JournalJSONDecoder`), and the given decoder where it cannot.
    /// `nil` for a format that is not JSON.
    let decodeArray: (@Sendable (Data, JSONDecoder) throws -> [Action])?

    /// Journals each action that `isPersistent` accepts (all of them by default), encoded as itself, in JSON.
    ///
    /// The journal writes and reads that JSON with coders of its own, which code the action's `Codable` conformance
    /// as Foundation's `JSONEncoder` and `JSONDecoder` (default options) do, at about half their cost, and hand to
    /// Foundation's coders what they do not code in the same way (`Data`, `URL`, `Decimal` and `Float` values,
    /// super encoders, a container asked twice of one encoder): files written by earlier releases restore as before.
    public static func codable(
        isPersistent: @escaping @Sendable (Action) -> Bool = { _ in true }
    ) -> ActionJournaling where Action: Codable {
        ActionJournaling(
            encode: { action, encoder in
                isPersistent(action) ? try JournalJSONEncoder.encode(action, orWith: encoder) : nil
            },
            decode: { data, decoder in try decoder.decode(Action.self, from: data) },
            decodeArray: { data, decoder in
                try JournalJSONDecoder.decodeArray(Action.self, from: data, orWith: decoder)
            }
        )
    }

    /// Journals each action that `record` maps to a record, as that record; restoring replays the action that
    /// `replay` makes of each record.
    public static func records<Record: Codable & SendableMetatype>(
        _ record: @escaping @Sendable (Action) -> Record?,
        replay: @escaping @Sendable (Record) -> Action
    ) -> ActionJournaling {
        ActionJournaling(
            encode: { action, encoder in
                try record(action).map { try JournalJSONEncoder.encode($0, orWith: encoder) }
            },
            decode: { data, decoder in replay(try decoder.decode(Record.self, from: data)) },
            decodeArray: { data, decoder in
                try JournalJSONDecoder.decodeArray(Record.self, from: data, orWith: decoder).map(replay)
            }
        )
    }

    /// Journals actions in a format of your own: `encode` gives an action's bytes (`nil`: the action is not
    /// journaled), and `decode` the action those bytes stand for.
    ///
    /// The journal's JSON costs about 1.3 µs to encode and 1.3 µs to decode a small enum action on Linux (the
    /// journal's own JSON coders, which leave to Foundation's what they cannot code as Foundation's do: Foundation's
    /// cost 2.3 and 3.3 µs), which bounds the writer's throughput and the time to replay a long journal; a
    /// hand-written binary format costs a few nanoseconds. The bytes are the app's: keep `decode` able to read what older versions wrote, or raise
    /// the options' `schemaVersion` and register migrations, which receive and return these bytes.
    ///
    /// ```swift
    /// let journaling = ActionJournaling<CounterAction>.custom(
    ///     encode: { action in Data([action == .increment ? 1 : 2]) },
    ///     decode: { bytes in bytes.first == 1 ? .increment : .decrement }
    /// )
    /// ```
    public static func custom(
        encode: @escaping @Sendable (Action) throws -> Data?,
        decode: @escaping @Sendable (Data) throws -> Action
    ) -> ActionJournaling {
        ActionJournaling(
            encode: { action, _ in try encode(action) },
            decode: { data, _ in try decode(data) },
            decodeArray: nil
        )
    }
}
