import Switchyard
import SwitchyardTestSupport
import Testing

/// The mailbox between a processing thread and the main queue: at most one block waits on the main queue, with the
/// latest value, and nothing is released under its lock.
@Suite struct MainActorMailboxTests {
    /// A value that tells a log when it is released.
    final class Probe: Sendable {
        let id: Int
        private let onRelease: @Sendable (Int) -> Void

        init(_ id: Int, onRelease: @escaping @Sendable (Int) -> Void = { _ in }) {
            self.id = id
            self.onRelease = onRelease
        }

        deinit { onRelease(id) }
    }

    @Test func valuesPostedWhileTheMainQueueIsBusyAreDeliveredAsTheLatestOnce() async {
        let mailbox = MainActorMailbox<Int>()
        let delivered = Log<Int>()
        let finished = await whileMainQueueIsBusy {
            for value in 1...1_000 { mailbox.post(value) { delivered.append($0) } }
        }
        #expect(finished)
        await mainQueueDrained()
        #expect(delivered.values == [1_000])
    }

    @Test func aValuePostedOnceTheLatestWasTakenIsDeliveredAfterIt() async {
        let mailbox = MainActorMailbox<Int>()
        let delivered = Log<Int>()
        #expect(await whileMainQueueIsBusy { mailbox.post(1) { delivered.append($0) } })
        await mainQueueDrained()
        #expect(await whileMainQueueIsBusy { mailbox.post(2) { delivered.append($0) } })
        await mainQueueDrained()
        #expect(delivered.values == [1, 2])
    }

    @Test func aReplacedValueIsReleasedAtOnceNotWhenTheMainQueueRuns() async {
        let mailbox = MainActorMailbox<Probe>()
        let released = Log<Int>()
        let releasedWhileBusy = Log<[Int]>()
        let delivered = Log<Int>()
        let finished = await whileMainQueueIsBusy {
            for id in 1...3 { mailbox.post(Probe(id, onRelease: released.append)) { delivered.append($0.id) } }
            releasedWhileBusy.append(released.values)
        }
        #expect(finished)
        await mainQueueDrained()
        #expect(releasedWhileBusy.values == [[1, 2]])
        #expect(delivered.values == [3])
        #expect(released.values == [1, 2, 3])
    }

    @Test func closingReleasesTheWaitingValueAndDeliversNothingMore() async {
        let mailbox = MainActorMailbox<Probe>()
        let released = Log<Int>()
        let releasedWhileBusy = Log<[Int]>()
        let delivered = Log<Int>()
        let finished = await whileMainQueueIsBusy {
            mailbox.post(Probe(1, onRelease: released.append)) { delivered.append($0.id) }
            mailbox.close()
            releasedWhileBusy.append(released.values)
            mailbox.post(Probe(2, onRelease: released.append)) { delivered.append($0.id) }
        }
        #expect(finished)
        await mainQueueDrained()
        #expect(releasedWhileBusy.values == [[1]])
        #expect(released.values == [1, 2])
        #expect(delivered.values.isEmpty)
    }

    /// The mailbox's lock is not reentrant: a value released under it, whose `deinit` posts again, would hang.
    @Test func aReplacedValueWhoseReleasePostsToTheSameMailboxDoesNotHang() async {
        let mailbox = MainActorMailbox<Probe>()
        let delivered = Log<Int>()
        let finished = await whileMainQueueIsBusy {
            mailbox.post(Probe(1) { _ in mailbox.post(Probe(3)) { delivered.append($0.id) } }) {
                delivered.append($0.id)
            }
            mailbox.post(Probe(2)) { delivered.append($0.id) }
        }
        #expect(finished)
        await mainQueueDrained()
        #expect(delivered.values == [3])
    }
}
