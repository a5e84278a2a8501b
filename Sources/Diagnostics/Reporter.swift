/// Turns a finished `Report` into the bytes one output format wants. Pure: no I/O, no clock.
public protocol Reporter: Sendable {
    func render(_ report: Report) -> String
}
