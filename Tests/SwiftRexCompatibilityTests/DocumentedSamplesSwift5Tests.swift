import Switchyard
import Testing

// `DocumentedSamples/` links the Swift 6 suite's fixtures, the code samples of SwiftRex's documentation (middlewares, the
// deprecated `Middleware` API with `receiveContext`, lifts, collections, the GPS sample): this target compiles the
// very same files in Swift 5 language mode.

/// The documentation's samples, compiled in Swift 5 mode, behave as in Swift 6.
@Suite struct DocumentedSamplesSwift5Tests {
    @Test func theGPSSampleLiftedWithKeyPathsAndCaseConstructorsDispatchesItsReading() {
        let trace = Trace()
        let reading = Location(latitude: 1, longitude: 2)
        let lifted = GPSMiddleware(sensorReading: reading, trace: trace).lift(
            inputAction: \GlobalAction.someSubAction?.middlewareLocalAction,
            outputAction: { GlobalAction.someSubAction(.middlewareLocalAction($0)) },
            state: \MyGlobalState.currentLocation
        )
        let start = MyGlobalState(title: nil, listOfItems: [], currentLocation: Location(latitude: 0, longitude: 0))
        let dispatched = Recorder<GlobalAction>()
        let io = lifted.handle(
            action: .someSubAction(.middlewareLocalAction(.startMonitoring)), from: .here(), state: { start })
        io.run(AnyActionHandler { dispatched.record($0.action) })
        #expect(trace.entries == ["handle startMonitoring at 0.0,0.0"])
        #expect(dispatched.actions == [.someSubAction(.middlewareLocalAction(.locationChanged(reading)))])
    }

    @Test func theGPSSampleLiftsItsStateWithAKeyPathAsTheReferenceShowsIt() {
        let trace = Trace()
        let gpsMiddleware = GPSMiddleware(sensorReading: Location(latitude: 1, longitude: 2), trace: trace)
        let globalStateMiddleware = gpsMiddleware.lift(state: \MyGlobalState.currentLocation)
        let state = MyGlobalState(title: "Map", listOfItems: [], currentLocation: Location(latitude: 48, longitude: 2))
        _ = globalStateMiddleware.handle(action: .startMonitoring, from: .here(), state: { state })
        #expect(trace.entries == ["handle startMonitoring at 48.0,2.0"])
    }
}
