import Switchyard

// W3e's lifts, written as apps write them: each `inputAction` and `outputAction` a closure literal at the call site,
// each erased. The benchmark package and the instruction gate build this file (the gate links to it).

/// `m` lifted to the cases `.m0` to `.m49` of ``ManyAction`` with closure literals, each erased.
func erasedLiftsOfCases0to49(_ m: LocalStateReadingMiddleware) -> [AnyMiddleware<ManyAction, ManyAction, Counter>] {
    var lifted: [AnyMiddleware<ManyAction, ManyAction, Counter>] = []
    lifted.append(
        m.lift(inputAction: { if case .m0(let x) = $0 { x } else { nil } }, outputAction: { .m0($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m1(let x) = $0 { x } else { nil } }, outputAction: { .m1($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m2(let x) = $0 { x } else { nil } }, outputAction: { .m2($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m3(let x) = $0 { x } else { nil } }, outputAction: { .m3($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m4(let x) = $0 { x } else { nil } }, outputAction: { .m4($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m5(let x) = $0 { x } else { nil } }, outputAction: { .m5($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m6(let x) = $0 { x } else { nil } }, outputAction: { .m6($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m7(let x) = $0 { x } else { nil } }, outputAction: { .m7($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m8(let x) = $0 { x } else { nil } }, outputAction: { .m8($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m9(let x) = $0 { x } else { nil } }, outputAction: { .m9($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m10(let x) = $0 { x } else { nil } }, outputAction: { .m10($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m11(let x) = $0 { x } else { nil } }, outputAction: { .m11($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m12(let x) = $0 { x } else { nil } }, outputAction: { .m12($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m13(let x) = $0 { x } else { nil } }, outputAction: { .m13($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m14(let x) = $0 { x } else { nil } }, outputAction: { .m14($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m15(let x) = $0 { x } else { nil } }, outputAction: { .m15($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m16(let x) = $0 { x } else { nil } }, outputAction: { .m16($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m17(let x) = $0 { x } else { nil } }, outputAction: { .m17($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m18(let x) = $0 { x } else { nil } }, outputAction: { .m18($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m19(let x) = $0 { x } else { nil } }, outputAction: { .m19($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m20(let x) = $0 { x } else { nil } }, outputAction: { .m20($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m21(let x) = $0 { x } else { nil } }, outputAction: { .m21($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m22(let x) = $0 { x } else { nil } }, outputAction: { .m22($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m23(let x) = $0 { x } else { nil } }, outputAction: { .m23($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m24(let x) = $0 { x } else { nil } }, outputAction: { .m24($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m25(let x) = $0 { x } else { nil } }, outputAction: { .m25($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m26(let x) = $0 { x } else { nil } }, outputAction: { .m26($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m27(let x) = $0 { x } else { nil } }, outputAction: { .m27($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m28(let x) = $0 { x } else { nil } }, outputAction: { .m28($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m29(let x) = $0 { x } else { nil } }, outputAction: { .m29($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m30(let x) = $0 { x } else { nil } }, outputAction: { .m30($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m31(let x) = $0 { x } else { nil } }, outputAction: { .m31($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m32(let x) = $0 { x } else { nil } }, outputAction: { .m32($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m33(let x) = $0 { x } else { nil } }, outputAction: { .m33($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m34(let x) = $0 { x } else { nil } }, outputAction: { .m34($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m35(let x) = $0 { x } else { nil } }, outputAction: { .m35($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m36(let x) = $0 { x } else { nil } }, outputAction: { .m36($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m37(let x) = $0 { x } else { nil } }, outputAction: { .m37($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m38(let x) = $0 { x } else { nil } }, outputAction: { .m38($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m39(let x) = $0 { x } else { nil } }, outputAction: { .m39($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m40(let x) = $0 { x } else { nil } }, outputAction: { .m40($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m41(let x) = $0 { x } else { nil } }, outputAction: { .m41($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m42(let x) = $0 { x } else { nil } }, outputAction: { .m42($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m43(let x) = $0 { x } else { nil } }, outputAction: { .m43($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m44(let x) = $0 { x } else { nil } }, outputAction: { .m44($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m45(let x) = $0 { x } else { nil } }, outputAction: { .m45($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m46(let x) = $0 { x } else { nil } }, outputAction: { .m46($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m47(let x) = $0 { x } else { nil } }, outputAction: { .m47($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m48(let x) = $0 { x } else { nil } }, outputAction: { .m48($0) })
            .eraseToAnyMiddleware()
    )
    lifted.append(
        m.lift(inputAction: { if case .m49(let x) = $0 { x } else { nil } }, outputAction: { .m49($0) })
            .eraseToAnyMiddleware()
    )
    return lifted
}
