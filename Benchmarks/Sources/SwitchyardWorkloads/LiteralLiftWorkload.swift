import Switchyard

/// W3 written as apps usually write lifts: each `inputAction` a closure literal passed straight to `lift`, which
/// Swift emits at the abstraction `LiftMiddleware` stores it at. W3's closures are stored in ``ManyActionCase``
/// first, so each is called through a reabstraction thunk. Not a benchmark of the harness: run it with
/// `SwitchyardProfile w3-literal N` to see what the thunk costs.
package final class LiteralLiftWorkload: Workload {
    package static let name = "w3-literal"
    private let store: HundredLiftedMiddlewaresStore

    package init() {
        store = HundredLiftedMiddlewaresStore([
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m0(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m0
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m1(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m1
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m2(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m2
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m3(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m3
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m4(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m4
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m5(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m5
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m6(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m6
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m7(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m7
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m8(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m8
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m9(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m9
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m10(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m10
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m11(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m11
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m12(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m12
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m13(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m13
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m14(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m14
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m15(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m15
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m16(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m16
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m17(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m17
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m18(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m18
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m19(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m19
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m20(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m20
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m21(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m21
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m22(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m22
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m23(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m23
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m24(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m24
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m25(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m25
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m26(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m26
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m27(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m27
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m28(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m28
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m29(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m29
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m30(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m30
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m31(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m31
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m32(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m32
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m33(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m33
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m34(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m34
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m35(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m35
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m36(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m36
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m37(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m37
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m38(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m38
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m39(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m39
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m40(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m40
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m41(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m41
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m42(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m42
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m43(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m43
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m44(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m44
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m45(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m45
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m46(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m46
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m47(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m47
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m48(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m48
            ),
            LocalStateReadingMiddleware().lift(
                inputAction: { if case .m49(let x) = $0 { x } else { nil } },
                outputAction: ManyAction.m49
            ),
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
        ])
    }

    package func run(_ count: Int) {
        store.run(count)
    }
}
