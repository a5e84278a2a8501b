import Diagnostics

/// The `ninepatch inspect --format json` record of one file (README, `ninepatch inspect`): the parsed model in content
/// coordinates, with `null` for whatever could not be computed.
public struct NinePatchInspection: Encodable, Sendable {
    public var check: NinePatchCheck

    public init(_ check: NinePatchCheck) {
        self.check = check
    }

    private enum Keys: String, CodingKey {
        case file, width, height, stretchX, stretchY, padding, layoutBounds, regionColors, outline, valid, diagnostics
    }

    private struct InsetsJSON: Encodable {
        var left, top, right, bottom: Int
        init(_ insets: Insets) {
            (left, top, right, bottom) = (insets.left, insets.top, insets.right, insets.bottom)
        }
    }

    private struct OutlineJSON: Encodable {
        var left, top, right, bottom: Int
        /// Rounded to 4 decimals: the float32 aapt2 stores is 3.4142 × an integer.
        var radius: Double
        var alpha: Int
        init(_ outline: Outline) {
            (left, top, right, bottom) = (
                outline.insets.left, outline.insets.top, outline.insets.right, outline.insets.bottom
            )
            radius = (Double(outline.radius) * 10_000).rounded() / 10_000
            alpha = Int(outline.alpha)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let model = check.ninePatch
        let header = check.header
        try container.encode(check.file, forKey: .file)
        try container.encode(header.map { max($0.width - 2, 0) }, forKey: .width)
        try container.encode(header.map { max($0.height - 2, 0) }, forKey: .height)
        try container.encode(model.map { $0.stretchX.map { [$0.start, $0.end] } }, forKey: .stretchX)
        try container.encode(model.map { $0.stretchY.map { [$0.start, $0.end] } }, forKey: .stretchY)
        try container.encode(model.map { InsetsJSON($0.padding) }, forKey: .padding)
        try container.encode(model?.layoutBounds.map(InsetsJSON.init), forKey: .layoutBounds)
        try container.encode(
            model?.regionColors.map { $0.map { ColorWords.hex($0.storedValue) } }, forKey: .regionColors)
        try container.encode(model?.outline.map(OutlineJSON.init), forKey: .outline)
        try container.encode(check.report.isValid, forKey: .valid)
        try container.encode(check.diagnostics.map(DiagnosticEntry.init), forKey: .diagnostics)
    }
}
