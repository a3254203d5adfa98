extension NavigationDefinition {
    /// Checks that `instance` names a known route and carries exactly valid values for its
    /// parameters: every required one present, none unknown, each of the right kind and pattern.
    public func check(_ instance: RouteInstance) throws(NavigationError) {
        _ = try checked(instance)
    }

    /// ``check(_:)``, returning the instance's route and the stack that owns it.
    func checked(_ instance: RouteInstance) throws(NavigationError) -> CheckedRoute {
        guard let index = routeIndex[instance.name] else {
            throw .unknownRoute(instance.name)
        }
        let route = routes[index]
        for parameter in route.parameters {
            guard let value = instance.parameters[parameter.name] else {
                if parameter.isRequired { throw .missingParameter(route.name, parameter: parameter.name) }
                continue
            }
            if let reason = parameter.kindViolation(of: value) {
                throw .invalidParameter(route.name, parameter: parameter.name, reason: reason)
            }
            if let source = parameter.pattern, parameterPatterns[source]?.matches(value) != true {
                throw .invalidParameter(route.name, parameter: parameter.name, reason: "does not match \(source)")
            }
        }
        if let unknown = instance.parameters.keys.filter({ route.parameter($0) == nil }).min() {
            throw .unknownParameter(route.name, parameter: unknown)
        }
        return CheckedRoute(definition: route, owner: owners[index])
    }

    /// Whether `value` is one `parameter` takes: of its kind, and matching its pattern.
    public func accepts(_ value: String, for parameter: ParameterDefinition) -> Bool {
        guard parameter.kindViolation(of: value) == nil else { return false }
        return parameter.pattern.map { parameterPatterns[$0]?.matches(value) == true } ?? true
    }

    /// The stacks that may hold `route`: its owner, then the stacks it is shared with.
    func stacks(handling route: RouteDefinition) -> [CoordinatorID] {
        [route.owner] + route.sharedWith
    }

    /// The flow a coordinator must be in for its screens to show; nil for coordinators outside
    /// every flow, such as a modal of the root.
    func flow(of coordinator: CoordinatorID) -> CoordinatorID? {
        nodes[coordinator]?.flow
    }
}
