/// A number together with where it comes from and when that source was read, so a stale limit is easy to spot.
public struct SourcedLimit<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    /// The document or message the number is taken from.
    public var source: String
    /// When the source was last read (`YYYY-MM`).
    public var asOf: String

    public init(_ value: Value, source: String, asOf: String) {
        self.value = value
        self.source = source
        self.asOf = asOf
    }
}
