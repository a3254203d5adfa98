import HTMLTemplate

extension TemplateSet {
    /// The actions a page of `template` offers: those it and the app's own partials it includes
    /// post (`actions.<id>`), read from the text without rendering.
    package func actions(offeredBy template: String, app: String) -> Set<String> {
        Set(referencedPaths(in: template) { $0.hasPrefix(app + "/") }.compactMap { $0.count > 1 && $0[0] == "actions" ? $0[1] : nil })
    }
}
