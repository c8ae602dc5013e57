import Switchyard
import SwitchyardTesting
import Testing

@Suite struct TestStoreTests {
    typealias Action = Counter.Action

    // MARK: - Passing

    @Test func sendAssertsTheStateMutation() async {
        let store = Counter.testStore()
        await store.send(.increment) { $0.count = 1 }
        await store.send(.renamed("a")) { $0.name = "a" }
        #expect(store.state == Counter.State(count: 1, ticks: 0, name: "a"))
    }

    @Test func anActionThatChangesNothingNeedsNoClosure() async {
        let store = Counter.testStore()
        await store.send(.renamed(""))
    }

    @Test func receiveAssertsActionsDispatchedByTheIO() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        await store.receive(.incremented)
    }

    @Test func receiveWaitsForAnEffectDrivenByATestClock() async {
        let clock = TestClock()
        let store = Counter.testStore(clock: clock)
        await store.send(.tickLater)
        await clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 1 }
        await store.finish()
    }

    @Test func receiveWhereMatchesWithAPredicate() async {
        let store = Counter.testStore()
        await store.send(.tickLater)
        await store.receive(where: { $0 == .tick }) { $0.ticks = 1 }
    }

    @Test func receiveSameCaseAsMatchesTheCaseWhateverThePayload() async {
        let store = stampingStore()
        await store.send(.stamp) { $0.stamps = 1 }
        // The payload is random: the test cannot write it.
        await store.receive(sameCaseAs: .stamped(0)) { $0.stamps = 2 }
    }

    @Test func receiveSameCaseAsReportsAnotherCase() async {
        let store = stampingStore()
        await store.send(.stamp) { $0.stamps = 1 }
        let issues = await capturingIssues {
            await store.receive(sameCaseAs: .stamp)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("expected: an action of the case `stamp`") == true)
        #expect(issues.first?.contains("received: stamped(") == true)
    }

    @Test func cancelledEffectsLeaveNothingRunning() async {
        let store = Counter.testStore(clock: TestClock())
        await store.send(.waitForever)
        await store.send(.stopWaiting)
        await store.finish()
    }

    @Test func nonExhaustiveStoreChecksOnlyWhatTheTestStates() async {
        let store = Counter.testStore(clock: TestClock(), exhaustivity: .off)
        await store.send(.incrementAndAnnounce)
        await store.send(.renamed("b")) { $0.name = "b" }
        await store.send(.increment) { $0.count = 2 }
        await store.send(.incrementAndAnnounce)
        await store.send(.incrementAndAnnounce)
        await store.receive(.incremented) { $0.count = 4 }
        await store.send(.waitForever)
    }

    @Test func skipReceivedActionsForgetsThem() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        store.skipReceivedActions()
        await store.send(.increment) { $0.count = 2 }
    }

    // MARK: - Reporting failures

    @Test func aWrongStateMutationIsReported() async {
        let store = Counter.testStore()
        let issues = await capturingIssues {
            await store.send(.increment) { $0.count = 2 }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("State after increment is not as expected") == true)
        #expect(store.state.count == 1)
    }

    @Test func aStateChangeTheTestDoesNotDescribeIsReported() async {
        let store = Counter.testStore()
        let issues = await capturingIssues {
            await store.send(.increment)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("State after increment is not as expected") == true)
        #expect(issues.first?.contains("+   count: 1,") == true)
    }

    @Test func anAssertionClosureThatThrowsIsReported() async {
        struct Oops: Error {}
        let store = Counter.testStore()
        let issues = await capturingIssues {
            await store.send(.increment) { _ in throw Oops() }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("The assertion closure for increment threw: Oops()") == true)
    }

    @Test func receivingADifferentActionIsReported() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        let issues = await capturingIssues {
            await store.receive(.tick)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("Received an unexpected action:") == true)
        #expect(issues.first?.contains("expected: tick") == true)
        #expect(issues.first?.contains("received: incremented") == true)
    }

    @Test func receivingAnActionNeverDispatchedTimesOut() async {
        let issues = await capturingIssues {
            let store = Counter.testStore(clock: TestClock(), timeout: .milliseconds(50))
            await store.send(.waitForever)
            await store.receive(.tick)
            // Released with the effect still running: a second issue.
        }
        #expect(issues.count == 2)
        #expect(
            issues.first?.contains("Expected to receive tick, but no such action arrived within 0.05 seconds") == true)
        #expect(issues.first?.contains("(id: forever)") == true)
    }

    @Test func sendingWhileReceivedActionsAreUnassertedIsReported() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        let issues = await capturingIssues {
            await store.send(.increment) { $0.count = 2 }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("Must handle 1 received action(s) before sending an action") == true)
    }

    @Test func aReceivedActionLeftUnassertedIsReportedByFinish() async {
        let store = Counter.testStore()
        await store.send(.incrementAndAnnounce) { $0.count = 1 }
        let issues = await capturingIssues {
            await store.finish()
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("1 received action(s) not asserted") == true)
    }

    @Test func aReceivedActionLeftUnassertedIsReportedWhenTheStoreIsReleased() async {
        let issues = await capturingIssues {
            let store = Counter.testStore()
            await store.send(.incrementAndAnnounce) { $0.count = 1 }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("1 received action(s) not asserted") == true)
    }

    @Test func anEffectStillRunningIsReportedByFinish() async {
        let store = Counter.testStore(clock: TestClock())
        await store.send(.waitForever)
        let issues = await capturingIssues {
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.contains("Expected every effect to finish within 0.05 seconds, but 1 still running") == true)
        await store.send(.stopWaiting)
        await store.finish()
    }

    @Test func anEffectStillRunningIsReportedWhenTheStoreIsReleased() async {
        let issues = await capturingIssues {
            let store = Counter.testStore(clock: TestClock(), timeout: .milliseconds(50))
            await store.send(.waitForever)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("1 effect(s) still running when the test store was released") == true)
    }

    @Test func anEffectFailureIsReported() async {
        let store = Counter.testStore()
        let issues = await capturingIssues {
            await store.send(.fail)
            await store.finish()
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("effect created at") == true)
        #expect(issues.first?.contains("failed: Failure()") == true)
    }
}

/// A store whose `.stamp` makes a middleware dispatch `.stamped` with a random payload.
private enum Stamping: Sendable {
    case stamp
    case stamped(UInt64)
}

private func stampingStore() -> TestStore<Stamping, StampCount> {
    TestStore(
        initialState: StampCount(),
        reducer: Reducer { _, state in state.stamps += 1 },
        middleware: AnyMiddleware { action, _, _ in
            guard case .stamp = action else { return .pure() }
            return IO { output in output.dispatch(.stamped(.random(in: 0 ... .max))) }
        },
        timeout: .seconds(30)
    )
}

private struct StampCount: Equatable, Sendable {
    var stamps = 0
}
