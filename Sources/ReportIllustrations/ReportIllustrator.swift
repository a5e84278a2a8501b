public import Diagnostics
import FileAccess
public import NinePatchKit
import NinePatchPreview
import PNGKit
import PlayListingKit

/// Makes the illustrations of the HTML report by reading the files a report names: a picture for every
/// finding of a NinePatch rule on a file that decodes (the sheet of ``PreviewSheet``: the NinePatch enlarged
/// nearest-neighbour with the finding's pixel ringed, its stretch, padding and bad patches marked, and how
/// Android draws it stretched; the finding's words stay in the HTML), the image itself as a thumbnail for every
/// finding of a listing image rule (IMG), and an excerpt for every finding on a line of a text file (the part over the
/// limit highlighted for the length rules, else the line from the finding's column).
///
/// An NP106 or NP109 finding gets the outlier and its reference (the finding's related location) side by side,
/// drawn at the same size in dp (``DensityComparison``).
///
/// This is the one place where report pictures are drawn, so `Diagnostics` stays free of image code. Files that
/// cannot be read any more are left without an illustration.
public struct ReportIllustrator: Sendable {
    public var checker: NinePatchChecker
    public var badPatchTolerance: Int
    /// Rules whose column marks where the text goes over a limit: all that follows is highlighted.
    static let overLimitRules: Set<String> = Set(
        [
            TextRules.titleLength, TextRules.shortDescriptionLength, TextRules.fullDescriptionLength,
            TextRules.releaseNotesLength, TextRules.releaseNameLength, FDroidRules.textCut,
        ].map(\.rule.id))
    /// Lines of a highlighted run shown before the rest is summarised.
    static let maximumExcerptLines = 12
    /// Listing images larger than this are not embedded as thumbnails (the report would grow by their size).
    static let maximumThumbnailBytes = 4 << 20

    /// `checker` decodes the NinePatches (its limits apply); `badPatchTolerance` is NP107's, for the sheet.
    public init(
        checker: NinePatchChecker = NinePatchChecker(), badPatchTolerance: Int = NinePatchLints.defaultBadPatchTolerance
    ) {
        self.checker = checker
        self.badPatchTolerance = badPatchTolerance
    }

    /// Whether a finding of rule `id` is about a NinePatch's pixels: the NinePatch and PNG families (`NP`, `PNG`).
    static func isAboutPixels(_ id: String) -> Bool {
        id.hasPrefix("NP") || id.hasPrefix("PNG")
    }

    /// The illustrations for `report`'s findings, by finding.
    public func illustrations(for report: Report) -> [FindingKey: Illustration] {
        var result = [FindingKey: Illustration]()
        for file in report.files where !file.diagnostics.isEmpty {
            let pictured = file.diagnostics.indices.filter { Self.isAboutPixels(file.diagnostics[$0].ruleID) }
            if !pictured.isEmpty {
                let check = checker.check(fileAt: file.file, parseAnyway: true, keepImage: true)
                if let image = check.image {
                    for index in pictured {
                        let diagnostic = file.diagnostics[index]
                        result[FindingKey(file: file.file, index: index)] =
                            Self.densityRules.contains(diagnostic.ruleID)
                            ? comparison(of: diagnostic, image: image, ninePatch: check.ninePatch)
                            : picture(of: diagnostic, image: image, ninePatch: check.ninePatch)
                    }
                }
            }
            let listingImage = file.diagnostics.indices.filter { file.diagnostics[$0].ruleID.hasPrefix("IMG") }
            if !listingImage.isEmpty, let thumbnail = thumbnail(of: file.file) {
                for index in listingImage { result[FindingKey(file: file.file, index: index)] = thumbnail }
            }
            let lined = file.diagnostics.indices.filter { file.diagnostics[$0].location?.line != nil }
            guard !lined.isEmpty, let text = try? FileReader(maxBytes: 4 << 20).read(file.file) else { continue }
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            for index in lined {
                result[FindingKey(file: file.file, index: index)] = excerpt(of: file.diagnostics[index], lines: lines)
            }
        }
        return result
    }

    /// The rules comparing a drawable's densities, whose finding's related location is the reference file.
    static let densityRules: Set<String> = ["NP106", "NP109"]

    /// A density finding's picture: the outlier beside the reference, both drawn at the same size in dp (twice
    /// the reference's, so the stretching shows); the sheet of `picture` when the reference cannot be read.
    private func comparison(of diagnostic: Diagnostic, image: RGBAImage, ninePatch: NinePatch?) -> Illustration? {
        guard let ninePatch, let referenceFile = diagnostic.related.first?.file else {
            return picture(of: diagnostic, image: image, ninePatch: ninePatch)
        }
        let reference = checker.check(fileAt: referenceFile, keepImage: true)
        guard let referenceImage = reference.image, let referenceModel = reference.ninePatch else {
            return picture(of: diagnostic, image: image, ninePatch: ninePatch)
        }
        let dpi = { (file: String) in
            DensityBucket(folder: String(file.split(separator: "/").dropLast().last ?? ""))?.dpi ?? 160
        }
        let (outlierDPI, referenceDPI) = (dpi(diagnostic.file), dpi(referenceFile))
        let widthDP = 2 * Double(referenceModel.width) * 160 / Double(referenceDPI)
        let heightDP = 2 * Double(referenceModel.height) * 160 / Double(referenceDPI)
        guard
            let drawn = try? DensityComparison().draw(
                [
                    .init(
                        source: image, ninePatch: ninePatch, dpi: outlierDPI,
                        label: "\(DensityBucket.name(dpi: outlierDPI)): this file"),
                    .init(
                        source: referenceImage, ninePatch: referenceModel, dpi: referenceDPI,
                        label: "\(DensityBucket.name(dpi: referenceDPI)): reference"),
                ], widthDP: widthDP, heightDP: heightDP),
            let png = try? PNGEncoder.fast.encode(drawn)
        else { return nil }
        let caption =
            "this file beside the reference \(Self.ascii(referenceFile)), each drawn as its devices draw it at "
            + "\(Int(widthDP.rounded()))x\(Int(heightDP.rounded())) dp, twice the reference's size"
        return Illustration(caption: caption, content: .picture(png: png, width: drawn.width, height: drawn.height))
    }

    private func picture(of diagnostic: Diagnostic, image: RGBAImage, ninePatch: NinePatch?) -> Illustration? {
        let name = String(diagnostic.file.split(separator: "/").last ?? Substring(diagnostic.file))
        let pixel = diagnostic.location.flatMap { location in
            location.x.flatMap { x in location.y.map { PixelPoint(x: x, y: $0) } }
        }
        // The finding's words are the report's HTML beside the picture, not drawn into it.
        let sheet = PreviewSheet(badPatchTolerance: badPatchTolerance)
        guard
            let drawn = try? sheet.draw(
                finding: [], source: image, ninePatch: ninePatch, title: Self.ascii(diagnostic.file),
                marked: pixel.map { [$0] } ?? []),
            let png = try? PNGEncoder.fast.encode(drawn)
        else { return nil }
        var caption = "\(name) enlarged"
        if let pixel { caption += ", the pixel (\(pixel.x),\(pixel.y)) ringed in green" }
        caption +=
            ninePatch == nil
            ? "; aapt2 rejects the file, so there is no rendering"
            : "; below, the file as Android draws it stretched to several sizes"
        return Illustration(caption: caption, content: .picture(png: png, width: drawn.width, height: drawn.height))
    }

    /// A listing image (PNG or JPEG, at most `maximumThumbnailBytes`) as it is, to show small beside its findings.
    private func thumbnail(of file: String) -> Illustration? {
        guard let bytes = try? FileReader(maxBytes: Self.maximumThumbnailBytes).read(file) else { return nil }
        let mediaType: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            mediaType = "image/png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            mediaType = "image/jpeg"
        } else {
            return nil
        }
        let name = String(file.split(separator: "/").last ?? Substring(file))
        return Illustration(caption: name, content: .thumbnail(bytes: bytes, mediaType: mediaType))
    }

    private func excerpt(of diagnostic: Diagnostic, lines: [String]) -> Illustration? {
        guard let number = diagnostic.location?.line, number >= 1, number <= lines.count else { return nil }
        let start = (diagnostic.location?.column ?? 1) - 1
        let name = String(diagnostic.file.split(separator: "/").last ?? Substring(diagnostic.file))
        guard Self.overLimitRules.contains(diagnostic.ruleID) else {
            let shown = max(1, number - 1)...min(lines.count, number + 1)
            let excerpt = TextExcerpt(
                lines: shown.map { line in
                    TextExcerpt.Line(
                        number: line, text: lines[line - 1],
                        highlighted: line == number ? start..<lines[line - 1].unicodeScalars.count : nil)
                })
            let place = diagnostic.location?.column.map { "line \(number) from column \($0)" } ?? "line \(number)"
            return Illustration(caption: "\(name), \(place) highlighted", content: .excerpt(excerpt))
        }
        var last = lines.count
        while last > number, lines[last - 1].allSatisfy(\.isWhitespace) { last -= 1 }
        let shownLast = min(last, number + Self.maximumExcerptLines - 1)
        let excerpt = TextExcerpt(
            lines: (number...shownLast).map { line in
                let text = lines[line - 1]
                return TextExcerpt.Line(
                    number: line, text: text,
                    highlighted: (line == number ? start : 0)..<text.unicodeScalars.count)
            }, omittedLines: last - shownLast)
        return Illustration(
            caption: "\(name): the highlighted text, from line \(number) column \(start + 1) on, is over the limit",
            content: .excerpt(excerpt))
    }

    /// `text` in printable ASCII, as the sheets' pixel font draws it.
    static func ascii(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "…": out += "..."
            case "×": out += "x"
            case "–", "—", "→": out += "-"
            case "‘", "’": out += "'"
            case "“", "”": out += "\""
            default: out.append(character.isASCII && !character.isNewline ? character : "?")
            }
        }
        return out
    }

}
