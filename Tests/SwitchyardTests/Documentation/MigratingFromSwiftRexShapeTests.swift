import Switchyard
import Testing

@Suite struct MigratingFromSwiftRexShapeTests {
    @Test func erasedCompositionsAreFlattenedAndClosureMiddlewaresAreNot() {
        let one = MigratingFromSwiftRexShapeSnippets.LoginMiddleware()
        let composition = one <> one <> one
        let erased = composition.eraseToAnyMiddleware()
        let fromClosures = AnyMiddleware<
            MigratingFromSwiftRexShapeSnippets.AppAction, MigratingFromSwiftRexShapeSnippets.AppAction,
            MigratingFromSwiftRexShapeSnippets.AppState
        >(handle: { action, source, state in composition.handle(action: action, from: source, state: state) })
        #expect((erased <> IdentityMiddleware()).members.count == 3)
        #expect((fromClosures <> IdentityMiddleware()).members.count == 1)
    }
}
