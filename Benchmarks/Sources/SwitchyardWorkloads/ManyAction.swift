/// The action of W3 and W3e: one hundred cases, one per lifted middleware, so that each middleware's `inputAction`
/// closure sees every action and maps all but its own case to `nil`. The benchmark package and the instruction gate
/// build this file (the gate links to it).
package enum ManyAction: Sendable {
    case m0(Int)
    case m1(Int)
    case m2(Int)
    case m3(Int)
    case m4(Int)
    case m5(Int)
    case m6(Int)
    case m7(Int)
    case m8(Int)
    case m9(Int)
    case m10(Int)
    case m11(Int)
    case m12(Int)
    case m13(Int)
    case m14(Int)
    case m15(Int)
    case m16(Int)
    case m17(Int)
    case m18(Int)
    case m19(Int)
    case m20(Int)
    case m21(Int)
    case m22(Int)
    case m23(Int)
    case m24(Int)
    case m25(Int)
    case m26(Int)
    case m27(Int)
    case m28(Int)
    case m29(Int)
    case m30(Int)
    case m31(Int)
    case m32(Int)
    case m33(Int)
    case m34(Int)
    case m35(Int)
    case m36(Int)
    case m37(Int)
    case m38(Int)
    case m39(Int)
    case m40(Int)
    case m41(Int)
    case m42(Int)
    case m43(Int)
    case m44(Int)
    case m45(Int)
    case m46(Int)
    case m47(Int)
    case m48(Int)
    case m49(Int)
    case m50(Int)
    case m51(Int)
    case m52(Int)
    case m53(Int)
    case m54(Int)
    case m55(Int)
    case m56(Int)
    case m57(Int)
    case m58(Int)
    case m59(Int)
    case m60(Int)
    case m61(Int)
    case m62(Int)
    case m63(Int)
    case m64(Int)
    case m65(Int)
    case m66(Int)
    case m67(Int)
    case m68(Int)
    case m69(Int)
    case m70(Int)
    case m71(Int)
    case m72(Int)
    case m73(Int)
    case m74(Int)
    case m75(Int)
    case m76(Int)
    case m77(Int)
    case m78(Int)
    case m79(Int)
    case m80(Int)
    case m81(Int)
    case m82(Int)
    case m83(Int)
    case m84(Int)
    case m85(Int)
    case m86(Int)
    case m87(Int)
    case m88(Int)
    case m89(Int)
    case m90(Int)
    case m91(Int)
    case m92(Int)
    case m93(Int)
    case m94(Int)
    case m95(Int)
    case m96(Int)
    case m97(Int)
    case m98(Int)
    case m99(Int)
}

/// How the middleware lifted for one case of ``ManyAction`` reaches its local action and back: the `inputAction` and
/// `outputAction` closures of `lift(inputAction:outputAction:)`, kept in a table as an app keeps its case paths.
package struct ManyActionCase: Sendable {
    /// The local action of this case, or `nil` for any other case.
    package let extract: @Sendable (ManyAction) -> Int?
    /// The global action wrapping a local one.
    package let embed: @Sendable (Int) -> ManyAction
}

extension ManyAction {
    /// The hundred cases, in declaration order: `cases[42]` extracts and embeds `.m42`.
    package static let cases: [ManyActionCase] = [
        ManyActionCase(extract: { if case .m0(let x) = $0 { x } else { nil } }, embed: { .m0($0) }),
        ManyActionCase(extract: { if case .m1(let x) = $0 { x } else { nil } }, embed: { .m1($0) }),
        ManyActionCase(extract: { if case .m2(let x) = $0 { x } else { nil } }, embed: { .m2($0) }),
        ManyActionCase(extract: { if case .m3(let x) = $0 { x } else { nil } }, embed: { .m3($0) }),
        ManyActionCase(extract: { if case .m4(let x) = $0 { x } else { nil } }, embed: { .m4($0) }),
        ManyActionCase(extract: { if case .m5(let x) = $0 { x } else { nil } }, embed: { .m5($0) }),
        ManyActionCase(extract: { if case .m6(let x) = $0 { x } else { nil } }, embed: { .m6($0) }),
        ManyActionCase(extract: { if case .m7(let x) = $0 { x } else { nil } }, embed: { .m7($0) }),
        ManyActionCase(extract: { if case .m8(let x) = $0 { x } else { nil } }, embed: { .m8($0) }),
        ManyActionCase(extract: { if case .m9(let x) = $0 { x } else { nil } }, embed: { .m9($0) }),
        ManyActionCase(extract: { if case .m10(let x) = $0 { x } else { nil } }, embed: { .m10($0) }),
        ManyActionCase(extract: { if case .m11(let x) = $0 { x } else { nil } }, embed: { .m11($0) }),
        ManyActionCase(extract: { if case .m12(let x) = $0 { x } else { nil } }, embed: { .m12($0) }),
        ManyActionCase(extract: { if case .m13(let x) = $0 { x } else { nil } }, embed: { .m13($0) }),
        ManyActionCase(extract: { if case .m14(let x) = $0 { x } else { nil } }, embed: { .m14($0) }),
        ManyActionCase(extract: { if case .m15(let x) = $0 { x } else { nil } }, embed: { .m15($0) }),
        ManyActionCase(extract: { if case .m16(let x) = $0 { x } else { nil } }, embed: { .m16($0) }),
        ManyActionCase(extract: { if case .m17(let x) = $0 { x } else { nil } }, embed: { .m17($0) }),
        ManyActionCase(extract: { if case .m18(let x) = $0 { x } else { nil } }, embed: { .m18($0) }),
        ManyActionCase(extract: { if case .m19(let x) = $0 { x } else { nil } }, embed: { .m19($0) }),
        ManyActionCase(extract: { if case .m20(let x) = $0 { x } else { nil } }, embed: { .m20($0) }),
        ManyActionCase(extract: { if case .m21(let x) = $0 { x } else { nil } }, embed: { .m21($0) }),
        ManyActionCase(extract: { if case .m22(let x) = $0 { x } else { nil } }, embed: { .m22($0) }),
        ManyActionCase(extract: { if case .m23(let x) = $0 { x } else { nil } }, embed: { .m23($0) }),
        ManyActionCase(extract: { if case .m24(let x) = $0 { x } else { nil } }, embed: { .m24($0) }),
        ManyActionCase(extract: { if case .m25(let x) = $0 { x } else { nil } }, embed: { .m25($0) }),
        ManyActionCase(extract: { if case .m26(let x) = $0 { x } else { nil } }, embed: { .m26($0) }),
        ManyActionCase(extract: { if case .m27(let x) = $0 { x } else { nil } }, embed: { .m27($0) }),
        ManyActionCase(extract: { if case .m28(let x) = $0 { x } else { nil } }, embed: { .m28($0) }),
        ManyActionCase(extract: { if case .m29(let x) = $0 { x } else { nil } }, embed: { .m29($0) }),
        ManyActionCase(extract: { if case .m30(let x) = $0 { x } else { nil } }, embed: { .m30($0) }),
        ManyActionCase(extract: { if case .m31(let x) = $0 { x } else { nil } }, embed: { .m31($0) }),
        ManyActionCase(extract: { if case .m32(let x) = $0 { x } else { nil } }, embed: { .m32($0) }),
        ManyActionCase(extract: { if case .m33(let x) = $0 { x } else { nil } }, embed: { .m33($0) }),
        ManyActionCase(extract: { if case .m34(let x) = $0 { x } else { nil } }, embed: { .m34($0) }),
        ManyActionCase(extract: { if case .m35(let x) = $0 { x } else { nil } }, embed: { .m35($0) }),
        ManyActionCase(extract: { if case .m36(let x) = $0 { x } else { nil } }, embed: { .m36($0) }),
        ManyActionCase(extract: { if case .m37(let x) = $0 { x } else { nil } }, embed: { .m37($0) }),
        ManyActionCase(extract: { if case .m38(let x) = $0 { x } else { nil } }, embed: { .m38($0) }),
        ManyActionCase(extract: { if case .m39(let x) = $0 { x } else { nil } }, embed: { .m39($0) }),
        ManyActionCase(extract: { if case .m40(let x) = $0 { x } else { nil } }, embed: { .m40($0) }),
        ManyActionCase(extract: { if case .m41(let x) = $0 { x } else { nil } }, embed: { .m41($0) }),
        ManyActionCase(extract: { if case .m42(let x) = $0 { x } else { nil } }, embed: { .m42($0) }),
        ManyActionCase(extract: { if case .m43(let x) = $0 { x } else { nil } }, embed: { .m43($0) }),
        ManyActionCase(extract: { if case .m44(let x) = $0 { x } else { nil } }, embed: { .m44($0) }),
        ManyActionCase(extract: { if case .m45(let x) = $0 { x } else { nil } }, embed: { .m45($0) }),
        ManyActionCase(extract: { if case .m46(let x) = $0 { x } else { nil } }, embed: { .m46($0) }),
        ManyActionCase(extract: { if case .m47(let x) = $0 { x } else { nil } }, embed: { .m47($0) }),
        ManyActionCase(extract: { if case .m48(let x) = $0 { x } else { nil } }, embed: { .m48($0) }),
        ManyActionCase(extract: { if case .m49(let x) = $0 { x } else { nil } }, embed: { .m49($0) }),
        ManyActionCase(extract: { if case .m50(let x) = $0 { x } else { nil } }, embed: { .m50($0) }),
        ManyActionCase(extract: { if case .m51(let x) = $0 { x } else { nil } }, embed: { .m51($0) }),
        ManyActionCase(extract: { if case .m52(let x) = $0 { x } else { nil } }, embed: { .m52($0) }),
        ManyActionCase(extract: { if case .m53(let x) = $0 { x } else { nil } }, embed: { .m53($0) }),
        ManyActionCase(extract: { if case .m54(let x) = $0 { x } else { nil } }, embed: { .m54($0) }),
        ManyActionCase(extract: { if case .m55(let x) = $0 { x } else { nil } }, embed: { .m55($0) }),
        ManyActionCase(extract: { if case .m56(let x) = $0 { x } else { nil } }, embed: { .m56($0) }),
        ManyActionCase(extract: { if case .m57(let x) = $0 { x } else { nil } }, embed: { .m57($0) }),
        ManyActionCase(extract: { if case .m58(let x) = $0 { x } else { nil } }, embed: { .m58($0) }),
        ManyActionCase(extract: { if case .m59(let x) = $0 { x } else { nil } }, embed: { .m59($0) }),
        ManyActionCase(extract: { if case .m60(let x) = $0 { x } else { nil } }, embed: { .m60($0) }),
        ManyActionCase(extract: { if case .m61(let x) = $0 { x } else { nil } }, embed: { .m61($0) }),
        ManyActionCase(extract: { if case .m62(let x) = $0 { x } else { nil } }, embed: { .m62($0) }),
        ManyActionCase(extract: { if case .m63(let x) = $0 { x } else { nil } }, embed: { .m63($0) }),
        ManyActionCase(extract: { if case .m64(let x) = $0 { x } else { nil } }, embed: { .m64($0) }),
        ManyActionCase(extract: { if case .m65(let x) = $0 { x } else { nil } }, embed: { .m65($0) }),
        ManyActionCase(extract: { if case .m66(let x) = $0 { x } else { nil } }, embed: { .m66($0) }),
        ManyActionCase(extract: { if case .m67(let x) = $0 { x } else { nil } }, embed: { .m67($0) }),
        ManyActionCase(extract: { if case .m68(let x) = $0 { x } else { nil } }, embed: { .m68($0) }),
        ManyActionCase(extract: { if case .m69(let x) = $0 { x } else { nil } }, embed: { .m69($0) }),
        ManyActionCase(extract: { if case .m70(let x) = $0 { x } else { nil } }, embed: { .m70($0) }),
        ManyActionCase(extract: { if case .m71(let x) = $0 { x } else { nil } }, embed: { .m71($0) }),
        ManyActionCase(extract: { if case .m72(let x) = $0 { x } else { nil } }, embed: { .m72($0) }),
        ManyActionCase(extract: { if case .m73(let x) = $0 { x } else { nil } }, embed: { .m73($0) }),
        ManyActionCase(extract: { if case .m74(let x) = $0 { x } else { nil } }, embed: { .m74($0) }),
        ManyActionCase(extract: { if case .m75(let x) = $0 { x } else { nil } }, embed: { .m75($0) }),
        ManyActionCase(extract: { if case .m76(let x) = $0 { x } else { nil } }, embed: { .m76($0) }),
        ManyActionCase(extract: { if case .m77(let x) = $0 { x } else { nil } }, embed: { .m77($0) }),
        ManyActionCase(extract: { if case .m78(let x) = $0 { x } else { nil } }, embed: { .m78($0) }),
        ManyActionCase(extract: { if case .m79(let x) = $0 { x } else { nil } }, embed: { .m79($0) }),
        ManyActionCase(extract: { if case .m80(let x) = $0 { x } else { nil } }, embed: { .m80($0) }),
        ManyActionCase(extract: { if case .m81(let x) = $0 { x } else { nil } }, embed: { .m81($0) }),
        ManyActionCase(extract: { if case .m82(let x) = $0 { x } else { nil } }, embed: { .m82($0) }),
        ManyActionCase(extract: { if case .m83(let x) = $0 { x } else { nil } }, embed: { .m83($0) }),
        ManyActionCase(extract: { if case .m84(let x) = $0 { x } else { nil } }, embed: { .m84($0) }),
        ManyActionCase(extract: { if case .m85(let x) = $0 { x } else { nil } }, embed: { .m85($0) }),
        ManyActionCase(extract: { if case .m86(let x) = $0 { x } else { nil } }, embed: { .m86($0) }),
        ManyActionCase(extract: { if case .m87(let x) = $0 { x } else { nil } }, embed: { .m87($0) }),
        ManyActionCase(extract: { if case .m88(let x) = $0 { x } else { nil } }, embed: { .m88($0) }),
        ManyActionCase(extract: { if case .m89(let x) = $0 { x } else { nil } }, embed: { .m89($0) }),
        ManyActionCase(extract: { if case .m90(let x) = $0 { x } else { nil } }, embed: { .m90($0) }),
        ManyActionCase(extract: { if case .m91(let x) = $0 { x } else { nil } }, embed: { .m91($0) }),
        ManyActionCase(extract: { if case .m92(let x) = $0 { x } else { nil } }, embed: { .m92($0) }),
        ManyActionCase(extract: { if case .m93(let x) = $0 { x } else { nil } }, embed: { .m93($0) }),
        ManyActionCase(extract: { if case .m94(let x) = $0 { x } else { nil } }, embed: { .m94($0) }),
        ManyActionCase(extract: { if case .m95(let x) = $0 { x } else { nil } }, embed: { .m95($0) }),
        ManyActionCase(extract: { if case .m96(let x) = $0 { x } else { nil } }, embed: { .m96($0) }),
        ManyActionCase(extract: { if case .m97(let x) = $0 { x } else { nil } }, embed: { .m97($0) }),
        ManyActionCase(extract: { if case .m98(let x) = $0 { x } else { nil } }, embed: { .m98($0) }),
        ManyActionCase(extract: { if case .m99(let x) = $0 { x } else { nil } }, embed: { .m99($0) }),
    ]
}
