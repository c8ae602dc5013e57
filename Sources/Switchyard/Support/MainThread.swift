import Dispatch

#if canImport(CDispatch)
    internal import CDispatch
#endif

/// Tells whether the caller runs on the main queue (the main actor's executor): on the main thread, or on the
/// thread that drains the main queue after `dispatchMain()`. Without Foundation.
///
/// libdispatch binds the main thread to the main queue when it starts, so a value stored as a specific of the main
/// queue is visible exactly while the main queue runs. A store with the main-thread policy asks on every dispatch,
/// and an observable view on every state, so where libdispatch's C interface can be called directly (Linux) it is:
/// `DispatchQueue.getSpecific(key:)` looks up generic metadata on every call, hundreds of instructions.
/// The package's other modules (the Combine view model, the inspector, the test tools) ask it too.
@usableFromInline
package enum MainThread {
    @usableFromInline
    package static var isCurrent: Bool {
        #if canImport(CDispatch)
            // The address of a live object is never zero.
            dispatch_get_specific(UnsafeRawPointer(bitPattern: keyAddress)!) != nil
        #else
            DispatchQueue.getSpecific(key: key) == 1
        #endif
    }

    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    #if canImport(CDispatch)
        /// The address by which libdispatch knows ``key``: what `setSpecific` gave `dispatch_queue_set_specific`.
        private static let keyAddress = UInt(bitPattern: Unmanaged.passUnretained(key).toOpaque())
    #endif
}
