import Switchyard

// W3e's lifts, written as apps write them: each `inputAction` and `outputAction` a closure literal at the call site,
// each erased. The benchmark package and the instruction gate build this file (the gate links to it).

/// `m` lifted to the cases `.m50` to `.m99` of ``ManyAction`` with closure literals, each erased.
func erasedLiftsOfCases50to99(_ m: LocalStateReadingMiddleware) -> [AnyMiddleware<ManyAction, ManyAction, Counter>] {
    var lifted: [AnyMiddleware<ManyAction, ManyAction, Counter>] = []
    lifted.append(
        m.lift(inputAction: { if case .m50(let x) = $0 { x } else { nil } }, outputAction: { .m50($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m51(let x) = $0 { x } else { nil } }, outputAction: { .m51($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m52(let x) = $0 { x } else { nil } }, outputAction: { .m52($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m53(let x) = $0 { x } else { nil } }, outputAction: { .m53($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m54(let x) = $0 { x } else { nil } }, outputAction: { .m54($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m55(let x) = $0 { x } else { nil } }, outputAction: { .m55($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m56(let x) = $0 { x } else { nil } }, outputAction: { .m56($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m57(let x) = $0 { x } else { nil } }, outputAction: { .m57($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m58(let x) = $0 { x } else { nil } }, outputAction: { .m58($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m59(let x) = $0 { x } else { nil } }, outputAction: { .m59($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m60(let x) = $0 { x } else { nil } }, outputAction: { .m60($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m61(let x) = $0 { x } else { nil } }, outputAction: { .m61($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m62(let x) = $0 { x } else { nil } }, outputAction: { .m62($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m63(let x) = $0 { x } else { nil } }, outputAction: { .m63($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m64(let x) = $0 { x } else { nil } }, outputAction: { .m64($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m65(let x) = $0 { x } else { nil } }, outputAction: { .m65($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m66(let x) = $0 { x } else { nil } }, outputAction: { .m66($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m67(let x) = $0 { x } else { nil } }, outputAction: { .m67($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m68(let x) = $0 { x } else { nil } }, outputAction: { .m68($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m69(let x) = $0 { x } else { nil } }, outputAction: { .m69($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m70(let x) = $0 { x } else { nil } }, outputAction: { .m70($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m71(let x) = $0 { x } else { nil } }, outputAction: { .m71($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m72(let x) = $0 { x } else { nil } }, outputAction: { .m72($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m73(let x) = $0 { x } else { nil } }, outputAction: { .m73($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m74(let x) = $0 { x } else { nil } }, outputAction: { .m74($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m75(let x) = $0 { x } else { nil } }, outputAction: { .m75($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m76(let x) = $0 { x } else { nil } }, outputAction: { .m76($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m77(let x) = $0 { x } else { nil } }, outputAction: { .m77($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m78(let x) = $0 { x } else { nil } }, outputAction: { .m78($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m79(let x) = $0 { x } else { nil } }, outputAction: { .m79($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m80(let x) = $0 { x } else { nil } }, outputAction: { .m80($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m81(let x) = $0 { x } else { nil } }, outputAction: { .m81($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m82(let x) = $0 { x } else { nil } }, outputAction: { .m82($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m83(let x) = $0 { x } else { nil } }, outputAction: { .m83($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m84(let x) = $0 { x } else { nil } }, outputAction: { .m84($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m85(let x) = $0 { x } else { nil } }, outputAction: { .m85($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m86(let x) = $0 { x } else { nil } }, outputAction: { .m86($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m87(let x) = $0 { x } else { nil } }, outputAction: { .m87($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m88(let x) = $0 { x } else { nil } }, outputAction: { .m88($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m89(let x) = $0 { x } else { nil } }, outputAction: { .m89($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m90(let x) = $0 { x } else { nil } }, outputAction: { .m90($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m91(let x) = $0 { x } else { nil } }, outputAction: { .m91($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m92(let x) = $0 { x } else { nil } }, outputAction: { .m92($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m93(let x) = $0 { x } else { nil } }, outputAction: { .m93($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m94(let x) = $0 { x } else { nil } }, outputAction: { .m94($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m95(let x) = $0 { x } else { nil } }, outputAction: { .m95($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m96(let x) = $0 { x } else { nil } }, outputAction: { .m96($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m97(let x) = $0 { x } else { nil } }, outputAction: { .m97($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m98(let x) = $0 { x } else { nil } }, outputAction: { .m98($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m99(let x) = $0 { x } else { nil } }, outputAction: { .m99($0) })
            .eraseToAnyMiddleware()
    )
    return lifted
}
