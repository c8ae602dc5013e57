import Switchyard
import Testing

@Suite struct MigratingFromSwiftRexShapeTests {
    @Test func erasedCompositionsAreFlattenedAndClosureMiddlewaresAreNot() {
        let one = MigratingFromSwiftRexShapeSnippets.LoginMiddleware()
        let counts = MigratingFromSwiftRexShapeFunctions().composedCount(one <> one <> one)
        #expect(counts.erased == 3)
        #expect(counts.fromClosures == 1)
    }
}
