import FileAccess

/// The bytes of one text file (build script, settings script, manifest) with its path, for locations and excerpts.
struct ScriptSource: Sendable {
    let path: String
    let bytes: [UInt8]
    /// `.kts` scripts: Kotlin string rules (raw `"""` strings keep backslashes, `"$a.b"` is `a` then `.b`).
    let isKotlin: Bool
    /// Byte offset where each line starts; line `n` (1-based) starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    /// A byte order mark is dropped and UTF-16 decoded (``TextEncoding``); a lone CR (old Mac line endings) ends a
    /// line as Kotlin and Groovy read it, so it becomes LF in place and every offset stays.
    init(path: String, bytes: [UInt8]) {
        var text = TextEncoding.utf8(bytes) ?? bytes
        for index in text.indices where text[index] == 0x0D && (index + 1 == text.count || text[index + 1] != 0x0A) {
            text[index] = 0x0A
        }
        self.path = path
        self.bytes = text
        isKotlin = path.hasSuffix(".kts")
        var starts = [0]
        for index in text.indices where text[index] == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of a byte offset; the column counts characters (UTF-8 scalars), not bytes.
    func location(at offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in lineStarts[low]..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: low + 1, column: column)
    }

    /// The text of a byte range, invalid UTF-8 replaced.
    func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }
}
