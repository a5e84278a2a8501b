public import Diagnostics
public import FileAccess
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
        check(FoundFile(named: path), parseAnyway: parseAnyway, keepImage: keepImage)
    }

    /// `check(fileAt:parseAnyway:keepImage:)` for a file a folder walk found (read as `FileReader.read(_:)` reads it).
    public func check(_ file: FoundFile, parseAnyway: Bool = false, keepImage: Bool = false) -> NinePatchCheck {
        let path = file.path
        let source = NinePatchSource(path: path)
        let notices = NinePatchRules.onPath.findings(on: source).map { $0.diagnostic(file: path) }
        if !notices.isEmpty && !parseAnyway {
            return NinePatchCheck(file: path, header: nil, image: nil, analysis: nil, diagnostics: notices)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: decoder.limits.maxFileBytes).read(file)
        } catch {
            return failure(path, NinePatchReadFailure(error), notices: notices)
        }
        var result = check(bytes: bytes, file: path, keepImage: keepImage)
        if !notices.isEmpty { result.diagnostics = notices + result.diagnostics }
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
            return failure(file, NinePatchReadFailure(error), notices: [])
        }
    }

    private func failure(_ file: String, _ failure: NinePatchReadFailure, notices: [Diagnostic]) -> NinePatchCheck {
        let found = NinePatchRules.onReadFailure.findings(on: failure)
        return NinePatchCheck(
            file: file, header: nil, image: nil, analysis: nil,
            diagnostics: notices + found.map { $0.diagnostic(file: file) })
    }
}

/// A file's path and how aapt2 treats it: the subject of the rules on files aapt2 does not compile as
/// NinePatches (``NinePatchSourceRule``), judged before the file is read.
public struct NinePatchSource: Sendable {
    let path: String
    let kind: NinePatchSourceKind

    init(path: String) {
        self.path = path
        kind = NinePatchSourceKind(path: path)
    }

    /// The last component of the path.
    var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// A rule on a file's path, run before it is read.
public typealias NinePatchSourceRule = RuleCheck<NinePatchSource, Finding, Never>

/// Why a file could not be read or decoded: the subject of the PNG rules (``NinePatchReadFailureRule``).
public struct NinePatchReadFailure: Sendable {
    /// The cause in words, as the finding states it.
    let reason: String
    /// Whether a configured limit stopped the read (the file was never judged), rather than a broken file.
    let isOverLimit: Bool

    init(_ error: FileReadError) {
        reason = "cannot read the file: \(error)"
        isOverLimit = if case .tooLarge = error { true } else { false }
    }

    init(_ error: PNGError) {
        reason = error.description
        isOverLimit = if case .tooLarge = error { true } else { false }
    }
}

/// A rule on a file that could not be read or decoded.
public typealias NinePatchReadFailureRule = RuleCheck<NinePatchReadFailure, Finding, Never>

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

    private static let suffix = Array(".9.png".utf8)
    private static let rawFolder = Array("raw".utf8)
    private static let rawQualifiedFolder = Array("raw-".utf8)

    /// Byte-level work on contiguous UTF-8: this runs once per file of every check (and of every folder walk).
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let slash = UInt8(ascii: "/")
        let nameStart = bytes.lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = bytes[nameStart...]
        // Byte arrays, not a string's UTF-8 view: comparing with a view walks it through its index type.
        let suffix = Self.suffix
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
            let isRaw = folder.elementsEqual(Self.rawFolder) || folder.starts(with: Self.rawQualifiedFolder)
            self = isRaw ? .rawResource : .ninePatch
        } else if ending.elementsEqual(suffix, by: { $0 | 0x20 == $1 | 0x20 }) {
            self = .wrongExtensionCase
        } else {
            self = .other
        }
    }
}
