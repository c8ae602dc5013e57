import Switchyard

/// ``LocalStateReadingMiddleware`` lifted to the cases `.m0` to `.m49` of ``ManyAction`` with closure literals.
func literalLiftsOfCases0to49() -> [LiftMiddleware<ManyAction, ManyAction, Counter, LocalStateReadingMiddleware>] {
    [
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
    ]
}
