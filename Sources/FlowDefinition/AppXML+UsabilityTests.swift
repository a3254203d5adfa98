import Navigation

extension AppXML {
    /// `<usability-tests>`: each test's missions and questions, every id, route and limit
    /// checked with its line. A mission's start state is checked here as far as a route names
    /// it; the rest of the state (an alert, a toast) only the audit's inventory knows.
    mutating func readUsabilityTests(routes: Set<String>) -> [UsabilityTest] {
        var tests: [UsabilityTest] = []
        var testIDs: Set<String> = []
        for element in root.child("usability-tests")?.children("test") ?? [] {
            let id = element["id"] ?? ""
            if !testIDs.insert(id).inserted { report(element.line, "usability test '\(id)' is declared twice; give each test its own id") }
            var missionIDs: Set<String> = []
            let missions = element.children("mission").map { mission in
                let read = readMission(mission, of: id, routes: routes)
                if !missionIDs.insert(read.id).inserted {
                    report(mission.line, "usability test '\(id)' has two missions '\(read.id)'; give each mission its own id")
                }
                return read
            }
            var questionIDs: Set<String> = []
            let questions = element.children.compactMap { child -> UsabilityTest.Question? in
                let question: UsabilityTest.Question
                switch child.name {
                case "choice-question":
                    let choices = child.children("choice").map { $0["label"] ?? "" }
                    if choices.count < 2 { report(child.line, "question '\(child["id"] ?? "")' of usability test '\(id)' has \(choices.count) choice; give it two or more") }
                    if Set(choices).count < choices.count { report(child.line, "question '\(child["id"] ?? "")' of usability test '\(id)' offers a choice twice; make each label differ") }
                    question = .choice(id: child["id"] ?? "", text: child["text"] ?? "", choices: choices)
                case "text-question": question = .text(id: child["id"] ?? "", text: child["text"] ?? "")
                case "sus": question = .systemUsabilityScale
                case "assistive-technology-question": question = .assistiveTechnology
                default: return nil
                }
                if !questionIDs.insert(question.id).inserted {
                    report(child.line, "usability test '\(id)' asks '\(question.id)' twice; each question needs its own id ('sus' and 'assistive-technology' are the built-in questions')")
                }
                return question
            }
            tests.append(UsabilityTest(id: id, name: element["name"] ?? id, intro: element["intro"] ?? "", missions: missions, questions: questions))
        }
        return tests
    }

    private mutating func readMission(_ element: XMLElement, of test: String, routes: Set<String>) -> UsabilityTest.Mission {
        let id = element["id"] ?? ""
        let named = "mission '\(id)' of usability test '\(test)'"
        let start = element["start"] ?? ""
        let kind = String(start.prefix { $0 != ":" })
        var startRoute: String?
        if !UsabilityTest.stateKinds.contains(kind) {
            report(element.line, "\(named) starts in '\(start)', but the audit has no state of kind '\(kind)' (a state's id is a kind and a name, as in screen:login)\(Spelling.suggestion(for: kind, among: UsabilityTest.stateKinds))")
        } else if UsabilityTest.routeStateKinds.contains(kind) {
            let route = String(start.dropFirst(kind.count + 1))
            startRoute = route
            if !routes.contains(route) {
                report(element.line, "\(named) starts in '\(start)', but there is no route '\(route)'\(Spelling.suggestion(for: route, among: routes))")
            }
        }
        var limit: Int?
        if let text = element["time-limit"] {
            if let seconds = Int(text), UsabilityTest.timeLimits.contains(seconds) {
                limit = seconds
            } else {
                report(element.line, "\(named) has time-limit=\"\(text)\"; a time limit is seconds from \(UsabilityTest.timeLimits.lowerBound) to \(UsabilityTest.timeLimits.upperBound)")
            }
        }
        let successes = element.children("success").map { success in
            let route = success["route"] ?? ""
            if !routes.contains(route) {
                report(success.line, "\(named) succeeds on route '\(route)', which does not exist\(Spelling.suggestion(for: route, among: routes))")
            }
            return RouteName(route)
        }
        let paths = element.children("expected-path").map { path in
            let steps = (path["routes"] ?? "").split(separator: " ").map(String.init)
            for step in steps where !routes.contains(step) {
                report(path.line, "an expected path of \(named) goes through route '\(step)', which does not exist\(Spelling.suggestion(for: step, among: routes))")
            }
            if let first = steps.first, let startRoute, first != startRoute {
                report(path.line, "an expected path of \(named) starts on '\(first)', but the mission starts on '\(startRoute)'; start the path there")
            }
            if let last = steps.last, !successes.contains(RouteName(last)) {
                report(path.line, "an expected path of \(named) ends on '\(last)', which is not one of its successes; end it on one")
            }
            return steps.map { RouteName($0) }
        }
        return UsabilityTest.Mission(id: id, task: element["task"] ?? "", start: start, successes: successes, expectedPaths: paths, timeLimit: limit)
    }
}
