#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stack of a secondary thread on Apple platforms: 512 KiB.
let secondaryThreadStackSize = 512 * 1024

/// Runs `body` on a new thread whose stack is `stackSize` bytes, and waits for it to finish.
///
/// Code that recurses once per middleware or per IO overflows such a stack and crashes the test process: this is how
/// the tests show that running a composition takes a stack depth that does not grow with its size.
func runOnThread(stackSize: Int = secondaryThreadStackSize, _ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    precondition(pthread_attr_init(&attributes) == 0)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0)
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let created = pthread_create(
        &thread,
        &attributes,
        { context in
            #if canImport(Darwin)
                let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #else
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #endif
            body.run()
            return nil
        },
        context
    )
    precondition(created == 0, "pthread_create failed: \(created)")
    #if canImport(Darwin)
        pthread_join(thread!, nil)
    #else
        pthread_join(thread, nil)
    #endif
}
