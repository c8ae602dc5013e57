import Foundation
import Switchyard
import Testing

@Suite struct ActionSourceTests {
    /// A store whose middleware records every action it is given, with its source.
    static func recordingStore() -> (Store<Int, Int>, Recorder<Int>) {
        let recorder = Recorder<Int>()
        let recording = AnyMiddleware<Int, Int, Int> { action, source, _ in
            recorder.append(DispatchedAction(action, dispatcher: source))
            return .pure()
        }
        return (
            Store(initialState: 0, reducer: Reducer { action, state in state += action }, middleware: recording),
            recorder
        )
    }

    @Test func dispatchCapturesCallersFileFunctionAndLine() {
        let box = Recorder<Int>()
        let handler = AnyActionHandler<Int> { box.append($0) }
        handler.dispatch(1, info: "why")
        let line = UInt(#line - 1)
        let source = box.values[0].dispatcher
        #expect(source.file == "SwitchyardTests/ActionSourceTests.swift")
        #expect(source.function == "dispatchCapturesCallersFileFunctionAndLine()")
        #expect(source.line == line)
        #expect(source.info == "why")
    }

    @Test func appendingInfoKeepsOriginalPlace() {
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 3, info: nil)
        let bridged = source.appendingInfo("Bridged from x").appendingInfo("again")
        #expect(bridged.file == "A/B.swift" && bridged.function == "f()" && bridged.line == 3)
        #expect(bridged.info == "Bridged from x\nagain")
    }

    @Test func isCodableRoundTrip() throws {
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 3, info: "i")
        let data = try JSONEncoder().encode(source)
        #expect(try JSONDecoder().decode(ActionSource.self, from: data) == source)
    }

    /// The store's `dispatch` keeps its default `#fileID` and `#function` as literals; whichever way a source keeps
    /// them, it reads, compares, hashes and encodes the same.
    @Test func sourcesFromLiteralsAndFromStringsAreOneValue() throws {
        let (store, recorder) = Self.recordingStore()
        store.dispatch(1)
        let line = UInt(#line - 1)
        store.dispatch(2, info: "why")
        let file = "SwitchyardTests/ActionSourceTests.swift"
        let function = "sourcesFromLiteralsAndFromStringsAreOneValue()"
        // Given as strings, in a source of their own.
        store.dispatch(3, from: ActionSource(file: String(file), function: function, line: line, info: nil))
        let sources = recorder.values.map(\.dispatcher)
        #expect(sources.count == 3)
        let plain = ActionSource(file: file, function: function, line: line, info: nil)
        #expect(sources[0] == plain && sources[2] == plain && sources[0] == sources[2])
        #expect(sources[0].file == file && sources[0].function == function && sources[0].info == nil)
        #expect(sources[0].hashValue == plain.hashValue)
        #expect(Set([sources[0], sources[2], plain]).count == 1)
        #expect(sources[1] == ActionSource(file: file, function: function, line: line + 2, info: "why"))
        #expect(sources[1] != sources[0])
        #expect(sources[1].description == "\(file):\(line + 2) \(function) | why")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(sources[0]) == (try encoder.encode(plain)))
        #expect(try JSONDecoder().decode(ActionSource.self, from: encoder.encode(sources[1])) == sources[1])
        #expect(sources[1].appendingInfo("again").info == "why\nagain")
        #expect(sources[0].appendingInfo("first").info == "first")
        #expect(
            sources[0].appendingInfo("first") == ActionSource(file: file, function: function, line: line, info: "first")
        )
    }

    /// Every dispatched action carries its source through each move of the engine: a source stays within the seven
    /// words that three strings and a line took (three words of literals, its info or strings, and its line),
    /// whether it was made from literals or from strings.
    @Test func aSourceIsAtMostSevenWords() {
        #expect(MemoryLayout<ActionSource>.size <= 7 * MemoryLayout<UInt>.size)
    }

    /// Sources from two call sites are told apart, however close: their lines or their functions differ.
    @Test func literalSourcesOfDifferentCallSitesDiffer() {
        let (store, recorder) = Self.recordingStore()
        func elsewhere() { store.dispatch(2) }
        store.dispatch(1)
        elsewhere()
        for _ in 0..<2 { store.dispatch(3) }
        let sources = recorder.values.map(\.dispatcher)
        #expect(sources.count == 4)
        #expect(sources[0] != sources[1] && sources[0].function != sources[1].function)
        #expect(sources[1].function == "elsewhere()")
        #expect(sources[2] == sources[3] && sources[0] != sources[2] && sources[0].line != sources[2].line)
    }

    /// A `StaticString` made from one Unicode scalar has no text to point at; a dispatch given one keeps its text,
    /// of one to four UTF-8 bytes, and the tools' cache reads it back.
    @Test func scalarStaticStringsAreKeptAsText() {
        let (store, recorder) = Self.recordingStore()
        func scalar<Literal: ExpressibleByUnicodeScalarLiteral>(_: Literal.Type, _ value: Unicode.Scalar) -> Literal {
            switch value {
            case "F": "F"
            case "\u{0}": "\u{0}"
            case "é": "é"
            default: "🚂"
            }
        }
        let texts: [Unicode.Scalar] = ["F", "\u{0}", "é", "🚂"]
        for text in texts {
            let literal = scalar(StaticString.self, text)
            #expect(!literal.hasPointerRepresentation)
            store.dispatch(1, file: literal, function: "f()", line: 7)
            store.dispatch(2, file: "M/F.swift", function: literal, line: 8, info: "i")
        }
        let sources = recorder.values.map(\.dispatcher)
        var strings = ActionSource.Strings()
        for (index, text) in texts.enumerated() {
            let (first, second) = (sources[2 * index], sources[2 * index + 1])
            #expect(first == ActionSource(file: String(text), function: "f()", line: 7, info: nil))
            #expect(second == ActionSource(file: "M/F.swift", function: String(text), line: 8, info: "i"))
            #expect(strings.of(first) == (String(text), "f()") && strings.of(second) == ("M/F.swift", String(text)))
        }
    }

    /// The tools' cache of a source's strings gives each source its own file and function, from one call site to
    /// another and back, for literal sources and string ones alike.
    @Test func sourceStringsFollowEachCallSite() {
        let (store, recorder) = Self.recordingStore()
        func first() { store.dispatch(1) }
        func second() { store.dispatch(2, info: "with info") }
        first()
        first()
        second()
        store.dispatch(3, from: ActionSource(file: "M/F.swift", function: "made()", line: 1, info: nil))
        first()
        var strings = ActionSource.Strings()
        let names = recorder.values.map { strings.of($0.dispatcher) }
        #expect(names.map(\.function) == ["first()", "first()", "second()", "made()", "first()"])
        #expect(
            names.map(\.file) == Array(repeating: "SwitchyardTests/ActionSourceTests.swift", count: 3) + [
                "M/F.swift", "SwitchyardTests/ActionSourceTests.swift",
            ])
    }
}
