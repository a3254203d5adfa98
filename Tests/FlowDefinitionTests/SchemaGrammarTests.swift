@testable import FlowDefinition
import Testing

/// The RELAX NG grammar as the schema guide follows it.
@Suite struct SchemaGrammarTests {
    let grammar: SchemaGrammar

    init() throws {
        grammar = try SchemaGrammar(relaxNG: AppSchema.relaxNG)
    }

    func content(_ path: [String]) throws -> SchemaPattern {
        var pattern = grammar.start
        for name in path {
            pattern = try #require(grammar.content(of: name, in: pattern), "<\(name)>")
        }
        return pattern
    }

    @Test func contentModelsAreDescribedAsTheirOrder() throws {
        #expect(grammar.describe(grammar.withoutAttributes(try content(["app", "routes", "route"]))) == "param*, alias*, (list | count)*, on-open?, unsaved-changes?")
        #expect(grammar.describe(grammar.withoutAttributes(try content(["app", "navigation"]))) == "(flows | tabs | stack)")
        #expect(grammar.describe(grammar.withoutAttributes(try content(["app", "routes"]))) == "route+")
    }

    @Test func everyElementKnowsWhereItBelongs() {
        #expect(grammar.parents["field"] == ["collection", "form"])
        #expect(grammar.parents["app"] == [])
        #expect(Set(grammar.parents["navigate"] ?? []) == ["action", "on-success", "on-failure"])
    }

    @Test func derivativesFollowOrderAndRepetition() throws {
        let routes = grammar.withoutAttributes(try content(["app", "routes"]))
        #expect(!grammar.isNullable(routes), "routes needs a route")
        let afterOne = grammar.afterElement(routes, name: "route")
        #expect(grammar.isNullable(afterOne) && grammar.afterElement(afterOne, name: "route") != .notAllowed)
        let route = grammar.withoutAttributes(try content(["app", "routes", "route"]))
        let afterAlias = grammar.afterElement(route, name: "alias")
        #expect(grammar.afterElement(afterAlias, name: "param") == .notAllowed, "params come before aliases")
        #expect(grammar.nextElements(afterAlias) == ["alias", "list", "count", "on-open", "unsaved-changes"])
    }

    @Test func attributesOfAChoiceAreRequiredAsOne() throws {
        let set = try content(["app", "actions", "action", "create", "set"])
        #expect(grammar.missingAttributes(set) == [["name"], ["value", "field", "param", "created"]])
        let named = grammar.afterAttribute(set, name: "name", value: "title")
        let valued = grammar.afterAttribute(named, name: "value", value: "x")
        #expect(grammar.missingAttributes(valued).isEmpty)
        #expect(grammar.afterAttribute(valued, name: "field", value: "y") == .notAllowed)
        #expect(grammar.exclusiveAlternatives(to: "field", in: set) == ["value", "field", "param", "created"])
    }

    @Test func aSchemaOutsideTheReadSubsetIsRefusedByName() {
        let schema = """
            <grammar xmlns="http://relaxng.org/ns/structure/1.0"><start><element name="a"><interleave><element name="b"><empty/></element></interleave></element></start></grammar>
            """
        #expect(throws: SchemaGrammar.Unsupported.self) { try SchemaGrammar(relaxNG: schema) }
    }

    @Test(arguments: [
        (ValueRule.data(type: "boolean", pattern: nil, minLength: nil, hint: nil), ["true", "false", "1", "0", " true "], ["yes", "True", ""]),
        (.data(type: "positiveInteger", pattern: nil, minLength: nil, hint: nil), ["1", "+3", "250"], ["0", "-1", "two", "1.5"]),
        (.data(type: "nonNegativeInteger", pattern: nil, minLength: nil, hint: nil), ["0", "7"], ["-1", ""]),
        (.data(type: "string", pattern: "[a-z0-9][a-z0-9\\-]*", minLength: nil, hint: nil), ["shop", "suma-finance", "2go"], ["Shop", "shop!", "-shop", ""]),
        (.data(type: "string", pattern: nil, minLength: 1, hint: nil), ["q"], [""]),
        (.values(["push", "sheet"]), ["push", " sheet "], ["Push", "popover"]),
        (.list(.data(type: "string", pattern: nil, minLength: nil, hint: nil)), ["a", "a b  c"], ["", "  "]),
    ])
    func valuesAreJudgedAsXMLSchemaDoes(rule: ValueRule, accepted: [String], refused: [String]) {
        for value in accepted { #expect(rule.accepts(value), "\(value)") }
        for value in refused { #expect(!rule.accepts(value), "\(value)") }
    }
}
