import Foundation
import Testing

@testable import SwitchyardInspector

@Suite struct InspectorLinkMessageTests {
    func roundTrip(_ message: InspectorLink.Message) throws -> InspectorLink.Message {
        try JSONDecoder().decode(InspectorLink.Message.self, from: Data(message.text().utf8))
    }

    @Test func everyMessageComesBackAsItWasSent() throws {
        let hello = InspectorLink.Hello(
            version: InspectorLink.version, app: "App", store: "store", platform: "Linux", process: "app",
            processID: 42, host: "host", stateType: "State", actionType: "Action", module: "App", launch: "L")
        guard case .hello(let decodedHello) = try roundTrip(.hello(hello)) else {
            Issue.record("not a hello")
            return
        }
        #expect(decodedHello == hello)
        guard case .update(let update) = try roundTrip(.update(#"{"type":"status"}"#)) else {
            Issue.record("not an update")
            return
        }
        #expect(update == #"{"type":"status"}"#)
        let export = InspectorLink.TestExport(name: "t", reducer: "r", middleware: nil, imports: ["App"])
        for request: InspectorLink.Request in [
            .status, .entries(after: 3), .entries(after: nil), .detail(id: 4), .skip(id: 5, skipped: true),
            .dispatch(json: Data("{}".utf8)), .journalTest(Data([1, 2]), export), .exportTest(export),
            .setFilter(allow: nil, deny: ["tick"]), .rate,
        ] {
            guard case .request(let id, let decodedRequest) = try roundTrip(.request(7, request)) else {
                Issue.record("not a request")
                return
            }
            #expect(id == 7)
            #expect(decodedRequest == request)
        }
        guard case .reply(let replyID, let reply) = try roundTrip(.reply(8, InspectorReply(status: 404, body: Data())))
        else {
            Issue.record("not a reply")
            return
        }
        #expect(replyID == 8 && reply.status == 404)
        guard case .watch(let watched) = try roundTrip(.watch(true)) else {
            Issue.record("not a watch")
            return
        }
        #expect(watched)
    }

    /// The type names the case and its values sit beside it: the shape both sides of version 1 read.
    @Test func theWireShapeIsTheTypeBesideTheValues() throws {
        let object = try JSONSerialization.jsonObject(with: Data(InspectorLink.Message.watch(false).text().utf8))
        let fields = try #require(object as? [String: Any])
        #expect(fields["type"] as? String == "watch")
        #expect(fields["watched"] as? Bool == false)
        #expect(fields.count == 2)
    }

    @Test func aMessageOfAnUnknownTypeOrWithoutItsValuesFailsToDecode() {
        for text in [#"{"type":"shutdown"}"#, #"{"type":"request","id":1}"#, #"{"watched":true}"#] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(InspectorLink.Message.self, from: Data(text.utf8))
            }
        }
    }
}
