public import PNGKit

/// A NinePatch source rebuilt from a compiled PNG.
public struct DecompiledNinePatch: Sendable, Hashable {
    /// The bordered source image (`*.9.png` form), content plus a transparent 1-pixel frame with ticks.
    public var image: RGBAImage
    /// Where parsing `image` again would not give back the compiled chunks (e.g. layout bounds aapt2 cannot
    /// read from any border, or chunks not made from these pixels); empty when the round trip is exact.
    public var warnings: [String]

    public init(image: RGBAImage, warnings: [String]) {
        self.image = image
        self.warnings = warnings
    }
}

/// Why a compiled NinePatch could not be turned back into a source.
public enum NinePatchDecompileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a readable PNG.
    case png(PNGError)
    /// The NinePatch chunks are missing, malformed, or do not fit the image.
    case chunks(NinePatchChunkError)

    public var description: String {
        switch self {
        case .png(let error): error.description
        case .chunks(let error): error.description
        }
    }
}

/// Turns a compiled NinePatch (content pixels plus `npTc`, optional `npLb`) back into a bordered source that
/// aapt2 parses to the same data.
///
/// The frame is transparent. Top and left get black ticks for the stretch spans; bottom and right get the
/// padding as one black run and the layout bounds as red runs from the ends (`[0, start)` and
/// `[length - end, length)`). The padding run is drawn even when it equals aapt2's default (the first to last
/// stretch span), which parses the same and is what most real sources do; it is left out only when it would
/// cover a red tick, where the default applies instead. A start inset of the whole line, which aapt2 stores for
/// any single red run that ends at the line's end (rule NP103), is drawn as the red run from the padding run to
/// the end. Region colours and the outline are not drawn: aapt2 derives them from the pixels.
public struct NinePatchDecompiler: Sendable {
    public var decoder: PNGDecoder
    /// Parses the result again to check that it gives back the chunks.
    public var parser: NinePatchParser

    public init(decoder: PNGDecoder = PNGDecoder(), parser: NinePatchParser = NinePatchParser()) {
        self.decoder = decoder
        self.parser = parser
    }

    /// Decodes a compiled PNG file's pixels and chunks and rebuilds its source.
    public func decompile(png bytes: [UInt8]) throws(NinePatchDecompileError) -> DecompiledNinePatch {
        let content: RGBAImage
        let pngChunks: [PNGChunk]
        do {
            content = try decoder.decode(bytes)
            pngChunks = try decoder.chunks(of: bytes)
        } catch {
            throw .png(error)
        }
        do {
            return try decompile(content, chunks: try NinePatchChunks(decoding: pngChunks))
        } catch {
            throw .chunks(error)
        }
    }

    /// Adds the frame that `chunks` describe around `content`.
    public func decompile(
        _ content: RGBAImage, chunks: NinePatchChunks
    ) throws(NinePatchChunkError) -> DecompiledNinePatch {
        try chunks.validate(width: content.width, height: content.height)
        var image = RGBAImage(width: content.width + 2, height: content.height + 2)
        for y in 0..<content.height {
            let source = y * content.width * 4
            let target = ((y + 1) * image.width + 1) * 4
            image.bytes.replaceSubrange(
                target..<(target + content.width * 4),
                with: content.bytes[source..<(source + content.width * 4)])
        }
        let bounds = chunks.layoutBounds ?? .zero
        let horizontal = BorderTicks(
            length: content.width, stretch: chunks.stretchX, padding: (chunks.padding.left, chunks.padding.right),
            layoutBounds: (bounds.left, bounds.right))
        let vertical = BorderTicks(
            length: content.height, stretch: chunks.stretchY, padding: (chunks.padding.top, chunks.padding.bottom),
            layoutBounds: (bounds.top, bounds.bottom))
        for (x, color) in horizontal.stretchLine.enumerated() { image[x + 1, 0] = color }
        for (x, color) in horizontal.paddingLine.enumerated() { image[x + 1, image.height - 1] = color }
        for (y, color) in vertical.stretchLine.enumerated() { image[0, y + 1] = color }
        for (y, color) in vertical.paddingLine.enumerated() { image[image.width - 1, y + 1] = color }
        return DecompiledNinePatch(image: image, warnings: warnings(reparsing: image, against: chunks))
    }

    /// What parsing the drawn source gives that differs from `chunks`.
    private func warnings(reparsing image: RGBAImage, against chunks: NinePatchChunks) -> [String] {
        let analysis = parser.parse(image, file: "")
        guard let parsed = analysis.ninePatch else {
            let reasons = analysis.diagnostics.filter { $0.severity == .error }.map(\.message)
            return ["aapt2 would reject the rebuilt source: " + reasons.joined(separator: "; ")]
        }
        var found = [String]()
        func compare<Value: Equatable>(_ name: String, _ stored: Value, _ reparsed: Value) {
            if stored != reparsed {
                found.append("\(name): the chunks say \(stored), the rebuilt source gives \(reparsed)")
            }
        }
        compare("stretch x", chunks.stretchX, parsed.stretchX)
        compare("stretch y", chunks.stretchY, parsed.stretchY)
        compare("padding", chunks.padding, parsed.padding)
        compare("layout bounds", chunks.layoutBounds ?? .zero, parsed.layoutBounds ?? .zero)
        let hex = { (colors: [RegionColor]) in colors.map { "0x" + String($0.storedValue, radix: 16, uppercase: true) }
        }
        if let reparsed = parsed.regionColors { compare("region colours", hex(chunks.regionColors), hex(reparsed)) }
        if let outline = chunks.outline, let reparsed = parsed.outline { compare("outline", outline, reparsed) }
        return found
    }
}

/// The two frame lines of one axis: stretch ticks (top or left), padding and layout bounds (bottom or right).
private struct BorderTicks {
    var stretchLine: [RGBA]
    var paddingLine: [RGBA]

    static let black = RGBA(argb: 0xFF00_0000)
    static let red = RGBA(argb: 0xFFFF_0000)

    init(length: Int, stretch: [Span], padding: (start: Int, end: Int), layoutBounds: (start: Int, end: Int)) {
        stretchLine = [RGBA](repeating: .transparent, count: length)
        for span in stretch { Self.paint(&stretchLine, span.start..<span.end, Self.black) }
        paddingLine = [RGBA](repeating: .transparent, count: length)
        // aapt2 reads a single red run that ends at the line's end as a start inset of the whole line, wherever
        // the run begins: such a run is drawn last, after the padding run (or over the whole line).
        let endingRun = layoutBounds.end == 0 && layoutBounds.start == length
        if layoutBounds.end > 0 { Self.paint(&paddingLine, (length - layoutBounds.end)..<length, Self.red) }
        if !endingRun { Self.paint(&paddingLine, 0..<layoutBounds.start, Self.red) }
        let run = padding.start..<(length - padding.end)
        var drawsPadding = true
        if NinePatchGeometry.padding(paddingRuns: [], stretch: stretch, length: length) == padding {
            // aapt2's default: drawing it is optional, so it gives way to red ticks.
            drawsPadding = endingRun ? run.upperBound < length : !paddingLine[run].contains(Self.red)
        }
        if drawsPadding { Self.paint(&paddingLine, run, Self.black) }
        if endingRun { Self.paint(&paddingLine, (drawsPadding ? run.upperBound : 0)..<length, Self.red) }
    }

    private static func paint(_ line: inout [RGBA], _ range: Range<Int>, _ color: RGBA) {
        line.replaceSubrange(range, with: repeatElement(color, count: range.count))
    }
}
