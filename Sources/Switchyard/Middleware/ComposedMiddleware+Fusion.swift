// How a composition fuses its middlewares' `handle` into one tree of closures, built when the composition is:
// see ``ComposedMiddleware/fused``.

extension ComposedMiddleware {
    /// The fused handler of one middleware: its IO, unless pure, is put before the IO so far.
    ///
    /// The middleware is captured in a box, so calling the handler passes one pointer where a captured struct would
    /// be passed field by field, and `handle` loads only the fields it uses. A lift gets a leaf that calls its
    /// input map and nothing else for the actions it does not map (see `filteringLeaf(_:)`).
    @inlinable
    static func leaf<M: MiddlewareProtocol & Sendable>(_ middleware: M) -> FusedHandler
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        if let filtering = middleware as? any FilteringMiddleware,
            let leaf = filteringLeaf(filtering) as? FusedHandler
        {
            return leaf
        }
        let box = MiddlewareBox(middleware)
        return FusedHandler { dispatcher, call in
            let io = box.middleware.handle(action: call.action, from: dispatcher, state: call.state)
            if !io.isPure {
                call.io = io <> call.io
            }
        }
    }

    /// The most children a node of the fused tree calls: wide nodes mean few nodes, and a node's call to a child it
    /// captured costs a fraction of a call to a node. The nodes of lifts (`filteringNode(_:)`) are written for 8.
    @usableFromInline
    static var fanOut: Int { 8 }

    /// One handler for `handlers`, built bottom-up: groups of up to ``fanOut`` handlers become one node, which calls
    /// them in order; the nodes are grouped the same way until one is left. Never inlined, so that every
    /// composition of the same types shares the nodes' code (see ``AnyMiddleware/init(_:)``).
    @inlinable @inline(never)
    static func fuse(_ handlers: ArraySlice<FusedHandler>) -> FusedHandler? {
        var level = grouped(handlers)
        while level.count > 1 {
            var next: [FusedHandler] = []
            next.reserveCapacity((level.count + fanOut - 1) / fanOut)
            var start = 0
            while start < level.count {
                let end = min(start + fanOut, level.count)
                next.append(node(level[start..<end]))
                start = end
            }
            level = next
        }
        return level.first
    }

    /// `handlers` with each run of ``fanOut`` consecutive leaves of lifts of one type replaced by one node that
    /// calls their input maps itself (see ``FusedGroup``); the order stays the same.
    @inlinable
    static func grouped(_ handlers: ArraySlice<FusedHandler>) -> [FusedHandler] {
        var result: [FusedHandler] = []
        result.reserveCapacity(handlers.count)
        var start = handlers.startIndex
        while start < handlers.endIndex {
            let end = start + fanOut
            if let group = handlers[start].group, end <= handlers.endIndex,
                handlers[start..<end].allSatisfy({ $0.group?.type == group.type })
            {
                result.append(FusedHandler(group.node(handlers[start..<end].compactMap { $0.group?.member })))
                start = end
            } else {
                result.append(handlers[start])
                start += 1
            }
        }
        return result
    }

    /// A node calling 1 to ``fanOut`` children in order. The children are captured one by one, not in an array:
    /// calling a captured closure needs no retain, and calling one loaded from an array does. (Capturing one object
    /// that holds the children, with one closure shape for every arity, ran W3 about 40 % slower despite fewer
    /// instructions.)
    @inlinable
    static func node(_ children: ArraySlice<FusedHandler>) -> FusedHandler {
        let c = Array(children)
        switch c.count {
        case 1:
            return c[0]
        case 2:
            let (c0, c1) = (c[0].call, c[1].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
            }
        case 3:
            let (c0, c1, c2) = (c[0].call, c[1].call, c[2].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
            }
        case 4:
            let (c0, c1, c2, c3) = (c[0].call, c[1].call, c[2].call, c[3].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
                c3(dispatcher, &call)
            }
        case 5:
            let (c0, c1, c2, c3, c4) = (c[0].call, c[1].call, c[2].call, c[3].call, c[4].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
                c3(dispatcher, &call)
                c4(dispatcher, &call)
            }
        case 6:
            let (c0, c1, c2, c3) = (c[0].call, c[1].call, c[2].call, c[3].call)
            let (c4, c5) = (c[4].call, c[5].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
                c3(dispatcher, &call)
                c4(dispatcher, &call)
                c5(dispatcher, &call)
            }
        case 7:
            let (c0, c1, c2, c3) = (c[0].call, c[1].call, c[2].call, c[3].call)
            let (c4, c5, c6) = (c[4].call, c[5].call, c[6].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
                c3(dispatcher, &call)
                c4(dispatcher, &call)
                c5(dispatcher, &call)
                c6(dispatcher, &call)
            }
        default:
            precondition(c.count == fanOut, "a fused node has 1 to \(fanOut) children")
            let (c0, c1, c2, c3) = (c[0].call, c[1].call, c[2].call, c[3].call)
            let (c4, c5, c6, c7) = (c[4].call, c[5].call, c[6].call, c[7].call)
            return FusedHandler { dispatcher, call in
                c0(dispatcher, &call)
                c1(dispatcher, &call)
                c2(dispatcher, &call)
                c3(dispatcher, &call)
                c4(dispatcher, &call)
                c5(dispatcher, &call)
                c6(dispatcher, &call)
                c7(dispatcher, &call)
            }
        }
    }
}

/// A middleware in a class: see `ComposedMiddleware.leaf(_:)`.
@usableFromInline
final class MiddlewareBox<M: MiddlewareProtocol & Sendable>: Sendable {
    @usableFromInline let middleware: M

    @inlinable
    init(_ middleware: M) {
        self.middleware = middleware
    }
}
