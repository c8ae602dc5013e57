import Switchyard

/// ``LocalStateReadingMiddleware`` lifted to the cases `.m50` to `.m99` of ``ManyAction`` with closure literals.
func literalLiftsOfCases50to99() -> [LiftMiddleware<ManyAction, ManyAction, Counter, LocalStateReadingMiddleware>] {
    [
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m50(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m50
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m51(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m51
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m52(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m52
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m53(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m53
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m54(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m54
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m55(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m55
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m56(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m56
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m57(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m57
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m58(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m58
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m59(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m59
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m60(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m60
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m61(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m61
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m62(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m62
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m63(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m63
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m64(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m64
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m65(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m65
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m66(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m66
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m67(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m67
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m68(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m68
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m69(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m69
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m70(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m70
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m71(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m71
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m72(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m72
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m73(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m73
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m74(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m74
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m75(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m75
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m76(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m76
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m77(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m77
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m78(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m78
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m79(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m79
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m80(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m80
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m81(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m81
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m82(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m82
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m83(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m83
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m84(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m84
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m85(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m85
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m86(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m86
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m87(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m87
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m88(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m88
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m89(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m89
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m90(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m90
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m91(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m91
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m92(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m92
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m93(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m93
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m94(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m94
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m95(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m95
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m96(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m96
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m97(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m97
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m98(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m98
        ),
        LocalStateReadingMiddleware().lift(
            inputAction: { if case .m99(let x) = $0 { x } else { nil } },
            outputAction: ManyAction.m99
        ),
    ]
}
