import FlowDefinition
import FlowPages

/// Converts Android Jetpack Navigation graphs into an app folder, as `flowpages import-navgraph`
/// does.
public enum NavGraphImport {
    /// Reads the graph files at `paths` (the root graph first), with the `strings.xml` files
    /// their labels name and a bottom-navigation `menu`, imports them as app `appID` and writes
    /// the app folder `out`, created if needed. Returns what could not be mapped exactly.
    /// - Throws: ``ProblemLines``: each problem as `file:line: message`.
    public static func importFiles(_ paths: [String], appID: String, out: String, strings: [String] = [], menu: String? = nil) throws(ProblemLines) -> [String] {
        do {
            return try NavGraphImporter.importFiles(paths, appID: appID, out: out, strings: strings, menu: menu)
        } catch let problems as FolderProblems {
            throw ProblemLines(problems.problems.map(\.description))
        } catch {
            throw ProblemLines(["\(out): cannot be written: \(error)"])
        }
    }
}
