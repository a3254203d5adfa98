import FlowDefinition
import FlowStore
import Navigation

extension SessionUnit {
    /// Makes the `<on-open>` writes of the screen a person arrived on (an inquiry opened is
    /// marked read), in the same transaction as the arrival. A write that cannot be made (the
    /// record is gone, no one is signed in) is left out: it never stops the screen showing.
    static func open(
        _ screen: RouteInstance, app: MountedApp, transaction: any StoreTransaction, now: Int64,
        scope: @escaping (CollectionScope) -> RecordScope?
    ) throws {
        guard let writes = app.app.routeData[screen.name]?.onOpen, !writes.isEmpty else { return }
        let writer = DataWriter(app: app.app, transaction: transaction, scope: scope, now: now)
        func value(_ source: ValueSource) -> String? {
            switch source {
            case .constant(let value): value
            case .parameter(let name): screen.parameters[name]
            case .field, .created: nil
            }
        }
        for write in writes {
            do {
                _ = try writer.apply(write, value: value)
            } catch is ActionRefused {
                continue
            }
        }
    }
}
