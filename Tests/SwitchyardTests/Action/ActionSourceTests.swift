import Foundation
import Switchyard
import Testing

@Suite struct ActionSourceTests {
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
}
