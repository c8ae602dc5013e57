import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// An entry keeps where its action was dispatched from as a position in a table of places, and its source's `info`
/// apart: each recorded source reads back whole, through the cache of the last places and past it.
@Suite struct InspectorPlaceTests {
    static func source(_ file: String, _ line: UInt, info: String? = nil) -> ActionSource {
        ActionSource(file: file, function: "send()", line: line, info: info)
    }

    @Test func everySourceReadsBackWholeOnceTheHistoryWritesOverItsOldestEntries() {
        // Lines 3 and `shared` share a slot of the cache, and the same line of two files shares one too; `info` comes
        // and goes, so that an entry written over has had one or not.
        let file = "App/View.swift"
        let shared = 3 + UInt(InspectorPlaceCache.slotCount)
        var sources = [
            Self.source(file, 3), Self.source(file, shared), Self.source("App/Other.swift", 3),
            Self.source(file, 3, info: "typed"), Self.source(file, 3), Self.source(file, shared, info: "pasted"),
            ActionSource(file: file, function: "other()", line: 3, info: nil), Self.source(file, shared),
        ]
        // Strings made at run time, which are not the literals the cache compares word by word.
        sources.append(Self.source(String(file.reversed().reversed()), 3, info: String(repeating: "i", count: 40)))
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: sources.count)
        // The second round writes over each entry of the first, with the source of the next one.
        let rounds = sources + sources.dropFirst() + sources.prefix(1)
        for (index, source) in rounds.enumerated() { store.dispatch(.search("\(index)"), from: source) }
        let recorded = inspector.actions
        #expect(recorded.map(\.action) == (sources.count..<rounds.count).map { .search("\($0)") })
        #expect(recorded.map(\.dispatcher) == Array(rounds.suffix(sources.count)))
    }

    @Test func theSameFileFunctionAndLineHaveOnePlaceWhateverTheirInfo() {
        let first = InspectorPlace(Self.source("A.swift", 1))
        #expect(InspectorPlace(Self.source("A.swift", 1, info: "typed")) == first)
        #expect(InspectorPlace(Self.source("A.swift", 2)) != first)
        #expect(InspectorPlace(Self.source("B.swift", 1)) != first)
        #expect(first.source(info: "typed") == Self.source("A.swift", 1, info: "typed"))
    }

    @Test func aFullTableStillFindsItsPlacesAndReadsTheOthersAsUnknown() {
        var table = InspectorTable<InspectorPlace.Place>(capacity: 2)
        let first = table.position(of: .init(Self.source("A.swift", 1)))
        let second = table.position(of: .init(Self.source("A.swift", 2)))
        let third = table.position(of: .init(Self.source("A.swift", 3)))
        #expect(third == InspectorTable<InspectorPlace.Place>.unlisted)
        #expect(table.value(at: third) == nil)
        #expect(table.count == 2)
        #expect(table.position(of: .init(Self.source("A.swift", 1))) == first)
        #expect(table.position(of: .init(Self.source("A.swift", 2))) == second)
        #expect(table.value(at: second)?.line == 2)
        // A place past the capacity reads as unknown, with its action's info.
        let unlisted = InspectorPlace(position: third).source(info: "typed")
        #expect(unlisted.file == InspectorPlace.unknown.file)
        #expect(unlisted.info == "typed")
    }

    @Test func threadsRecordingFromManyPlacesAtOnceEachReadTheirOwnBack() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 100_000)
        let threads = 8
        let perThread = 2_000
        for thread in 0..<threads {
            Thread.detachNewThread {
                for index in 0..<perThread {
                    let source = ActionSource(
                        file: "Thread\(thread).swift", function: "run()", line: UInt(index % 100), info: nil)
                    store.dispatch(.search("\(thread) \(index)"), from: source)
                }
            }
        }
        #expect(await eventually { inspector.count == threads * perThread })
        let recorded = inspector.actions
        #expect(recorded.count == threads * perThread)
        for dispatched in recorded {
            guard case .search(let text) = dispatched.action else {
                Issue.record("unexpected \(dispatched.action)")
                continue
            }
            let parts = text.split(separator: " ").compactMap { Int($0) }
            #expect(dispatched.dispatcher.file == "Thread\(parts[0]).swift")
            #expect(dispatched.dispatcher.line == UInt(parts[1] % 100))
        }
    }
}
