/// The audit workspace's inventory page (`/<app>/_audit`) as a test reads it.
package enum AuditInventoryPage {
    /// A state the inventory page lists: its id, and the form that opens it (nil: it cannot be).
    package struct Listed {
        /// The state's id, or `unopenable:` and its name when no form opens it.
        package let id: String
        /// The CSRF token of the form that opens it.
        package let csrf: String?
    }

    /// Every state `page` lists, in its order.
    package static func listed(_ page: HTMLPage) -> [Listed] {
        page.root.elements("li").compactMap { item in
            guard let name = item.all.first(where: { $0.hasClass("name") }) else { return nil }
            let inputs = item.elements("input")
            let id = inputs.first { $0["name"] == "state" }?["value"]
            return Listed(id: id ?? "unopenable:" + name.content, csrf: inputs.first { $0["name"] == "csrf" }?["value"])
        }
    }
}
