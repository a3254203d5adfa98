/// The coordinator tree as the navigator walks it, built once from a definition that passed
/// ``DefinitionValidator``: each kind of coordinator as a type that holds what it has — a stack its
/// root route and where it sits, a tab bar its tabs and the one it starts on — so what the
/// navigator needs is there, never looked up and found missing.
struct CoordinatorTree: Sendable {
    /// What the root holds: flows, one of which is shown, or what one flow would hold.
    enum Trunk: Sendable {
        case flows(initial: Branch, byID: [CoordinatorID: Branch])
        case branch(Branch)
    }

    /// What a flow (or the root) shows: a tab bar, or a stack.
    enum Branch: Sendable {
        case tabs(TabBarNode)
        case stack(StackNode)
    }

    let trunk: Trunk
    /// Every stack by id: the tree's and the modals'.
    let stacks: [CoordinatorID: StackNode]
    /// Every tab bar by id.
    let tabBars: [CoordinatorID: TabBarNode]

    /// The tree of `root`, whose modal roots' styles `style` says; nil when it is not one the
    /// validator passes.
    init?(_ root: CoordinatorDefinition, style: (RouteName) -> ModalStyle?) {
        var stacks: [CoordinatorID: StackNode] = [:]
        var tabBars: [CoordinatorID: TabBarNode] = [:]
        func branch(_ node: CoordinatorDefinition, place: StackNode.Place, flow: CoordinatorID?, guarded: Bool) -> Branch? {
            let guarded = guarded || node.requiresSignIn
            defer { Self.modals(of: node, flow: flow, guarded: guarded, style: style, into: &stacks) }
            switch node.kind {
            case .flows:
                return nil
            case .stack(let root, let limit):
                let stack = StackNode(id: node.id, root: root, depthLimit: limit, place: place, flow: flow, requiresSignIn: guarded)
                stacks[node.id] = stack
                return .stack(stack)
            case .tabs(let initial):
                guard let first = node.children.first else { return nil }
                let bar = TabBarReference(id: node.id, initial: initial ?? first.id)
                var tabs: [StackNode] = []
                for child in node.children {
                    guard let item = child.tab, case .stack(let stack)? = branch(child, place: .tab(bar, item: item), flow: flow, guarded: guarded)
                    else { return nil }
                    tabs.append(stack)
                }
                guard let start = tabs.first(where: { $0.id == bar.initial }) else { return nil }
                let node = TabBarNode(reference: bar, tabs: tabs, initial: start)
                tabBars[bar.id] = node
                return .tabs(node)
            }
        }
        if case .flows(let initial) = root.kind {
            var byID: [CoordinatorID: Branch] = [:]
            for child in root.children {
                guard let flow = branch(child, place: .flow, flow: child.id, guarded: root.requiresSignIn) else { return nil }
                byID[child.id] = flow
            }
            Self.modals(of: root, flow: nil, guarded: root.requiresSignIn, style: style, into: &stacks)
            guard let start = byID[initial] else { return nil }
            trunk = .flows(initial: start, byID: byID)
        } else {
            guard let only = branch(root, place: .root, flow: nil, guarded: false) else { return nil }
            trunk = .branch(only)
        }
        self.stacks = stacks
        self.tabBars = tabBars
    }

    /// Adds the modals `node` presents, and theirs; a modal whose root is no modal route is left
    /// out (the validator refuses it, and the tree is refused for lacking it).
    private static func modals(of node: CoordinatorDefinition, flow: CoordinatorID?, guarded: Bool, style: (RouteName) -> ModalStyle?,
                               into stacks: inout [CoordinatorID: StackNode]) {
        for modal in node.modals {
            guard case .stack(let root, let limit) = modal.kind, let modalStyle = style(root) else { continue }
            let guarded = guarded || modal.requiresSignIn
            stacks[modal.id] = StackNode(id: modal.id, root: root, depthLimit: limit, place: .modal(presenter: node.id, style: modalStyle), flow: flow,
                                         requiresSignIn: guarded)
            Self.modals(of: modal, flow: flow, guarded: guarded, style: style, into: &stacks)
        }
    }

    /// The branch on screen: the active flow's (or the first flow's, for a state naming none).
    func branch(in state: NavigationState) -> Branch {
        switch trunk {
        case .branch(let branch): branch
        case .flows(let initial, let byID): state.flow.flatMap { byID[$0] } ?? initial
        }
    }
}

/// A stack of the coordinator tree, or a modal's: where screens are kept. One object per stack,
/// shared by every session's walk (a layer holds it, comparisons go by id); immutable, so
/// `Sendable` as it is.
final class StackNode: Hashable, Sendable {
    /// Where a stack sits in the tree.
    enum Place: Hashable, Sendable {
        /// The whole tree is this stack.
        case root
        /// A flow of the root.
        case flow
        /// A tab of a tab bar, with its item.
        case tab(TabBarReference, item: TabItem)
        /// A modal, presented over `presenter`'s context in `style` (its root route's).
        case modal(presenter: CoordinatorID, style: ModalStyle)
    }

    let id: CoordinatorID
    let root: RouteName
    let depthLimit: Int?
    let place: Place
    /// The flow it belongs to; nil above or outside the flows.
    let flow: CoordinatorID?
    /// Whether it or a coordinator above it requires sign-in.
    let requiresSignIn: Bool

    init(id: CoordinatorID, root: RouteName, depthLimit: Int?, place: Place, flow: CoordinatorID?, requiresSignIn: Bool) {
        self.id = id
        self.root = root
        self.depthLimit = depthLimit
        self.place = place
        self.flow = flow
        self.requiresSignIn = requiresSignIn
    }

    /// A coordinator's id names one stack of the tree.
    static func == (left: StackNode, right: StackNode) -> Bool {
        left.id == right.id
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The tab bar it is a tab of, if it is one.
    var tabBar: TabBarReference? {
        if case .tab(let bar, _) = place { bar } else { nil }
    }

    var isModal: Bool {
        if case .modal = place { true } else { false }
    }
}

/// A tab bar as its tabs know it: which one it is, and the tab it starts on.
struct TabBarReference: Hashable, Sendable {
    let id: CoordinatorID
    let initial: CoordinatorID
}

/// A tab bar with its tabs, in order; immutable and shared, as ``StackNode`` is.
final class TabBarNode: Sendable {
    let reference: TabBarReference
    let tabs: [StackNode]
    /// The tab selected at first.
    let initial: StackNode

    init(reference: TabBarReference, tabs: [StackNode], initial: StackNode) {
        self.reference = reference
        self.tabs = tabs
        self.initial = initial
    }

    /// The tab selected in `state`.
    func selected(in state: NavigationState) -> StackNode {
        state.selectedTabs[reference.id].flatMap { id in tabs.first { $0.id == id } } ?? initial
    }
}

/// A route instance whose route the definition has, with that route and the stack that owns it.
struct CheckedRoute: Sendable {
    let definition: RouteDefinition
    let owner: StackNode
}
