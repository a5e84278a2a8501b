public import PNGKit

/// The NinePatch data of a compiled PNG: what aapt2 stores in its `npTc`, `npLb` and `npOl` chunks.
///
/// Byte layouts, as aapt2 (Android 10) writes them on a little-endian host:
/// - `npTc` (`Res_png_9patch`): u8 wasDeserialized (0), u8 numXDivs, u8 numYDivs, u8 numColors; u32 xDivsOffset,
///   u32 yDivsOffset (host order); i32 padding left, right, top, bottom (big-endian); u32 colorsOffset (host
///   order); then i32 xDivs, i32 yDivs and u32 colours, all big-endian. Divs are the `[start, end)` pairs of the
///   stretch spans; the three counts are single bytes, so at most 127 spans per axis and 255 colours fit.
/// - `npLb`: i32 left, top, right, bottom layout-bound insets, little-endian.
/// - `npOl`: i32 left, top, right, bottom outline insets, f32 radius, u32 alpha, little-endian.
public struct NinePatchChunks: Sendable, Hashable {
    public var stretchX: [Span]
    public var stretchY: [Span]
    public var padding: Insets
    /// One entry per lattice region, row by row, left to right.
    public var regionColors: [RegionColor]
    /// `npLb`; `nil` when the chunk is absent. aapt2 writes it only when an inset is non-zero.
    public var layoutBounds: Insets?
    /// `npOl`; `nil` when the chunk is absent (aapt2 always writes it).
    public var outline: Outline?

    public init(
        stretchX: [Span], stretchY: [Span], padding: Insets, regionColors: [RegionColor], layoutBounds: Insets?,
        outline: Outline?
    ) {
        self.stretchX = stretchX
        self.stretchY = stretchY
        self.padding = padding
        self.regionColors = regionColors
        self.layoutBounds = layoutBounds
        self.outline = outline
    }

    /// Everything aapt2 would store for a parsed NinePatch. Throws `incompleteModel` for a model parsed without
    /// its region colours and outline (`NinePatchParser.Detail.geometry`), which aapt2 always stores.
    public init(_ ninePatch: NinePatch) throws(NinePatchChunkError) {
        guard let regionColors = ninePatch.regionColors, let outline = ninePatch.outline else {
            throw .incompleteModel
        }
        self.init(
            stretchX: ninePatch.stretchX, stretchY: ninePatch.stretchY, padding: ninePatch.padding,
            regionColors: regionColors, layoutBounds: ninePatch.layoutBounds, outline: outline)
    }

    /// The chunk names, in the order aapt2 writes them (older Android expects `npTc` last).
    public static let chunkNames = ["npOl", "npLb", "npTc"]

    // MARK: - Encoding

    /// The chunks in aapt2's order: `npOl` (when there is an outline), `npLb` (when a layout-bound inset is
    /// non-zero), `npTc`. Throws when a count does not fit its byte, where aapt2 would write a corrupt chunk.
    public func encoded() throws(NinePatchChunkError) -> [PNGChunk] {
        var chunks = [PNGChunk]()
        if let outline { chunks.append(PNGChunk(name: "npOl", data: try Self.encode(outline))) }
        if let layoutBounds, !layoutBounds.isZero {
            chunks.append(PNGChunk(name: "npLb", data: try Self.encode(layoutBounds: layoutBounds)))
        }
        chunks.append(PNGChunk(name: "npTc", data: try encodedPatch()))
        return chunks
    }

    /// The `npTc` payload.
    public func encodedPatch() throws(NinePatchChunkError) -> [UInt8] {
        let xDivs = stretchX.flatMap { [$0.start, $0.end] }
        let yDivs = stretchY.flatMap { [$0.start, $0.end] }
        for (field, count) in [("x divs", xDivs.count), ("y divs", yDivs.count), ("colours", regionColors.count)]
        where count > 255 {
            throw .countOverflow(field: field, count: count)
        }
        let xOffset = UInt32(Self.patchHeaderSize)
        let yOffset = xOffset + UInt32(4 * xDivs.count)
        var writer = ByteWriter()
        writer.bytes += [0, UInt8(xDivs.count), UInt8(yDivs.count), UInt8(regionColors.count)]
        writer.append(xOffset, bigEndian: false)
        writer.append(yOffset, bigEndian: false)
        for value in [padding.left, padding.right, padding.top, padding.bottom] {
            try writer.append(int32: value, field: "padding", bigEndian: true)
        }
        writer.append(yOffset + UInt32(4 * yDivs.count), bigEndian: false)
        for value in xDivs { try writer.append(int32: value, field: "x divs", bigEndian: true) }
        for value in yDivs { try writer.append(int32: value, field: "y divs", bigEndian: true) }
        for color in regionColors { writer.append(color.storedValue, bigEndian: true) }
        return writer.bytes
    }

    /// The `npLb` payload.
    public static func encode(layoutBounds: Insets) throws(NinePatchChunkError) -> [UInt8] {
        var writer = ByteWriter()
        try writer.append(insets: layoutBounds, field: "layout bounds")
        return writer.bytes
    }

    /// The `npOl` payload.
    public static func encode(_ outline: Outline) throws(NinePatchChunkError) -> [UInt8] {
        var writer = ByteWriter()
        try writer.append(insets: outline.insets, field: "outline")
        writer.append(outline.radius.bitPattern, bigEndian: false)
        writer.append(UInt32(outline.alpha), bigEndian: false)
        return writer.bytes
    }

    // MARK: - Decoding

    /// Finds and decodes the NinePatch chunks among a PNG's chunks (see `PNGDecoder.chunks(of:)`); `npTc` is
    /// required, `npLb` and `npOl` are optional, none may appear twice.
    public init(decoding chunks: [PNGChunk]) throws(NinePatchChunkError) {
        var found = [String: [UInt8]]()
        for chunk in chunks where Self.chunkNames.contains(chunk.name) {
            guard found[chunk.name] == nil else { throw .duplicateChunk(chunk.name) }
            found[chunk.name] = chunk.data
        }
        guard let patch = found["npTc"] else { throw .missingPatchChunk }
        self = try Self.decodePatch(patch)
        layoutBounds = try found["npLb"].map { (data) throws(NinePatchChunkError) in try Self.decodeLayoutBounds(data) }
        outline = try found["npOl"].map { (data) throws(NinePatchChunkError) in try Self.decodeOutline(data) }
    }

    /// The NinePatch data of `bytes` when they are a compiled NinePatch (aapt2's output: an `npTc` chunk, and no
    /// frame around the content), `nil` for a source or a file whose chunks cannot be read.
    public static func compiled(_ bytes: [UInt8], decoder: PNGDecoder) -> NinePatchChunks? {
        guard let chunks = try? decoder.chunks(of: bytes), chunks.contains(where: { $0.name == "npTc" }) else {
            return nil
        }
        return try? NinePatchChunks(decoding: chunks)
    }

    /// Decodes an `npTc` payload; `layoutBounds` and `outline` of the result are `nil`.
    ///
    /// Like Android's runtime, the length must be exactly what the three counts imply. The stored offsets, which
    /// readers recompute, must still be the ones the counts imply (in either byte order), so a chunk whose
    /// header disagrees with itself is refused. Spans must be non-empty, ordered and non-overlapping.
    public static func decodePatch(_ data: [UInt8]) throws(NinePatchChunkError) -> NinePatchChunks {
        guard data.count >= patchHeaderSize else {
            throw .truncated(chunk: "npTc", length: data.count, needed: patchHeaderSize)
        }
        let xCount = Int(data[1])
        let yCount = Int(data[2])
        let colorCount = Int(data[3])
        let expected = patchHeaderSize + 4 * (xCount + yCount + colorCount)
        if data.count < expected { throw .truncated(chunk: "npTc", length: data.count, needed: expected) }
        if data.count > expected { throw .unexpectedLength(chunk: "npTc", length: data.count, expected: expected) }
        if xCount % 2 != 0 { throw .oddDivCount(axis: .x, count: xCount) }
        if yCount % 2 != 0 { throw .oddDivCount(axis: .y, count: yCount) }
        var reader = ByteReader(bytes: data, position: 4)
        let xOffset = patchHeaderSize
        let yOffset = xOffset + 4 * xCount
        let colorsOffset = yOffset + 4 * yCount
        try reader.expectOffset("xDivsOffset", xOffset)
        try reader.expectOffset("yDivsOffset", yOffset)
        let paddingValues = (0..<4).map { _ in reader.int32(bigEndian: true) }
        try reader.expectOffset("colorsOffset", colorsOffset)
        let stretchX = try spans(reader.int32s(xCount, bigEndian: true), axis: .x)
        let stretchY = try spans(reader.int32s(yCount, bigEndian: true), axis: .y)
        let colors = (0..<colorCount).map { _ in RegionColor(storedValue: reader.uint32(bigEndian: true)) }
        return NinePatchChunks(
            stretchX: stretchX, stretchY: stretchY,
            padding: Insets(
                left: paddingValues[0], top: paddingValues[2], right: paddingValues[1],
                bottom: paddingValues[3]),
            regionColors: colors, layoutBounds: nil, outline: nil)
    }

    /// Decodes an `npLb` payload.
    public static func decodeLayoutBounds(_ data: [UInt8]) throws(NinePatchChunkError) -> Insets {
        try checkLength(data, chunk: "npLb", expected: 16)
        var reader = ByteReader(bytes: data)
        return reader.insets()
    }

    /// Decodes an `npOl` payload; the alpha must be 0…255.
    public static func decodeOutline(_ data: [UInt8]) throws(NinePatchChunkError) -> Outline {
        try checkLength(data, chunk: "npOl", expected: 24)
        var reader = ByteReader(bytes: data)
        let insets = reader.insets()
        let radius = Float(bitPattern: reader.uint32(bigEndian: false))
        let alpha = reader.uint32(bigEndian: false)
        guard let alpha = UInt8(exactly: alpha) else { throw .outlineAlphaOutOfRange(alpha) }
        return Outline(insets: insets, radius: radius, alpha: alpha)
    }

    // MARK: - Consistency with an image

    /// Checks that the data describes a content image of `width` x `height` pixels: spans inside it, padding
    /// leaving a non-empty content area, layout-bound insets within the sides, one colour per lattice region.
    public func validate(width: Int, height: Int) throws(NinePatchChunkError) {
        for (axis, spans, length) in [(NinePatchChunkError.Axis.x, stretchX, width), (.y, stretchY, height)] {
            var previousEnd = 0
            for span in spans {
                guard span.start >= previousEnd, span.length > 0, span.end <= length else {
                    throw .spanOutOfRange(axis: axis, span, length: length)
                }
                previousEnd = span.end
            }
        }
        for (axis, start, end, length) in [
            (NinePatchChunkError.Axis.x, padding.left, padding.right, width),
            (.y, padding.top, padding.bottom, height),
        ] where start < 0 || end < 0 || start + end >= length {
            throw .paddingOutOfRange(axis: axis, start: start, end: end, length: length)
        }
        if let bounds = layoutBounds {
            for (axis, start, end, length) in [
                (NinePatchChunkError.Axis.x, bounds.left, bounds.right, width),
                (.y, bounds.top, bounds.bottom, height),
            ] where !(0...length).contains(start) || !(0...length).contains(end) {
                throw .layoutBoundsOutOfRange(axis: axis, start: start, end: end, length: length)
            }
        }
        let regions =
            NinePatch.segments(length: width, stretch: stretchX).count
            * NinePatch.segments(length: height, stretch: stretchY).count
        if regionColors.count != regions { throw .colorCountMismatch(stored: regionColors.count, regions: regions) }
    }

    // MARK: - Helpers

    /// `Res_png_9patch` without its arrays.
    static let patchHeaderSize = 32

    private static func checkLength(_ data: [UInt8], chunk: String, expected: Int) throws(NinePatchChunkError) {
        if data.count < expected { throw .truncated(chunk: chunk, length: data.count, needed: expected) }
        if data.count > expected { throw .unexpectedLength(chunk: chunk, length: data.count, expected: expected) }
    }

    private static func spans(_ divs: [Int], axis: NinePatchChunkError.Axis) throws(NinePatchChunkError) -> [Span] {
        var spans = [Span]()
        for index in stride(from: 0, to: divs.count, by: 2) {
            let start = divs[index]
            let end = divs[index + 1]
            guard start >= (spans.last?.end ?? 0), start < end else { throw .invalidDivs(axis: axis, divs) }
            spans.append(Span(start, end))
        }
        return spans
    }
}

/// Why NinePatch chunks could not be encoded or decoded. Every case renders as one line.
public enum NinePatchChunkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The axis of stretch spans, padding or layout bounds.
    public enum Axis: String, Sendable, Hashable {
        case x, y
    }

    /// A count aapt2 stores in one byte does not fit (aapt2 would silently write it modulo 256).
    case countOverflow(field: String, count: Int)
    /// A value does not fit the chunk's 32-bit field.
    case valueOutOfRange(field: String, value: Int)
    /// The PNG has no `npTc` chunk: it is not a compiled NinePatch.
    case missingPatchChunk
    /// A NinePatch chunk appears more than once.
    case duplicateChunk(String)
    /// A chunk is shorter than its header or counts require.
    case truncated(chunk: String, length: Int, needed: Int)
    /// A chunk is longer than its counts imply.
    case unexpectedLength(chunk: String, length: Int, expected: Int)
    /// `numXDivs` or `numYDivs` is odd: divs come in start/end pairs.
    case oddDivCount(axis: Axis, count: Int)
    /// A stored offset disagrees with the one the counts imply.
    case offsetMismatch(field: String, stored: UInt32, expected: Int)
    /// Divs that are not non-empty, ordered, non-overlapping `[start, end)` pairs from 0.
    case invalidDivs(axis: Axis, [Int])
    /// A stretch span that is empty, out of order, or reaches past the image.
    case spanOutOfRange(axis: Axis, Span, length: Int)
    /// Padding that is negative or leaves no content.
    case paddingOutOfRange(axis: Axis, start: Int, end: Int, length: Int)
    /// A layout-bound inset that is negative or larger than the side.
    case layoutBoundsOutOfRange(axis: Axis, start: Int, end: Int, length: Int)
    /// `numColors` is not the number of lattice regions the spans make.
    case colorCountMismatch(stored: Int, regions: Int)
    /// The outline alpha is over 255.
    case outlineAlphaOutOfRange(UInt32)
    /// The model was parsed without region colours and outline, so there is nothing to store in npTc and npOl.
    case incompleteModel

    public var description: String {
        switch self {
        case .countOverflow(let field, let count):
            "npTc stores the number of \(field) in one byte, and \(count) does not fit "
                + "(aapt2 would silently write \(count % 256), a corrupt chunk)"
        case .valueOutOfRange(let field, let value):
            "\(field) value \(value) does not fit a 32-bit chunk field"
        case .missingPatchChunk:
            "no npTc chunk: not a compiled NinePatch"
        case .duplicateChunk(let name):
            "more than one \(name) chunk"
        case .truncated(let chunk, let length, let needed):
            "\(chunk) chunk is truncated: \(length) bytes, needs \(needed)"
        case .unexpectedLength(let chunk, let length, let expected):
            "\(chunk) chunk is \(length) bytes, its counts imply \(expected)"
        case .oddDivCount(let axis, let count):
            "npTc has \(count) \(axis.rawValue) divs; divs come in start/end pairs"
        case .offsetMismatch(let field, let stored, let expected):
            "npTc \(field) is \(stored), its counts imply \(expected)"
        case .invalidDivs(let axis, let divs):
            "npTc \(axis.rawValue) divs \(divs) are not ordered, non-empty, non-overlapping pairs"
        case .spanOutOfRange(let axis, let span, let length):
            "npTc \(axis.rawValue) stretch span \(span) is empty, out of order or outside the image's \(length) pixels"
        case .paddingOutOfRange(let axis, let start, let end, let length):
            "npTc \(axis.rawValue) padding \(start), \(end) does not fit the image's \(length) pixels"
        case .layoutBoundsOutOfRange(let axis, let start, let end, let length):
            "npLb \(axis.rawValue) insets \(start), \(end) do not fit the image's \(length) pixels"
        case .colorCountMismatch(let stored, let regions):
            "npTc has \(stored) colours for \(regions) regions"
        case .outlineAlphaOutOfRange(let alpha):
            "npOl alpha \(alpha) is over 255"
        case .incompleteModel:
            "the NinePatch was parsed without its region colours and outline (parse with full detail to compile it)"
        }
    }
}

/// Appends 32-bit fields in either byte order.
private struct ByteWriter {
    var bytes = [UInt8]()

    mutating func append(_ value: UInt32, bigEndian: Bool) {
        let ordered = bigEndian ? value.bigEndian : value.littleEndian
        withUnsafeBytes(of: ordered) { bytes += $0 }
    }

    mutating func append(int32 value: Int, field: String, bigEndian: Bool) throws(NinePatchChunkError) {
        guard let exact = Int32(exactly: value) else { throw .valueOutOfRange(field: field, value: value) }
        append(UInt32(bitPattern: exact), bigEndian: bigEndian)
    }

    /// left, top, right, bottom as little-endian i32 (npLb, npOl).
    mutating func append(insets: Insets, field: String) throws(NinePatchChunkError) {
        for value in [insets.left, insets.top, insets.right, insets.bottom] {
            try append(int32: value, field: field, bigEndian: false)
        }
    }
}

/// Reads 32-bit fields in either byte order; callers check the length first.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func uint32(bigEndian: Bool) -> UInt32 {
        let word = bytes[position..<(position + 4)]
        position += 4
        return bigEndian
            ? word.reduce(0) { $0 << 8 | UInt32($1) }
            : word.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func int32(bigEndian: Bool) -> Int {
        Int(Int32(bitPattern: uint32(bigEndian: bigEndian)))
    }

    mutating func int32s(_ count: Int, bigEndian: Bool) -> [Int] {
        (0..<count).map { _ in int32(bigEndian: bigEndian) }
    }

    /// left, top, right, bottom as little-endian i32 (npLb, npOl).
    mutating func insets() -> Insets {
        let values = int32s(4, bigEndian: false)
        return Insets(left: values[0], top: values[1], right: values[2], bottom: values[3])
    }

    /// An offset field written in host order by aapt2 (little-endian); a big-endian writer is accepted too.
    mutating func expectOffset(_ field: String, _ expected: Int) throws(NinePatchChunkError) {
        let start = position
        let little = uint32(bigEndian: false)
        position = start
        let big = uint32(bigEndian: true)
        guard Int(little) == expected || Int(big) == expected else {
            throw .offsetMismatch(field: field, stored: little, expected: expected)
        }
    }
}
