import Foundation
import Navigation

/// Reading and checking forms, actions, alerts, toasts and fixtures.
extension AppXML {
    struct Located<T> {
        let definition: T
        let line: Int
    }

    mutating func readForms(data: DataDefinition) -> [String: Located<FormDefinition>] {
        var forms: [String: Located<FormDefinition>] = [:]
        for element in root.child("forms")?.children("form") ?? [] {
            let id = element["id"] ?? ""
            if forms[id] != nil { report(element.line, "form '\(id)' is declared twice; give each form its own id") }
            var names: Set<String> = []
            let fields = element.children("field").map { field -> FieldDefinition in
                let name = field["name"] ?? ""
                if !names.insert(name).inserted { report(field.line, "form '\(id)' has two fields named '\(name)'") }
                // The schema admits only FieldKind's names.
                let type = FieldKind(rawValue: field["type"] ?? "text") ?? .text
                if let value = field["autocomplete"], let problem = AutofillDetail.problem(with: value, type: type) {
                    report(field.line, "field '\(name)' of form '\(id)' has autocomplete=\"\(value)\": \(problem)")
                }
                if type == .password, field["draft"] == "keep" {
                    report(field.line, "field '\(name)' is a password and cannot be kept as a draft; remove draft=\"keep\"")
                }
                return FieldDefinition(
                    name: name, label: field["label"] ?? name, type: type, autocomplete: field["autocomplete"], hint: field["hint"],
                    keepsDraft: type != .password && field["draft"] != "never", rules: rules(of: field, form: id), choice: choice(of: field, type: type, data: data)
                )
            }
            forms[id] = Located(definition: FormDefinition(id: id, fields: fields, record: element["record"]), line: element.line)
        }
        for (id, form) in forms {
            let names = Set(form.definition.fields.map(\.name))
            for field in form.definition.fields {
                for case .equals(let other, _) in field.rules where !names.contains(other) {
                    report(form.line, "field '\(field.name)' of form '\(id)' must equal '\(other)', which is not a field of the form")
                }
            }
        }
        return forms
    }

    /// A choice field's options, listed or from one of the app's collections; a field of another
    /// type may have none.
    private mutating func choice(of field: XMLElement, type: FieldKind, data: DataDefinition) -> ChoiceDefinition? {
        let name = field["name"] ?? ""
        let listed = field.children("option")
        guard let kind = ChoiceDefinition.Kind(rawValue: type.rawValue) else {
            if let option = listed.first { report(option.line, "field '\(name)' is a \(type) field and takes no <option>; make it type=\"select\", \"radio\" or \"checkboxes\"") }
            if field["options"] != nil || field["option-label"] != nil {
                report(field.line, "field '\(name)' is a \(type) field and takes no options=; make it type=\"select\", \"radio\" or \"checkboxes\"")
            }
            if let rule = field.child("one-of") { report(rule.line, "field '\(name)' is a \(type) field: <one-of> is for a choice field's options") }
            return nil
        }
        var values: Set<String> = []
        for option in listed where !values.insert(option["value"] ?? "").inserted {
            report(option.line, "field '\(name)' lists the option value '\(option["value"] ?? "")' twice; each option needs a value of its own")
        }
        for option in listed where (option["value"] ?? "").contains(where: \.isNewline) {
            report(option.line, "the option value '\(option["value"] ?? "")' of field '\(name)' spans lines; an option's value is one line")
        }
        let source = field["options"].map { ChoiceDefinition.Source(collection: $0, label: field["option-label"] ?? "") }
        switch (listed.isEmpty, source) {
        case (true, nil):
            report(field.line, "field '\(name)' is a \(type) with nothing to choose from; list <option value label>s in it, or name a collection with options=\"…\" option-label=\"…\"")
        case (false, .some):
            report(field.line, "field '\(name)' both lists <option>s and takes them from options=\"\(source?.collection ?? "")\"; keep one")
        case (true, .some(let source)) where data.collections[source.collection] == nil:
            let known = data.collections.keys.sorted()
            report(field.line, "field '\(name)' takes its options from '\(source.collection)', which is no collection of <data>"
                   + (known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))"))
        case (true, .some(let source)) where source.label.isEmpty:
            report(field.line, "field '\(name)' takes its options from '\(source.collection)'; say which field each reads as with option-label=\"…\"")
        case (true, .some(let source)) where data.collections[source.collection]?.has(source.label) == false:
            let fields = data.collections[source.collection]?.fields.map(\.name) ?? []
            report(field.line, "field '\(name)' labels its options by '\(source.label)', which is no field of '\(source.collection)' (it has \(fields.joined(separator: ", ")))")
        default:
            if source == nil, field["option-label"] != nil { report(field.line, "field '\(name)' has option-label but no options=\"collection\"") }
        }
        return ChoiceDefinition(kind: kind, options: listed.map { ChoiceDefinition.Option(value: $0["value"] ?? "", label: $0["label"] ?? "") },
                                source: source)
    }

    private mutating func rules(of field: XMLElement, form: String) -> [ValidationRule] {
        field.children.compactMap { rule in
            let message = rule["message"] ?? ""
            switch rule.name {
            case "required": return .required(message: message)
            case "email": return .email(message: message)
            case "checked": return .checked(message: message)
            case "min-length": return .minimumLength(Int(rule["value"] ?? "") ?? 0, message: message)
            case "max-length": return .maximumLength(Int(rule["value"] ?? "") ?? 0, message: message)
            case "equals": return .equals(field: rule["field"] ?? "", message: message)
            case "pattern":
                let pattern = rule["value"] ?? ""
                if (try? Regex(pattern)) == nil {
                    report(rule.line, "the pattern '\(pattern)' of field '\(field["name"] ?? "")' is not a valid regular expression")
                }
                return .pattern(pattern, message: message)
            case "one-of": return .oneOf(message: message)
            default: return nil
            }
        }
    }

    mutating func readActions() -> [String: Located<ActionDefinition>] {
        var actions: [String: Located<ActionDefinition>] = [:]
        for element in root.child("actions")?.children("action") ?? [] {
            let id = element["id"] ?? ""
            if actions[id] != nil { report(element.line, "action '\(id)' is declared twice; give each action its own id") }
            actions[id] = Located(definition: ActionDefinition(id: id, form: element["form"], steps: steps(element.children)), line: element.line)
        }
        return actions
    }

    private func steps(_ elements: [XMLElement]) -> [ActionStep] {
        elements.compactMap { element -> ActionStep? in
            switch element.name {
            case "navigate", "detour":
                let parameters = element.children("with").map { ActionParameter(name: $0["param"] ?? "", source: Self.source(of: $0)) }
                let route = RouteName(element["route"] ?? "")
                let singleTop = element["single-top"].map(Self.boolean) ?? false
                if element.name == "navigate", element["pop-up-to"] != nil || singleTop {
                    return .popUpTo(element["pop-up-to"].map { RouteName($0) }, inclusive: element["inclusive"].map(Self.boolean) ?? false,
                                    then: route, parameters: parameters, singleTop: singleTop)
                }
                return element.name == "detour" ? .detour(route, parameters: parameters) : .navigate(route, parameters: parameters)
            case "pop-up-to":
                return .popUpTo(RouteName(element["route"] ?? ""), inclusive: element["inclusive"].map(Self.boolean) ?? false,
                                then: nil, parameters: [], singleTop: false)
            case "replace": return .replace(RouteName(element["route"] ?? ""))
            case "back": return .back
            case "dismiss": return .dismiss
            case "change-flow": return .changeFlow(CoordinatorID(element["flow"] ?? ""))
            case "set-flag": return .setFlag(element["name"] ?? "")
            case "alert": return .alert(element["ref"] ?? "")
            case "toast": return .toast(element["ref"] ?? "")
            case "track": return .track(funnel: element["funnel"] ?? "", step: element["step"] ?? "", number: Int(element["number"] ?? "") ?? 0)
            case "effect":
                return .effect(element["name"] ?? "", purpose: element["purpose"].map(EffectPurpose.init(rawValue:)), onSuccess: steps(element.child("on-success")?.children ?? []),
                               onFailure: steps(element.child("on-failure")?.children ?? []))
            default: return dataWrite(element).map { .data($0) }
            }
        }
    }

    mutating func readAlerts() -> [String: Located<AlertDefinition>] {
        var alerts: [String: Located<AlertDefinition>] = [:]
        for element in root.child("alerts")?.children("alert") ?? [] {
            let id = element["id"] ?? ""
            if alerts[id] != nil { report(element.line, "alert '\(id)' is declared twice; give each alert its own id") }
            let alert = AlertDefinition(
                id: id, title: element["title"] ?? "", message: element["message"] ?? "",
                isDismissible: element["dismissible"].map(Self.boolean) ?? true,
                buttons: element.children("button").map { button in
                    AlertButton(label: button["label"] ?? "", action: button["action"], discardsChanges: button["discards"].map(Self.boolean) ?? false)
                }
            )
            alerts[id] = Located(definition: alert, line: element.line)
        }
        return alerts
    }

    mutating func readToasts() -> [String: Located<String>] {
        var toasts: [String: Located<String>] = [:]
        for element in root.child("toasts")?.children("toast") ?? [] {
            let id = element["id"] ?? ""
            if toasts[id] != nil { report(element.line, "toast '\(id)' is declared twice; give each toast its own id") }
            toasts[id] = Located(definition: element["message"] ?? "", line: element.line)
        }
        return toasts
    }

    func readFixtures() -> FixtureSet {
        let elements = root.child("fixtures")?.children ?? []
        func isValid(_ element: XMLElement) -> Bool { element["valid"].map(Self.boolean) ?? true }
        return FixtureSet(
            accounts: elements.filter { $0.name == "account" }.map { account in
                FixtureSet.Account(
                    email: account["email"] ?? "", password: account["password"] ?? "",
                    verified: account["verified"].map(Self.boolean) ?? true,
                    profile: Dictionary(account.children("profile").map { ($0["name"] ?? "", $0["value"] ?? "") }, uniquingKeysWith: { $1 })
                )
            },
            codes: elements.filter { $0.name == "code" }.map { FixtureSet.Secret(purpose: EffectPurpose(rawValue: $0["purpose"] ?? ""), value: $0["value"] ?? "", isValid: isValid($0)) },
            tokens: elements.filter { $0.name == "token" }.map { FixtureSet.Secret(purpose: EffectPurpose(rawValue: $0["purpose"] ?? ""), value: $0["value"] ?? "", isValid: isValid($0)) }
        )
    }

    /// Every name an action, alert or form uses must exist.
    mutating func checkReferences(
        forms: [String: Located<FormDefinition>], actions: [String: Located<ActionDefinition>],
        alerts: [String: Located<AlertDefinition>], toasts: [String: Located<String>],
        routes: [RouteDefinition], tree: CoordinatorDefinition, data: DataDefinition
    ) {
        let routeTable = Dictionary(routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let flows: Set<CoordinatorID> = if case .flows = tree.kind { Set(tree.children.map(\.id)) } else { [] }
        for (id, action) in actions.sorted(by: { $0.key < $1.key }) {
            let form = action.definition.form.flatMap { forms[$0]?.definition }
            if let name = action.definition.form, form == nil {
                report(action.line, "action '\(id)' posts form '\(name)', which is not declared under <forms>")
            }
            check(action.definition.steps, of: id, at: action.line, form: form, routes: routeTable, flows: flows, alerts: alerts, toasts: toasts, data: data)
        }
        for (id, alert) in alerts.sorted(by: { $0.key < $1.key }) {
            for button in alert.definition.buttons {
                if let action = button.action, actions[action] == nil {
                    report(alert.line, "button '\(button.label)' of alert '\(id)' runs action '\(action)', which is not declared under <actions>")
                }
                if button.discardsChanges, let action = button.action {
                    report(alert.line, "button '\(button.label)' of alert '\(id)' discards changes and carries on where the person was going, so it cannot also run action '\(action)'; remove one")
                }
                if !alert.definition.isDismissible, button.action == nil, !button.discardsChanges {
                    report(alert.line, "alert '\(id)' is not dismissible, so its button '\(button.label)' needs an action; without one it would leave the person stuck")
                }
            }
            checkConvention(alert: id, at: alert.line, routes: routeTable)
        }
    }

    /// An alert named like a convention must be one FlowPages can show: `<route>-expired` only
    /// for a deep-linkable route that takes a `token`.
    private mutating func checkConvention(alert id: String, at line: Int, routes: [RouteName: RouteDefinition]) {
        guard vocabulary.alerts[id] == nil, id.hasSuffix(AppVocabulary.expiredLinkSuffix) else { return }
        let name = RouteName(String(id.dropLast(AppVocabulary.expiredLinkSuffix.count)))
        guard let route = routes[name] else {
            report(line, "alert '\(id)' is shown for expired links to route '\(name)', which is not in <routes>; name it '<route>-expired' after a deep-linkable route")
            return
        }
        if !route.isDeepLinkable || route.parameter("token") == nil {
            report(line, "alert '\(id)' is shown for expired links to route '\(name)', which is not a deep link with a 'token' parameter; set deep-link=\"true\" and add <param name=\"token\"/>, or rename the alert")
        }
    }

    private mutating func check(
        _ steps: [ActionStep], of action: String, at line: Int, form: FormDefinition?, routes: [RouteName: RouteDefinition],
        flows: Set<CoordinatorID>, alerts: [String: Located<AlertDefinition>], toasts: [String: Located<String>], data: DataDefinition
    ) {
        for step in steps {
            switch step {
            case .navigate(let route, let parameters), .detour(let route, let parameters):
                let verb = if case .detour = step { "presents as a detour" } else { "navigates to" }
                guard let definition = routes[route] else {
                    report(line, "action '\(action)' \(verb) route '\(route)', which is not in <routes>")
                    continue
                }
                if case .detour = step, case .modal = definition.presentation {
                    report(line, "action '\(action)' presents route '\(route)' as a detour, but it is modal; a modal is shown with <navigate>")
                }
                for parameter in parameters {
                    if definition.parameter(parameter.name) == nil {
                        report(line, "action '\(action)' passes '\(parameter.name)' to route '\(route)', which takes no such parameter")
                    }
                    checkSource(parameter.source, at: line, in: "action '\(action)'", form: form, route: nil, data: data)
                }
            case .popUpTo(let popped, _, let then, let parameters, _):
                if let popped, routes[popped] == nil {
                    report(line, "action '\(action)' pops up to route '\(popped)', which is not in <routes>")
                }
                if let then {
                    check([.navigate(then, parameters: parameters)], of: action, at: line, form: form, routes: routes, flows: flows, alerts: alerts, toasts: toasts, data: data)
                }
            case .replace(let route):
                guard let definition = routes[route] else {
                    report(line, "action '\(action)' replaces with route '\(route)', which is not in <routes>")
                    continue
                }
                if definition.presentation != .replace, definition.presentation != .replaceStack {
                    report(line, "action '\(action)' replaces with route '\(route)', whose presentation is \(definition.presentation); set presentation=\"replace\" on the route or use <navigate>")
                }
            case .changeFlow(let flow) where !flows.contains(flow):
                report(line, "action '\(action)' changes to flow '\(flow)', which is not a flow of <navigation>")
            case .alert(let name) where alerts[name] == nil:
                report(line, "action '\(action)' shows alert '\(name)', which is not declared under <alerts>")
            case .toast(let name) where toasts[name] == nil:
                report(line, "action '\(action)' shows toast '\(name)', which is not declared under <toasts>")
            case .effect(let name, _, let success, let failure):
                if vocabulary.effects[name] == nil {
                    report(line, "action '\(action)' runs effect '\(name)', which FlowPages does not provide; the effects are \(vocabulary.effects.keys.sorted().joined(separator: ", "))")
                }
                check(success + failure, of: action, at: line, form: form, routes: routes, flows: flows, alerts: alerts, toasts: toasts, data: data)
            case .data(let write):
                checkWrite(write, at: line, in: "action '\(action)'", form: form, route: nil, data: data)
            case .changeFlow, .alert, .toast, .back, .dismiss, .setFlag, .track:
                break
            }
        }
    }
}

extension AppXML {
    /// A form's `record` names a record some route binds, and no `<unsaved-changes>` compares the
    /// form with another record its route binds too.
    mutating func checkFormRecords(
        _ forms: [String: Located<FormDefinition>], guards: [RouteName: Located<LeaveGuard>], routeData: [RouteName: RouteData]
    ) {
        for (id, form) in forms.sorted(by: { $0.key < $1.key }) {
            guard let record = form.definition.record else { continue }
            if !routeData.values.contains(where: { $0.bindings.contains { $0.name == record } }) {
                report(form.line, "form '\(id)' starts from record '\(record)', but no route binds a parameter as=\"\(record)\"; "
                       + "bind one (<param name=\"id\" collection=\"…\" as=\"\(record)\"/>) or remove record")
            }
        }
        for (route, located) in guards.sorted(by: { $0.key < $1.key }) {
            let guarded = located.definition
            guard let compared = guarded.record, let record = forms[guarded.form]?.definition.record, record != compared,
                  routeData[route]?.bindings.contains(where: { $0.name == record }) == true else { continue }
            report(located.line, "route '\(route)' compares form '\(guarded.form)' with record '\(compared)', but the form starts from "
                   + "record '\(record)', which the route binds too; name the same record in both, or leave record out of <unsaved-changes>")
        }
    }

    /// Each `<unsaved-changes>` names a form, an alert that can discard, and (when it edits a
    /// record) one of its route's bound records; and every discarding button belongs to such an alert.
    mutating func checkLeaveGuards(
        _ guards: [RouteName: Located<LeaveGuard>], forms: [String: Located<FormDefinition>],
        alerts: [String: Located<AlertDefinition>], routeData: [RouteName: RouteData]
    ) {
        for (route, located) in guards.sorted(by: { $0.key < $1.key }) {
            let guarded = located.definition
            if forms[guarded.form] == nil {
                report(located.line, "route '\(route)' guards the unsaved changes of form '\(guarded.form)', which is not declared under <forms>")
            }
            if let alert = alerts[guarded.alert]?.definition {
                if !alert.buttons.contains(where: \.discardsChanges) {
                    report(located.line, "alert '\(guarded.alert)' asks before leaving route '\(route)', but none of its buttons has discards=\"true\"; without one the person could never leave")
                }
            } else {
                report(located.line, "route '\(route)' asks with alert '\(guarded.alert)', which is not declared under <alerts>")
            }
            if let record = guarded.record, !(routeData[route]?.bindings.contains { $0.name == record } ?? false) {
                report(located.line, "route '\(route)' compares its form with record '\(record)', but none of its parameters is bound as=\"\(record)\"")
            }
        }
        let asking = Set(guards.values.map(\.definition.alert))
        for (id, alert) in alerts.sorted(by: { $0.key < $1.key }) where !asking.contains(id) {
            if let button = alert.definition.buttons.first(where: \.discardsChanges) {
                report(alert.line, "button '\(button.label)' of alert '\(id)' discards unsaved changes, but no route's <unsaved-changes> asks with this alert")
            }
        }
    }
}
