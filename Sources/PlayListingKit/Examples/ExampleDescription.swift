import PNGKit

extension ExampleFile {
    /// One line saying what the file holds, for `playprep rules ID`: short texts quoted in full, long ones by
    /// their start and length, images by format and size.
    var summary: String {
        switch self {
        case .text(let text):
            // By code point: "\r\n" is one Character, which a Character-wise replacement of "\n" would miss.
            let escaped = { (text: Substring) in
                text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "\\": "\\\\"
                    case "\n": "\\n"
                    case "\r": "\\r"
                    default: String(scalar)
                    }
                }.joined()
            }
            let count = text.unicodeScalars.count
            let counted = count > 20 ? " (\(count) characters)" : ""
            return count <= 40
                ? "\"\(escaped(Substring(text)))\"" + counted
                : "\"\(escaped(text.prefix(24)))…\"" + counted
        case .bytes(let bytes):
            let hex = Array("0123456789ABCDEF")
            return "bytes "
                + bytes.prefix(16).map { String([hex[Int($0 >> 4)], hex[Int($0 & 15)]]) }
                .joined(separator: " ") + (bytes.count > 16 ? " … (\(bytes.count) bytes)" : "")
        case .png(let width, let height, let colorType, let transparency, let bitDepth, let padding):
            var text = "PNG \(width)x\(height) \(colorType.name)"
            if bitDepth != 8 { text += " \(bitDepth)-bit" }
            if transparency { text += " with tRNS" }
            if padding > 0 { text += ", \(padding) padding bytes" }
            return text
        case .jpeg(let width, let height, let components): return "JPEG \(width)x\(height), \(components) components"
        case .opaqueRGBA(let width, let height): return "PNG \(width)x\(height) RGBA, every pixel opaque"
        case .transparentRGBA(let width, let height): return "PNG \(width)x\(height) RGBA, every pixel transparent"
        }
    }
}

extension ListingExample {
    /// The files that make this example what it is: those changed, added or removed (`nil`) relative to the
    /// valid base listing of its layout, by path; an example built from scratch lists all its files.
    var distinctiveFiles: [(path: String, file: ExampleFile?)] {
        let base = (layout == .gpp ? ListingExample.gpp("") : ListingExample.fastlane("")).files
        guard base.keys.contains(where: { files[$0] != nil }) else {
            return files.keys.sorted().map { ($0, files[$0]) }
        }
        let paths = Set(files.keys).union(base.keys).filter { files[$0] != base[$0] }
        return paths.sorted().map { ($0, files[$0]) }
    }

    /// How the example is read beyond its files: the store and the release, when not the defaults.
    var readingNotes: [String] {
        var notes = [String]()
        if options.store == .fdroid { notes.append("read by F-Droid") }
        if options.uploads != .all { notes.append("supply skips part of the upload") }
        if let versionCode = options.versionCode { notes.append("releasing versionCode \(versionCode)") }
        return notes
    }
}

extension PNGColorType {
    /// The colour type's name, e.g. `RGBA` or `palette`.
    var name: String {
        switch self {
        case .gray: "grey"
        case .rgb: "RGB"
        case .palette: "palette"
        case .grayAlpha: "grey+alpha"
        case .rgba: "RGBA"
        }
    }
}
