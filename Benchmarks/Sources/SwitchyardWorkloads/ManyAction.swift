/// The action of workload W3: one hundred cases, one per lifted middleware, so that each middleware's
/// `inputAction` closure sees every action and maps all but its own case to `nil`.
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
/// `outputAction` closures of `lift(inputAction:outputAction:)`, written as pattern matches (key paths are slower).
package struct ManyActionCase: Sendable {
    /// The local action of this case, or `nil` for any other case.
    package let extract: @Sendable (ManyAction) -> Int?
    /// The global action wrapping a local one.
    package let embed: @Sendable (Int) -> ManyAction
}

extension ManyAction {
    /// The hundred cases, in declaration order: `cases[42]` extracts and embeds `.m42`.
    package static let cases: [ManyActionCase] = [
        ManyActionCase(extract: { if case .m0(let x) = $0 { x } else { nil } }, embed: ManyAction.m0),
        ManyActionCase(extract: { if case .m1(let x) = $0 { x } else { nil } }, embed: ManyAction.m1),
        ManyActionCase(extract: { if case .m2(let x) = $0 { x } else { nil } }, embed: ManyAction.m2),
        ManyActionCase(extract: { if case .m3(let x) = $0 { x } else { nil } }, embed: ManyAction.m3),
        ManyActionCase(extract: { if case .m4(let x) = $0 { x } else { nil } }, embed: ManyAction.m4),
        ManyActionCase(extract: { if case .m5(let x) = $0 { x } else { nil } }, embed: ManyAction.m5),
        ManyActionCase(extract: { if case .m6(let x) = $0 { x } else { nil } }, embed: ManyAction.m6),
        ManyActionCase(extract: { if case .m7(let x) = $0 { x } else { nil } }, embed: ManyAction.m7),
        ManyActionCase(extract: { if case .m8(let x) = $0 { x } else { nil } }, embed: ManyAction.m8),
        ManyActionCase(extract: { if case .m9(let x) = $0 { x } else { nil } }, embed: ManyAction.m9),
        ManyActionCase(extract: { if case .m10(let x) = $0 { x } else { nil } }, embed: ManyAction.m10),
        ManyActionCase(extract: { if case .m11(let x) = $0 { x } else { nil } }, embed: ManyAction.m11),
        ManyActionCase(extract: { if case .m12(let x) = $0 { x } else { nil } }, embed: ManyAction.m12),
        ManyActionCase(extract: { if case .m13(let x) = $0 { x } else { nil } }, embed: ManyAction.m13),
        ManyActionCase(extract: { if case .m14(let x) = $0 { x } else { nil } }, embed: ManyAction.m14),
        ManyActionCase(extract: { if case .m15(let x) = $0 { x } else { nil } }, embed: ManyAction.m15),
        ManyActionCase(extract: { if case .m16(let x) = $0 { x } else { nil } }, embed: ManyAction.m16),
        ManyActionCase(extract: { if case .m17(let x) = $0 { x } else { nil } }, embed: ManyAction.m17),
        ManyActionCase(extract: { if case .m18(let x) = $0 { x } else { nil } }, embed: ManyAction.m18),
        ManyActionCase(extract: { if case .m19(let x) = $0 { x } else { nil } }, embed: ManyAction.m19),
        ManyActionCase(extract: { if case .m20(let x) = $0 { x } else { nil } }, embed: ManyAction.m20),
        ManyActionCase(extract: { if case .m21(let x) = $0 { x } else { nil } }, embed: ManyAction.m21),
        ManyActionCase(extract: { if case .m22(let x) = $0 { x } else { nil } }, embed: ManyAction.m22),
        ManyActionCase(extract: { if case .m23(let x) = $0 { x } else { nil } }, embed: ManyAction.m23),
        ManyActionCase(extract: { if case .m24(let x) = $0 { x } else { nil } }, embed: ManyAction.m24),
        ManyActionCase(extract: { if case .m25(let x) = $0 { x } else { nil } }, embed: ManyAction.m25),
        ManyActionCase(extract: { if case .m26(let x) = $0 { x } else { nil } }, embed: ManyAction.m26),
        ManyActionCase(extract: { if case .m27(let x) = $0 { x } else { nil } }, embed: ManyAction.m27),
        ManyActionCase(extract: { if case .m28(let x) = $0 { x } else { nil } }, embed: ManyAction.m28),
        ManyActionCase(extract: { if case .m29(let x) = $0 { x } else { nil } }, embed: ManyAction.m29),
        ManyActionCase(extract: { if case .m30(let x) = $0 { x } else { nil } }, embed: ManyAction.m30),
        ManyActionCase(extract: { if case .m31(let x) = $0 { x } else { nil } }, embed: ManyAction.m31),
        ManyActionCase(extract: { if case .m32(let x) = $0 { x } else { nil } }, embed: ManyAction.m32),
        ManyActionCase(extract: { if case .m33(let x) = $0 { x } else { nil } }, embed: ManyAction.m33),
        ManyActionCase(extract: { if case .m34(let x) = $0 { x } else { nil } }, embed: ManyAction.m34),
        ManyActionCase(extract: { if case .m35(let x) = $0 { x } else { nil } }, embed: ManyAction.m35),
        ManyActionCase(extract: { if case .m36(let x) = $0 { x } else { nil } }, embed: ManyAction.m36),
        ManyActionCase(extract: { if case .m37(let x) = $0 { x } else { nil } }, embed: ManyAction.m37),
        ManyActionCase(extract: { if case .m38(let x) = $0 { x } else { nil } }, embed: ManyAction.m38),
        ManyActionCase(extract: { if case .m39(let x) = $0 { x } else { nil } }, embed: ManyAction.m39),
        ManyActionCase(extract: { if case .m40(let x) = $0 { x } else { nil } }, embed: ManyAction.m40),
        ManyActionCase(extract: { if case .m41(let x) = $0 { x } else { nil } }, embed: ManyAction.m41),
        ManyActionCase(extract: { if case .m42(let x) = $0 { x } else { nil } }, embed: ManyAction.m42),
        ManyActionCase(extract: { if case .m43(let x) = $0 { x } else { nil } }, embed: ManyAction.m43),
        ManyActionCase(extract: { if case .m44(let x) = $0 { x } else { nil } }, embed: ManyAction.m44),
        ManyActionCase(extract: { if case .m45(let x) = $0 { x } else { nil } }, embed: ManyAction.m45),
        ManyActionCase(extract: { if case .m46(let x) = $0 { x } else { nil } }, embed: ManyAction.m46),
        ManyActionCase(extract: { if case .m47(let x) = $0 { x } else { nil } }, embed: ManyAction.m47),
        ManyActionCase(extract: { if case .m48(let x) = $0 { x } else { nil } }, embed: ManyAction.m48),
        ManyActionCase(extract: { if case .m49(let x) = $0 { x } else { nil } }, embed: ManyAction.m49),
        ManyActionCase(extract: { if case .m50(let x) = $0 { x } else { nil } }, embed: ManyAction.m50),
        ManyActionCase(extract: { if case .m51(let x) = $0 { x } else { nil } }, embed: ManyAction.m51),
        ManyActionCase(extract: { if case .m52(let x) = $0 { x } else { nil } }, embed: ManyAction.m52),
        ManyActionCase(extract: { if case .m53(let x) = $0 { x } else { nil } }, embed: ManyAction.m53),
        ManyActionCase(extract: { if case .m54(let x) = $0 { x } else { nil } }, embed: ManyAction.m54),
        ManyActionCase(extract: { if case .m55(let x) = $0 { x } else { nil } }, embed: ManyAction.m55),
        ManyActionCase(extract: { if case .m56(let x) = $0 { x } else { nil } }, embed: ManyAction.m56),
        ManyActionCase(extract: { if case .m57(let x) = $0 { x } else { nil } }, embed: ManyAction.m57),
        ManyActionCase(extract: { if case .m58(let x) = $0 { x } else { nil } }, embed: ManyAction.m58),
        ManyActionCase(extract: { if case .m59(let x) = $0 { x } else { nil } }, embed: ManyAction.m59),
        ManyActionCase(extract: { if case .m60(let x) = $0 { x } else { nil } }, embed: ManyAction.m60),
        ManyActionCase(extract: { if case .m61(let x) = $0 { x } else { nil } }, embed: ManyAction.m61),
        ManyActionCase(extract: { if case .m62(let x) = $0 { x } else { nil } }, embed: ManyAction.m62),
        ManyActionCase(extract: { if case .m63(let x) = $0 { x } else { nil } }, embed: ManyAction.m63),
        ManyActionCase(extract: { if case .m64(let x) = $0 { x } else { nil } }, embed: ManyAction.m64),
        ManyActionCase(extract: { if case .m65(let x) = $0 { x } else { nil } }, embed: ManyAction.m65),
        ManyActionCase(extract: { if case .m66(let x) = $0 { x } else { nil } }, embed: ManyAction.m66),
        ManyActionCase(extract: { if case .m67(let x) = $0 { x } else { nil } }, embed: ManyAction.m67),
        ManyActionCase(extract: { if case .m68(let x) = $0 { x } else { nil } }, embed: ManyAction.m68),
        ManyActionCase(extract: { if case .m69(let x) = $0 { x } else { nil } }, embed: ManyAction.m69),
        ManyActionCase(extract: { if case .m70(let x) = $0 { x } else { nil } }, embed: ManyAction.m70),
        ManyActionCase(extract: { if case .m71(let x) = $0 { x } else { nil } }, embed: ManyAction.m71),
        ManyActionCase(extract: { if case .m72(let x) = $0 { x } else { nil } }, embed: ManyAction.m72),
        ManyActionCase(extract: { if case .m73(let x) = $0 { x } else { nil } }, embed: ManyAction.m73),
        ManyActionCase(extract: { if case .m74(let x) = $0 { x } else { nil } }, embed: ManyAction.m74),
        ManyActionCase(extract: { if case .m75(let x) = $0 { x } else { nil } }, embed: ManyAction.m75),
        ManyActionCase(extract: { if case .m76(let x) = $0 { x } else { nil } }, embed: ManyAction.m76),
        ManyActionCase(extract: { if case .m77(let x) = $0 { x } else { nil } }, embed: ManyAction.m77),
        ManyActionCase(extract: { if case .m78(let x) = $0 { x } else { nil } }, embed: ManyAction.m78),
        ManyActionCase(extract: { if case .m79(let x) = $0 { x } else { nil } }, embed: ManyAction.m79),
        ManyActionCase(extract: { if case .m80(let x) = $0 { x } else { nil } }, embed: ManyAction.m80),
        ManyActionCase(extract: { if case .m81(let x) = $0 { x } else { nil } }, embed: ManyAction.m81),
        ManyActionCase(extract: { if case .m82(let x) = $0 { x } else { nil } }, embed: ManyAction.m82),
        ManyActionCase(extract: { if case .m83(let x) = $0 { x } else { nil } }, embed: ManyAction.m83),
        ManyActionCase(extract: { if case .m84(let x) = $0 { x } else { nil } }, embed: ManyAction.m84),
        ManyActionCase(extract: { if case .m85(let x) = $0 { x } else { nil } }, embed: ManyAction.m85),
        ManyActionCase(extract: { if case .m86(let x) = $0 { x } else { nil } }, embed: ManyAction.m86),
        ManyActionCase(extract: { if case .m87(let x) = $0 { x } else { nil } }, embed: ManyAction.m87),
        ManyActionCase(extract: { if case .m88(let x) = $0 { x } else { nil } }, embed: ManyAction.m88),
        ManyActionCase(extract: { if case .m89(let x) = $0 { x } else { nil } }, embed: ManyAction.m89),
        ManyActionCase(extract: { if case .m90(let x) = $0 { x } else { nil } }, embed: ManyAction.m90),
        ManyActionCase(extract: { if case .m91(let x) = $0 { x } else { nil } }, embed: ManyAction.m91),
        ManyActionCase(extract: { if case .m92(let x) = $0 { x } else { nil } }, embed: ManyAction.m92),
        ManyActionCase(extract: { if case .m93(let x) = $0 { x } else { nil } }, embed: ManyAction.m93),
        ManyActionCase(extract: { if case .m94(let x) = $0 { x } else { nil } }, embed: ManyAction.m94),
        ManyActionCase(extract: { if case .m95(let x) = $0 { x } else { nil } }, embed: ManyAction.m95),
        ManyActionCase(extract: { if case .m96(let x) = $0 { x } else { nil } }, embed: ManyAction.m96),
        ManyActionCase(extract: { if case .m97(let x) = $0 { x } else { nil } }, embed: ManyAction.m97),
        ManyActionCase(extract: { if case .m98(let x) = $0 { x } else { nil } }, embed: ManyAction.m98),
        ManyActionCase(extract: { if case .m99(let x) = $0 { x } else { nil } }, embed: ManyAction.m99),
    ]
}
