import Locking

/// A stored body's fields, decoded. While ``RecordBodies`` keeps a body, every record read from
/// it shares one of these, so a reader that turns the fields into a form of its own (a page's
/// template values) keeps that form here and is spared the work on the next read of the body.
public final class RecordFields: Sendable {
    /// The fields by name; a field without a value is absent.
    public let values: [String: RecordValue]
    /// The last form made of ``values``, with its maker. Locked: handler threads read the same
    /// bodies at once.
    private let kept = Lock<(any AnyObject & Sendable)?>(nil)

    /// The fields `values`, with no form made of them yet.
    public init(_ values: [String: RecordValue]) {
        self.values = values
    }

    /// A form of the fields for the record `id`, made by `make` for `maker` the first time and
    /// then kept. One form is kept at a time (a body read for another maker, or as another
    /// record's, replaces it), so `make` must depend on nothing but the fields, `id` and `maker`.
    public func form<Form: Sendable>(for maker: some AnyObject & Sendable, id: String, _ make: (String, [String: RecordValue]) throws -> Form) rethrows -> Form {
        if let form = kept.withLock({ $0 }) as? Kept<Form>, form.maker === maker, form.id == id { return form.form }
        let made = try make(id, values)
        kept.withLock { $0 = Kept(maker: maker, id: id, form: made) }
        return made
    }

    private final class Kept<Form: Sendable>: Sendable {
        let maker: any AnyObject & Sendable
        let id: String
        let form: Form

        init(maker: any AnyObject & Sendable, id: String, form: Form) {
            self.maker = maker
            self.id = id
            self.form = form
        }
    }
}
