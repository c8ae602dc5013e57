import Foundation
import Switchyard

/// What a persisted store's file holds, read without changing it: the state its snapshot restores, and the actions
/// journaled after it, each with its source and time. Useful to look at what a user did before a problem: show it
/// in SwitchyardInspector with `importRecording(base:actions:)`, or replay it in a test.
///
/// ```swift
/// let recording = try JournalRecording<TodoAction, TodoState>(path: path, initialState: TodoState())
/// try inspector.importRecording(
///     base: recording.base,
///     actions: recording.actions.map { RecordedAction($0.dispatched, time: $0.time) }
/// )
/// ```
public struct JournalRecording<Action: Sendable, State: Sendable>: Sendable {
    /// One journaled action.
    public struct Entry: Sendable {
        /// The action's sequence number in the file.
        package let sequence: Int64
        /// The action and where it was dispatched from.
        public let dispatched: DispatchedAction<Action>
        /// When the store processed it, in seconds since 1970.
        public let time: Double
    }

    /// The state the journal starts from: the snapshot's (over the initial state), or the initial state when the
    /// file has no snapshot.
    public let base: State
    /// The sequence number of the action after which the snapshot was taken; `nil` without a snapshot.
    package let snapshotSequence: Int64?
    /// The journaled actions after the snapshot, in the order the store processed them.
    public let actions: [Entry]

    /// Reads the file at `path` of a store whose whole state, and whose actions, are `Codable`.
    ///
    /// - Throws: a ``PersistenceDiagnostic`` when there is no file, or it cannot be read as a restore would read it
    ///   (corrupt, undecodable, or written by a newer version than `options` knows).
    public init(path: String, initialState: State, options: PersistenceOptions = PersistenceOptions()) throws
    where State: Codable, Action: Codable {
        try self.init(path: path, initialState: initialState, journaling: .codable(), options: options)
    }

    /// Reads the file at `path` of a store whose whole state is `Codable`, whose actions were journaled as
    /// `journaling` says.
    ///
    /// - Throws: a ``PersistenceDiagnostic`` when there is no file or it cannot be read.
    public init(
        path: String,
        initialState: State,
        journaling: ActionJournaling<Action>,
        options: PersistenceOptions = PersistenceOptions()
    ) throws where State: Codable {
        try self.init(
            path: path, initialState: initialState, journaling: journaling, options: options,
            decodeState: { data, state in state = try JSONDecoder().decode(State.self, from: data) })
    }

    /// Reads the file at `path` of a store that persists the part of its state at `part`.
    ///
    /// - Throws: a ``PersistenceDiagnostic`` when there is no file or it cannot be read.
    public init<Part: Codable & SendableMetatype>(
        path: String,
        initialState: State,
        persisting part: WritableKeyPath<State, Part> & Sendable,
        journaling: ActionJournaling<Action>,
        options: PersistenceOptions = PersistenceOptions()
    ) throws {
        try self.init(
            path: path, initialState: initialState, journaling: journaling, options: options,
            decodeState: { data, state in state[keyPath: part] = try JSONDecoder().decode(Part.self, from: data) })
    }

    private init(
        path: String,
        initialState: State,
        journaling: ActionJournaling<Action>,
        options: PersistenceOptions,
        decodeState: @escaping @Sendable (Data, inout State) throws -> Void
    ) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw PersistenceDiagnostic(kind: .notAFile, message: "there is no file at \(path)")
        }
        // The reducer is not run: the actions are read, not replayed.
        let restorer = Restorer(
            path: path, initialState: initialState, reducer: Reducer { _, _ in }, options: options,
            decodeState: decodeState, journaling: journaling)
        switch restorer.read() {
        case .failure(let diagnostic):
            throw diagnostic
        case .success(nil):
            base = initialState
            snapshotSequence = nil
            actions = []
        case .success(let contents?):
            base = contents.base
            snapshotSequence = contents.snapshotSeq
            actions = contents.actions.map { row, action in
                Entry(
                    sequence: row.seq,
                    dispatched: DispatchedAction(
                        action,
                        dispatcher: ActionSource(
                            file: row.file, function: row.function, line: UInt(row.line), info: row.info)
                    ),
                    time: row.time
                )
            }
        }
    }
}
