import Switchyard

// The lifting samples: a `GPSMiddleware` that knows only `Location` (the Part), plugged into apps whose
// global state (the Whole) is `MyGlobalState` or `GlobalState`, with `GlobalAction` enum properties written by hand
// as a code generator would, so that `\GlobalAction.someSubAction?.middlewareLocalAction` works.

struct Location: Equatable, Sendable {
    let latitude: Double
    let longitude: Double
}

struct Item: Equatable, Sendable {
    let name: String
}

struct MyGlobalState: Equatable, Sendable {
    let title: String?
    let listOfItems: [Item]
    var currentLocation: Location
}

struct GlobalState: Equatable, Sendable {
    struct SubState: Equatable, Sendable {
        var middlewareLocalState: Location
    }

    var subState: SubState
}

enum GPSAction: Equatable, Sendable {
    case startMonitoring
    case locationChanged(Location)
}

enum GlobalAction: Equatable, Sendable {
    case someSubAction(SubAction)
    case unrelated

    var someSubAction: SubAction? {
        guard case let .someSubAction(action) = self else { return nil }
        return action
    }
}

enum SubAction: Equatable, Sendable {
    case middlewareLocalAction(GPSAction)
    case otherLocalAction

    var middlewareLocalAction: GPSAction? {
        guard case let .middlewareLocalAction(action) = self else { return nil }
        return action
    }
}

/// The documented `GPSMiddleware`: on `.startMonitoring` it writes the location it reads to the trace and dispatches
/// the sensor's reading.
struct GPSMiddleware: MiddlewareProtocol {
    let sensorReading: Location
    let trace: Trace

    func handle(
        action: GPSAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Location>
    ) -> IO<GPSAction> {
        let location = state()
        trace.append("handle \(action) at \(location.latitude),\(location.longitude)")
        guard action == .startMonitoring else { return .pure() }
        return IO { output in
            output.dispatch(.locationChanged(sensorReading))
        }
    }
}
