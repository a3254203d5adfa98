/// What a choice field offers (`<field type="select|radio|checkboxes">`): the options listed in
/// `app.xml` (`<option value label>`), or the records of a collection (`options="doctors"`, each
/// record's id its value and `option-label`'s field its label), read when the page is drawn.
public struct ChoiceDefinition: Hashable, Sendable {
    /// How the choice is drawn and how many may be picked.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A drop-down list: one of.
        case select
        /// Radio buttons: one of.
        case radio
        /// Check boxes: any of, posted as one value a line.
        case checkboxes
    }

    /// One option: what is posted, and what the person reads.
    public struct Option: Hashable, Sendable {
        public let value: String
        public let label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// Where a choice's options come from when `app.xml` does not list them.
    public struct Source: Hashable, Sendable {
        /// The collection whose records are the options; each record's id is its value.
        public let collection: String
        /// The field of the record each option reads as.
        public let label: String

        public init(collection: String, label: String) {
            self.collection = collection
            self.label = label
        }
    }

    public let kind: Kind
    /// The options `app.xml` lists; empty when they come from a collection.
    public let options: [Option]
    /// The collection the options come from, when `app.xml` lists none.
    public let source: Source?

    public init(kind: Kind, options: [Option], source: Source?) {
        self.kind = kind
        self.options = options
        self.source = source
    }
}
