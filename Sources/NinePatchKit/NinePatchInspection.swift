import Diagnostics

/// The `ninepatch inspect --format json` record of one file (README, `ninepatch inspect`): the parsed model in content
/// coordinates, with `null` for whatever could not be computed.
public struct NinePatchInspection: Encodable, Sendable {
    public var check: NinePatchCheck
    /// The chunks of a compiled NinePatch (aapt2's output, which has no frame): then they are the fields shown,
    /// beside the verdict on the file as a source, which is what aapt2 compile judges where a source is expected
    /// (no frame: NP002 and friends), so `inspect` and `check` agree.
    public var compiled: NinePatchChunks?

    public init(_ check: NinePatchCheck, compiled: NinePatchChunks? = nil) {
        self.check = check
        self.compiled = compiled
    }

    private enum Keys: String, CodingKey {
        case file, width, height, stretchX, stretchY, padding, layoutBounds, regionColors, outline, valid, diagnostics,
            compiled
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
        if let compiled {
            let header = check.header
            try container.encode(check.file, forKey: .file)
            try container.encode(header?.width, forKey: .width)
            try container.encode(header?.height, forKey: .height)
            try container.encode(compiled.stretchX.map { [$0.start, $0.end] }, forKey: .stretchX)
            try container.encode(compiled.stretchY.map { [$0.start, $0.end] }, forKey: .stretchY)
            try container.encode(InsetsJSON(compiled.padding), forKey: .padding)
            try container.encode(compiled.layoutBounds.map(InsetsJSON.init), forKey: .layoutBounds)
            try container.encode(compiled.regionColors.map { ColorWords.hex($0.storedValue) }, forKey: .regionColors)
            try container.encode(compiled.outline.map(OutlineJSON.init), forKey: .outline)
            try container.encode(check.report.isValid, forKey: .valid)
            try container.encode(check.diagnostics.map(DiagnosticEntry.init), forKey: .diagnostics)
            try container.encode(true, forKey: .compiled)
            return
        }
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
        try container.encode(false, forKey: .compiled)
    }
}
