import Navigation

extension AppDefinition {
    /// The bound record `form` starts from on a screen of `route`: the one the route's
    /// `<unsaved-changes>` compares the form with, else the form's own `record`; nil when the
    /// route binds neither, and the form starts empty there.
    public func startingRecord(of form: String, on route: RouteName) -> RecordBinding? {
        let guarded = leaveGuards[route].flatMap { $0.form == form ? $0.record : nil }
        guard let name = guarded ?? forms[form]?.record else { return nil }
        return routeData[route]?.bindings.first { $0.name == name }
    }
}
