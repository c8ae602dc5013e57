import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stack of a secondary thread on Apple platforms: 512 KiB.
public let secondaryThreadStackSize = 512 * 1024

/// Runs `body` on a new thread whose stack is `stackSize` bytes, and waits at most `timeout` for it to finish; `true`
/// when it finished.
///
/// Code that recurses once per middleware or per IO overflows a small stack and crashes the test process: this is
/// how the tests show that running a composition takes a stack depth that does not grow with its size. A thread that
/// finishes is joined, so that its stack (and, on Linux, its `pthread_self()` id) goes to the next thread of the same
/// stack size; a thread that does not finish in time is left running, and an issue is recorded at the caller.
@discardableResult
public func runOnThread(
    stackSize: Int = secondaryThreadStackSize,
    timeout: Duration = defaultWaitTimeout,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Void
) -> Bool {
    final class Body {
        let run: @Sendable () -> Void
        let finished = DispatchSemaphore(value: 0)
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    precondition(pthread_attr_init(&attributes) == 0)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0)
    let work = Body(body)
    let context = Unmanaged.passRetained(work).toOpaque()
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
            body.finished.signal()
            return nil
        },
        context
    )
    precondition(created == 0, "pthread_create failed: \(created)")
    #if canImport(Darwin)
        let started = thread!
    #else
        let started = thread
    #endif
    guard work.finished.wait(orRecordAfter: timeout, sourceLocation: sourceLocation) else {
        pthread_detach(started)
        return false
    }
    pthread_join(started, nil)
    return true
}
