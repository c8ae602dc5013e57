import Foundation
import GRDB
import Switchyard
import SwitchyardPersistence
import Testing

/// A long journal is replayed in order across the groups that are decoded in parallel, in JSON and in a format of
/// the app's own; a journal entry that does not decode is named by its number.
@Suite struct JournalFormatTests {
    let folder = TemporaryFolder()

    enum CounterAction: Codable, Sendable, Equatable {
        case increment
        case add(Int)
    }

    /// The counter and a hash of the order of its actions.
    struct Counter: Codable, Sendable, Equatable {
        var count = 0
        var hash: UInt64 = 14_695_981_039_346_656_037
    }

    static let reducer = Reducer<CounterAction, Counter> { action, state in
        let amount: Int
        switch action {
        case .increment: amount = 1
        case .add(let value): amount = value
        }
        state.count += amount
        state.hash = (state.hash ^ UInt64(amount)) &* 1_099_511_628_211
    }

    /// The journaling in a binary format of the app's own: one byte for the case, eight for the amount.
    static let binary = ActionJournaling<CounterAction>.custom(encode: binaryEncode, decode: binaryDecode)

    static func binaryEncode(_ action: CounterAction) -> Data {
        switch action {
        case .increment: return Data([1])
        case .add(let value): return Data([2]) + withUnsafeBytes(of: Int64(value).littleEndian) { Data($0) }
        }
    }

    static func binaryDecode(_ bytes: Data) throws -> CounterAction {
        guard let tag = bytes.first else { throw Undecodable() }
        if tag == 1 { return .increment }
        guard tag == 2, bytes.count == 9 else { throw Undecodable() }
        let value = bytes.dropFirst().withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
        return .add(Int(Int64(littleEndian: value)))
    }

    struct Undecodable: Error {}

    static let noSnapshots = PersistenceOptions(snapshotEveryActions: 1_000_000, snapshotInterval: .seconds(3_600))

    func open(
        _ journaling: ActionJournaling<CounterAction>, reports: Reports = Reports()
    ) throws -> StatePersistence<CounterAction, Counter> {
        try StatePersistence(
            path: folder.path(), initialState: Counter(), reducer: Self.reducer, journaling: journaling,
            options: Self.noSnapshots, diagnostics: reports.collect)
    }

    /// Journals 10,000 actions (more than two groups) and returns the live state.
    func journalTenThousand(_ journaling: ActionJournaling<CounterAction>) throws -> Counter {
        let persistence = try open(journaling)
        let store = Store(restoring: persistence)
        for index in 0..<10_000 { store.dispatch(index % 3 == 0 ? .increment : .add(index)) }
        persistence.close()
        return store.state
    }

    @Test(arguments: ["json", "binary"])
    func aLongJournalIsReplayedInOrder(format: String) throws {
        let journaling = format == "json" ? ActionJournaling<CounterAction>.codable() : Self.binary
        let live = try journalTenThousand(journaling)
        let restored = try open(journaling)
        #expect(restored.restoration == .restored(snapshotSequence: nil, replayedActions: 10_000))
        #expect(restored.restoredState == live)
    }

    @Test(arguments: ["json", "binary"])
    func anEntryThatDoesNotDecodeIsNamedByItsNumber(format: String) throws {
        let journaling = format == "json" ? ActionJournaling<CounterAction>.codable() : Self.binary
        _ = try journalTenThousand(journaling)
        try replaceJournaledAction(9000, with: Data([0xFF, 0x00]), in: folder.path())
        let reports = Reports()
        let persistence = try StatePersistence(
            path: folder.path(), initialState: Counter(), reducer: Self.reducer, journaling: journaling,
            options: PersistenceOptions(badFile: .keepAndDoNotPersist), diagnostics: reports.collect)
        #expect(reports.kinds == [.undecodable])
        #expect(persistence.unusableDiagnostic?.message.contains("entry 9000 ") == true)
    }

    @Test func theDocumentedBinaryFormatRoundTrips() throws {
        enum CounterAction: Sendable, Equatable { case increment, decrement }
        let journaling = ActionJournaling<CounterAction>.custom(
            encode: { action in Data([action == .increment ? 1 : 2]) },
            decode: { bytes in bytes.first == 1 ? .increment : .decrement }
        )
        let persistence = try StatePersistence(
            path: folder.path(), initialState: 0,
            reducer: Reducer<CounterAction, Int> { action, count in count += action == .increment ? 1 : -1 },
            journaling: journaling)
        let store = Store(restoring: persistence)
        for action in [CounterAction.increment, .increment, .decrement, .increment] { store.dispatch(action) }
        persistence.close()
        let restored = try StatePersistence(
            path: folder.path(), initialState: 0,
            reducer: Reducer<CounterAction, Int> { action, count in count += action == .increment ? 1 : -1 },
            journaling: journaling)
        #expect(restored.restoredState == 2)
    }

    @Test func aLargeBatchIsEncodedInOrderAndWhatDoesNotEncodeIsReportedOnce() throws {
        struct Unencodable: Error {}
        // Every thousandth action does not encode: one in each of several chunks of the batch.
        let journaling = ActionJournaling<CounterAction>.custom(
            encode: { action in
                if case .add(let value) = action, value % 1_000 == 7 { throw Unencodable() }
                return Self.binaryEncode(action)
            },
            decode: Self.binaryDecode
        )
        let reports = Reports()
        let persistence = try StatePersistence(
            path: folder.path(), initialState: Counter(), reducer: Self.reducer, journaling: journaling,
            options: PersistenceOptions(
                durability: .batched(maxDelay: .seconds(1)), snapshotEveryActions: 1_000_000,
                snapshotInterval: .seconds(3_600)),
            diagnostics: reports.collect)
        let store = Store(restoring: persistence)
        let actions = (0..<6_000).map { CounterAction.add($0) }
        for action in actions { store.dispatch(action) }
        persistence.close()
        #expect(reports.kinds == Array(repeating: .unencodable, count: 6))
        var expected = Counter()
        for action in actions {
            if case .add(let value) = action, value % 1_000 == 7 { continue }
            Self.reducer.reduce(action, &expected)
        }
        let restored = try open(journaling)
        #expect(restored.restoredState == expected)
    }
}
