import Switchyard
import SwitchyardTestSupport
import Testing

/// `<>` on IOs keeps their parts in one flat list: composing one IO at a time is linear, running a composition
/// loops over its parts, and an IO is never changed by the IOs built from it.
@Suite struct IOCompositionTests {
    /// Runs `io` and returns what it dispatched, in order.
    private static func dispatched(by io: IO<Int>) -> [Int] {
        let recorder = Recorder<Int>()
        io.run(AnyActionHandler { recorder.append($0) })
        return recorder.actions
    }

    private static func dispatching(_ action: Int) -> IO<Int> {
        IO { output in output.dispatch(action) }
    }

    /// Composes `count` IOs one at a time on a 512 KiB stack, by `combine`, and returns what the result dispatched.
    private static func composedOneAtATimeOnASmallStack(
        _ count: Int,
        _ combine: @escaping @Sendable (IO<Int>, IO<Int>) -> IO<Int>
    ) -> [Int] {
        let result = Box<[Int]>([])
        runOnThread {
            var io = IO<Int>.pure()
            for action in 0..<count { io = combine(io, dispatching(action)) }
            result.value = dispatched(by: io)
        }
        return result.value
    }

    @Test func tenThousandIOsAppendedOneAtATimeRunInOrderOnASmallStack() {
        #expect(Self.composedOneAtATimeOnASmallStack(10_000) { io, next in io <> next } == Array(0..<10_000))
    }

    @Test func tenThousandIOsPrependedOneAtATimeRunInReverseOrderOnASmallStack() {
        let dispatched = Self.composedOneAtATimeOnASmallStack(10_000) { io, next in next <> io }
        #expect(dispatched == Array((0..<10_000).reversed()))
    }

    @Test func ioGrownAtBothEndsAlternatelyKeepsItsOrder() {
        var io = IO<Int>.pure()
        for action in 1...1_000 {
            io = action.isMultiple(of: 2) ? io <> Self.dispatching(action) : Self.dispatching(-action) <> io
        }
        let expected =
            (1...1_000).filter { !$0.isMultiple(of: 2) }.reversed().map { -$0 }
            + (1...1_000).filter { $0.isMultiple(of: 2) }
        #expect(Self.dispatched(by: io) == expected)
    }

    @Test(arguments: [1, 2, 3, 7, 8, 9, 100, 1_000])
    func twoCompositionsComposedRunOneAfterTheOther(count: Int) {
        let left = (0..<count).reduce(IO<Int>.pure()) { $0 <> Self.dispatching($1) }
        let right = (count..<(3 * count)).reduce(IO<Int>.pure()) { $0 <> Self.dispatching($1) }
        #expect(Self.dispatched(by: left <> right) == Array(0..<(3 * count)))
        #expect(Self.dispatched(by: right <> left) == Array(count..<(3 * count)) + Array(0..<count))
        #expect(Self.dispatched(by: left <> left) == Array(0..<count) + Array(0..<count))
    }

    @Test func extendingAnIOChangesNeitherItNorItsOtherExtensions() {
        let base = Self.dispatching(1) <> Self.dispatching(2)
        let withThree = base <> Self.dispatching(3)
        let withFour = base <> Self.dispatching(4)
        let withZero = Self.dispatching(0) <> base
        let withMinusOne = Self.dispatching(-1) <> base
        let withThreeAndFive = withThree <> Self.dispatching(5)
        let withThreeAndSix = withThree <> Self.dispatching(6)
        #expect(Self.dispatched(by: base) == [1, 2])
        #expect(Self.dispatched(by: withThree) == [1, 2, 3])
        #expect(Self.dispatched(by: withFour) == [1, 2, 4])
        #expect(Self.dispatched(by: withZero) == [0, 1, 2])
        #expect(Self.dispatched(by: withMinusOne) == [-1, 1, 2])
        #expect(Self.dispatched(by: withThreeAndFive) == [1, 2, 3, 5])
        #expect(Self.dispatched(by: withThreeAndSix) == [1, 2, 3, 6])
        #expect(Self.dispatched(by: withFour <> withZero) == [1, 2, 4, 0, 1, 2])
    }

    @Test func associativityLawHoldsForCompositions() {
        let a = Self.dispatching(1) <> Self.dispatching(2)
        let b = Self.dispatching(3)
        let c = Self.dispatching(4) <> Self.dispatching(5) <> Self.dispatching(6)
        #expect(Self.dispatched(by: (a <> b) <> c) == Self.dispatched(by: a <> (b <> c)))
        #expect(Self.dispatched(by: (a <> b) <> c) == [1, 2, 3, 4, 5, 6])
    }

    @Test func identityLawHoldsForCompositions() {
        let io = Self.dispatching(1) <> Self.dispatching(2)
        #expect(Self.dispatched(by: .pure() <> io) == [1, 2])
        #expect(Self.dispatched(by: io <> .pure()) == [1, 2])
        #expect(!(io <> .pure()).isPure)
    }

    @Test func mapOfACompositionTransformsEveryPart() {
        let io = Self.dispatching(1) <> Self.dispatching(2) <> Self.dispatching(3)
        #expect(Self.dispatched(by: io.map { $0 * 10 }) == [10, 20, 30])
    }

    @Test func aPartThatComposesMoreIOsWhileTheCompositionRunsDoesNotChangeIt() {
        let recorder = Recorder<Int>()
        let output = AnyActionHandler<Int> { recorder.append($0) }
        let base = Self.dispatching(1) <> Self.dispatching(2)
        let grown = Box<IO<Int>?>(nil)
        let io =
            base
            <> IO { output in
                output.dispatch(3)
                grown.value = base <> Self.dispatching(99)
            } <> Self.dispatching(4)
        io.run(output)
        #expect(recorder.actions == [1, 2, 3, 4])
        #expect(Self.dispatched(by: grown.value ?? .pure()) == [1, 2, 99])
    }
}
