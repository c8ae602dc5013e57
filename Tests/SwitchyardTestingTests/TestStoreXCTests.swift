import SwitchyardTesting
import XCTest

/// The test store runs under XCTest too: IssueReporting sends its failures to `XCTFail` there.
final class TestStoreXCTests: XCTestCase {
    func testSendAndReceiveUnderXCTest() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        await store.receive(.incremented)
        await store.finish()
    }
}
