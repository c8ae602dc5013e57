import Switchyard
import Testing

/// `AfterReducer`, reached through ``legacyAPI`` so that using the deprecated type does not warn.
@Suite struct AfterReducerTests {
    /// Runs the block that `build` makes from blocks writing "1", "2", "3" and returns what they wrote.
    private func order<API: LegacyAPIProtocol>(
        _ api: API,
        _ build: (API.AfterReducerBlock, API.AfterReducerBlock, API.AfterReducerBlock) -> API.AfterReducerBlock
    ) -> [String] {
        let trace = Trace()
        let blocks = ["1", "2", "3"].map { name in api.afterReducer { trace.append(name) } }
        api.run(build(blocks[0], blocks[1], blocks[2]))
        return trace.entries
    }

    @Test func doRunsItsBlockWhenTheReducerIsDone() {
        let api = legacyAPI
        #expect(order(api) { one, _, _ in one } == ["1"])
    }

    @Test func doNothingAndIdentityRunNothing() {
        let api = legacyAPI
        #expect(order(api) { _, _, _ in api.doNothing() }.isEmpty)
        #expect(order(api) { _, _, _ in api.identity() }.isEmpty)
    }

    @Test func compositionUnwindsInReverseOrder() {
        let api = legacyAPI
        #expect(order(api) { one, two, three in api.compose(api.compose(one, two), three) } == ["3", "2", "1"])
    }

    @Test func associativityLawHolds() {
        let api = legacyAPI
        let left = order(api) { one, two, three in api.compose(api.compose(one, two), three) }
        let right = order(api) { one, two, three in api.compose(one, api.compose(two, three)) }
        #expect(left == right)
    }

    @Test func identityLawHolds() {
        let api = legacyAPI
        let plain = order(api) { one, two, _ in api.compose(one, two) }
        #expect(order(api) { one, two, _ in api.compose(api.identity(), api.compose(one, two)) } == plain)
        #expect(order(api) { one, two, _ in api.compose(api.compose(one, two), api.identity()) } == plain)
        #expect(order(api) { one, two, _ in api.compose(api.doNothing(), api.compose(one, two)) } == plain)
        #expect(plain == ["2", "1"])
    }
}
