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

    public init(_ values: [String: RecordValue]) {
        self.values = values
    }

    /// A form of the fields, made by `make` for `maker` the first time and then kept. One form is
    /// kept at a time (a body read for another maker replaces it), so `make` must depend on
    /// nothing but the fields and `maker`.
    public func form<Form: Sendable>(for maker: some AnyObject & Sendable, _ make: ([String: RecordValue]) throws -> Form) rethrows -> Form {
        if let form = kept.withLock({ $0 }) as? Kept<Form>, form.maker === maker { return form.form }
        let made = try make(values)
        kept.withLock { $0 = Kept(maker: maker, form: made) }
        return made
    }

    private final class Kept<Form: Sendable>: Sendable {
        let maker: any AnyObject & Sendable
        let form: Form

        init(maker: any AnyObject & Sendable, form: Form) {
            self.maker = maker
            self.form = form
        }
    }
}
