public import Diagnostics
import FileAccess
public import PNGKit

/// Everything known about one checked NinePatch file.
public struct NinePatchCheck: Sendable {
    /// The file as the user named it.
    public var file: String
    /// The PNG header, when the file could be decoded.
    public var header: PNGHeader?
    /// The decoded source image (frame included), when the file could be decoded and it was asked for.
    public var image: RGBAImage?
    /// The parse result, when the file could be decoded.
    public var analysis: NinePatchAnalysis?
    /// Every finding: file-level ones (unreadable, not processed by aapt2) and the NinePatch rules'.
    public var diagnostics: [Diagnostic]

    public var report: FileReport { FileReport(file: file, diagnostics: diagnostics) }

    /// The parsed model when aapt2 would accept the file.
    public var ninePatch: NinePatch? { analysis?.ninePatch }
}

/// Reads, decodes and validates NinePatch files; one file's failure never affects another's.
public struct NinePatchChecker: Sendable {
    public var decoder: PNGDecoder
    public var parser: NinePatchParser

    public init(decoder: PNGDecoder = PNGDecoder(), parser: NinePatchParser = NinePatchParser()) {
        self.decoder = decoder
        self.parser = parser
    }

    /// Checks the file at `path` as aapt2 would: files aapt2 does not treat as NinePatches (`.9.PNG`, `res/raw`)
    /// get only a warning saying so. With `parseAnyway`, they are parsed as well (for `inspect`). The decoded
    /// image is kept in the result only with `keepImage` (rendering needs it; checking streams rows).
    public func check(fileAt path: String, parseAnyway: Bool = false, keepImage: Bool = false) -> NinePatchCheck {
        let kind = NinePatchSourceKind(path: path)
        var notices = [Diagnostic]()
        switch kind {
        case .wrongExtensionCase:
            notices.append(
                NinePatchRules.notProcessedExtension.diagnostic(
                    file: path,
                    "'\(Self.fileName(path))' does not end exactly in '.9.png', so aapt2 copies it unchecked as a plain image",
                    hint: "rename it to end in lower-case '.9.png' to have it compiled as a NinePatch"))
        case .rawResource:
            notices.append(
                NinePatchRules.notProcessedRaw.diagnostic(
                    file: path,
                    "files in res/raw are copied byte for byte: aapt2 neither checks nor compiles this NinePatch",
                    hint: "move it to res/drawable (or a drawable-<density> folder) to use it as a NinePatch"))
        case .ninePatch, .other:
            break
        }
        if !notices.isEmpty && !parseAnyway {
            return NinePatchCheck(file: path, header: nil, image: nil, analysis: nil, diagnostics: notices)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: decoder.limits.maxFileBytes).read(path)
        } catch {
            let rule = if case .tooLarge = error { NinePatchRules.pngTooLarge } else { NinePatchRules.unreadablePNG }
            return failure(path, rule: rule, "cannot read the file: \(error)", notices: notices)
        }
        var result = check(bytes: bytes, file: path, keepImage: keepImage)
        result.diagnostics = notices + result.diagnostics
        return result
    }

    /// Decodes and validates PNG bytes; `file` names them in diagnostics. libpng reads them as aapt2 has it read
    /// them: only the chunks aapt2's chunk filter passes (`PNGChunk.aapt2View(of:)`).
    public func check(bytes: [UInt8], file: String, keepImage: Bool = false) -> NinePatchCheck {
        do {
            let (header, analysis, image) = try parser.parse(
                png: PNGChunk.aapt2View(of: bytes), decoder: decoder, file: file, keepImage: keepImage)
            return NinePatchCheck(
                file: file, header: header, image: image, analysis: analysis, diagnostics: analysis.diagnostics)
        } catch {
            let rule = if case .tooLarge = error { NinePatchRules.pngTooLarge } else { NinePatchRules.unreadablePNG }
            return failure(file, rule: rule, error.description, notices: [])
        }
    }

    private func failure(_ file: String, rule: Rule, _ message: String, notices: [Diagnostic]) -> NinePatchCheck {
        NinePatchCheck(
            file: file, header: nil, image: nil, analysis: nil,
            diagnostics: notices + [rule.diagnostic(file: file, message)])
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

/// How aapt2 treats a file by its path.
public enum NinePatchSourceKind: Sendable, Hashable {
    /// `…/<name>.9.png` outside `res/raw`: compiled and validated as a NinePatch.
    case ninePatch
    /// A name ending in `.9.png` in another letter case, e.g. `.9.PNG`: copied unchecked.
    case wrongExtensionCase
    /// `.9.png` in `res/raw` or `res/raw-<qualifiers>`: copied unchecked.
    case rawResource
    /// Anything else.
    case other

    public init(path: String) {
        var path = path
        self = path.withUTF8 { Self(utf8: $0) }
    }

    /// Byte-level work on contiguous UTF-8: this runs once per file of every check (and of every folder walk).
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let slash = UInt8(ascii: "/")
        let nameStart = bytes.lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = bytes[nameStart...]
        let suffix = ".9.png".utf8
        guard name.count >= suffix.count else {
            self = .other
            return
        }
        let ending = name.suffix(suffix.count)
        if ending.elementsEqual(suffix) {
            let folderEnd = nameStart == bytes.startIndex ? nameStart : bytes.index(before: nameStart)
            let folderStart =
                bytes[..<folderEnd].lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
            let folder = bytes[folderStart..<folderEnd]
            let isRaw = folder.elementsEqual("raw".utf8) || folder.starts(with: "raw-".utf8)
            self = isRaw ? .rawResource : .ninePatch
        } else if ending.elementsEqual(suffix, by: { $0 | 0x20 == $1 | 0x20 }) {
            self = .wrongExtensionCase
        } else {
            self = .other
        }
    }
}
