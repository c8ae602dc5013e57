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
    /// which costs a fifth less per action than decoding each on its own.
    let decodeArray: @Sendable (Data, JSONDecoder) throws -> [Action]

    /// Journals each action that `isPersistent` accepts (all of them by default), encoded as itself.
    public static func codable(
        isPersistent: @escaping @Sendable (Action) -> Bool = { _ in true }
    ) -> ActionJournaling where Action: Codable {
        ActionJournaling(
            encode: { action, encoder in isPersistent(action) ? try encoder.encode(action) : nil },
            decode: { data, decoder in try decoder.decode(Action.self, from: data) },
            decodeArray: { data, decoder in try decoder.decode([Action].self, from: data) }
        )
    }

    /// Journals each action that `record` maps to a record, as that record; restoring replays the action that
    /// `replay` makes of each record.
    public static func records<Record: Codable & SendableMetatype>(
        _ record: @escaping @Sendable (Action) -> Record?,
        replay: @escaping @Sendable (Record) -> Action
    ) -> ActionJournaling {
        ActionJournaling(
            encode: { action, encoder in try record(action).map { try encoder.encode($0) } },
            decode: { data, decoder in replay(try decoder.decode(Record.self, from: data)) },
            decodeArray: { data, decoder in try decoder.decode([Record].self, from: data).map(replay) }
        )
    }
}
