public import Diagnostics
public import PNGKit

/// The outcome of reading a NinePatch source image: the model aapt2 would store when it accepts the file, and
/// every problem found either way.
public struct NinePatchAnalysis: Sendable {
    /// The parsed NinePatch, or `nil` when aapt2 would reject the file.
    public var ninePatch: NinePatch?
    /// All findings, errors first in frame order (top, left, bottom, right), then warnings.
    public var diagnostics: [Diagnostic]

    public init(ninePatch: NinePatch?, diagnostics: [Diagnostic]) {
        self.ninePatch = ninePatch
        self.diagnostics = diagnostics
    }
}

/// Parses and validates a NinePatch source (`*.9.png`, frame included) exactly as aapt2 does.
public struct NinePatchParser: Sendable {
    /// How much of the model a parse builds beyond aapt2's verdict and the diagnostics.
    public enum Detail: Sendable, Hashable {
        /// Stretch spans, padding and layout bounds: everything the rules and lints need. Skips the region
        /// colours and the outline, which cost a pass over every pixel (about a tenth of a corpus check).
        case geometry
        /// Also the region colours (`npTc`) and the outline (`npOl`), for compiling, drawing and inspecting.
        case full
    }

    /// What the parse builds; `.full` unless only the verdict and the geometry are wanted.
    public var detail: Detail
    /// Bytes the row scan may spend on the compressed alpha rows the outline needs; past it, the outline's few
    /// pixels are read in a second pass instead (see `AlphaRowStore`).
    public var outlineMemoryBudget: Int
    /// Report bad patches (NP107) whose pixels differ by more than this per premultiplied channel; `nil` skips
    /// the lint.
    public var badPatchTolerance: Int?

    public init(detail: Detail = .full, outlineMemoryBudget: Int = 16 << 20, badPatchTolerance: Int? = nil) {
        self.detail = detail
        self.outlineMemoryBudget = outlineMemoryBudget
        self.badPatchTolerance = badPatchTolerance
    }

    /// Parses a decoded image; `file` names it in diagnostics.
    public func parse(_ image: RGBAImage, file: String) -> NinePatchAnalysis {
        image.bytes.withUnsafeBufferPointer { pixels in
            let stride = image.width * 4
            let visitRows = { (body: (Int, UnsafeBufferPointer<UInt8>) -> Void) in
                for y in 0..<image.height {
                    body(y, UnsafeBufferPointer(rebasing: pixels[(y * stride)..<((y + 1) * stride)]))
                }
            }
            var scanner = scanner(width: image.width, height: image.height)
            visitRows { scanner.add(row: $0, $1) }
            return scanner.finish(file: file, reread: visitRows)
        }
    }

    /// Decoded pixels up to this many bytes (a 256x256 image) are kept while a file is parsed, so a second look
    /// at the rows (the NP107 candidates' surroundings, an outline over its memory budget) reads them again from
    /// memory instead of decoding the file a second time. Larger images are decoded again: memory stays bounded.
    static let replayedImageBytes = 1 << 18

    /// Parses while decoding, row by row, so a large image is never held whole (interlaced files excepted, which
    /// libpng must assemble first). Returns the decoded image too when `keepImage` is set.
    public func parse(
        png bytes: [UInt8], decoder: PNGDecoder, file: String, keepImage: Bool = false
    ) throws(PNGError) -> (header: PNGHeader, analysis: NinePatchAnalysis, image: RGBAImage?) {
        var scanner: NinePatchRowScanner?
        var header: PNGHeader?
        let kept = try decoder.decodeRows(
            bytes, keepingImagesUpTo: keepImage ? Int.max : Self.replayedImageBytes
        ) { rowHeader, y, row in
            if y == 0 {
                header = rowHeader
                scanner = self.scanner(width: rowHeader.width, height: rowHeader.height)
            }
            scanner?.add(row: y, row)
        }
        // Moved out, not copied: the scanner holds the frame lines and the bad-patch state.
        guard var scanner = scanner.take(), let header else { throw PNGError.noRows }
        let analysis = try scanner.finish(file: file) { (body) throws(PNGError) in
            guard let kept else {
                try decoder.decodeRows(bytes) { _, y, row in body(y, row) }
                return
            }
            kept.withUnsafeBufferPointer { pixels in
                let stride = header.width * 4
                for y in 0..<header.height {
                    body(y, UnsafeBufferPointer(rebasing: pixels[(y * stride)..<((y + 1) * stride)]))
                }
            }
        }
        let image = keepImage ? kept.map { RGBAImage(width: header.width, height: header.height, bytes: $0) } : nil
        return (header, analysis, image)
    }

    private func scanner(width: Int, height: Int) -> NinePatchRowScanner {
        NinePatchRowScanner(
            width: width, height: height, detail: detail, alphaBudget: outlineMemoryBudget,
            badPatchTolerance: badPatchTolerance)
    }
}

extension RGBAImage {
    /// The image without its outer 1-pixel frame: a NinePatch's content, as aapt2 compiles it.
    public var withoutFrame: RGBAImage {
        cropped(x: 1, y: 1, width: width - 2, height: height - 2)
    }
}
