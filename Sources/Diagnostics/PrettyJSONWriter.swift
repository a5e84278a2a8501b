/// Writes JSON byte for byte as `JSONReporter.encode` (Foundation's `JSONEncoder` with `.prettyPrinted`,
/// `.withoutEscapingSlashes` and `.sortedKeys`) does, for the parts of a report that repeat once per file and per
/// finding: the encoder's generic containers cost more than checking the files (`docs/performance.md`). Members
/// are written in the order given, so callers give them sorted; rare or small values are written by the encoder
/// and placed at the right depth (`encoded(_:)`).
struct PrettyJSONWriter {
    /// The bytes written and not yet handed over.
    private var bytes = [UInt8]()
    /// Nesting depth: two spaces of indentation each.
    private var depth = 0
    /// Whether the innermost open object or array has a member yet.
    private var hasMember = [Bool]()

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Hands the bytes written so far to `output` once there are at least `size` of them.
    mutating func hand(over size: Int, to output: (UnsafeRawBufferPointer) -> Void) {
        guard bytes.count >= size else { return }
        bytes.withUnsafeBytes(output)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands the rest to `output`, with the encoder's final line break.
    consuming func finish(to output: (UnsafeRawBufferPointer) -> Void) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes(output)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the member `key` of the open object; its value follows.
    mutating func key(_ key: StaticString) {
        newMember()
        bytes.append(UInt8(ascii: "\""))
        ascii(key)
        ascii("\" : ")
    }

    /// Starts the next element of the open array; its value follows.
    mutating func element() { newMember() }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            let start = bytes.count
            // Runs without a byte to escape are copied whole.
            var runStart = 0
            var mayReachConsole = false
            for index in Self.firstEscapedCandidate(in: utf8)..<utf8.endIndex {
                let byte = utf8[index]
                mayReachConsole = mayReachConsole || byte == UInt8(ascii: "#") || byte >= 0x7F
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            if mayReachConsole { makeInert(from: start) }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The string written since `start` with what a terminal or the Actions runner would act on escaped
    /// (`ConsoleText.json`): rare, so it costs a second pass only then.
    private mutating func makeInert(from start: Int) {
        let written = String(decoding: bytes[start...], as: UTF8.self)
        let inert = ConsoleText.json(written)
        guard inert != written else { return }
        bytes.replaceSubrange(start..., with: inert.utf8)
    }

    /// Where the first eight-byte block holding a byte that may need escaping starts (or where whole blocks end):
    /// most strings (paths, messages) have none, and a byte-by-byte test was most of the time spent writing them.
    /// Each block is tested at once with the classic bit tricks: a byte below 0x20, equal to `"`, `\` or `#`, or
    /// from 0x7F up (where `ConsoleText` may have something to escape).
    private static func firstEscapedCandidate(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `word` is below `limit` (at most 0x80).
        func hasByte(below limit: UInt64, _ word: UInt64) -> Bool { (word &- ones &* limit) & ~word & highBits != 0 }
        var index = 0
        while index + 8 <= utf8.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if hasByte(below: 0x20, word) || hasByte(below: 1, word ^ (ones &* 0x22))
                || hasByte(below: 1, word ^ (ones &* 0x5C)) || hasByte(below: 1, word ^ (ones &* 0x23))
                || word & highBits != 0 || hasByte(below: 1, word ^ (ones &* 0x7F))
            {
                return index
            }
            index += 8
        }
        return index
    }

    /// A quote, a backslash or a control character as the encoder escapes it.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): ascii(#"\""#)
        case UInt8(ascii: "\\"): ascii(#"\\"#)
        case 0x08: ascii(#"\b"#)
        case 0x0C: ascii(#"\f"#)
        case UInt8(ascii: "\n"): ascii(#"\n"#)
        case UInt8(ascii: "\r"): ascii(#"\r"#)
        case UInt8(ascii: "\t"): ascii(#"\t"#)
        default:
            ascii(#"\u00"#)
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func integer(_ value: Int?) {
        guard let value else { return null() }
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { ascii(value ? "true" : "false") }

    mutating func null() { ascii("null") }

    /// Appends `text`'s bytes: a static string's buffer is one copy, where a `String`'s UTF-8 view is appended
    /// byte by byte (a key, `null` or `true` is written several times per file).
    private mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `value` as `JSONReporter.encode` writes it, indented for the current depth.
    mutating func encoded(_ value: some Encodable) {
        let text = Array(JSONReporter.encode(value).utf8.dropLast())
        // The encoder escapes line breaks inside strings, so every raw one starts a line: indented unless it is
        // the empty line of an empty object or array.
        for (index, byte) in text.enumerated() {
            bytes.append(byte)
            if byte == UInt8(ascii: "\n") && text[index + 1] != UInt8(ascii: "\n") {
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
            }
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        hasMember.append(false)
    }

    /// An empty object or array keeps an empty line between its brackets, as the encoder writes it.
    private mutating func close(_ bracket: UInt8) {
        let hadMember = hasMember.removeLast()
        depth -= 1
        if !hadMember { bytes.append(UInt8(ascii: "\n")) }
        newLine()
        bytes.append(bracket)
    }

    private mutating func newMember() {
        if hasMember[hasMember.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        newLine()
    }

    private mutating func newLine() {
        bytes.append(UInt8(ascii: "\n"))
        let indentation = depth * 2
        guard indentation <= Self.spaces.count else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
            return
        }
        Self.spaces.withUnsafeBufferPointer {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<indentation]))
        }
    }

    /// The indentation of the usual depths, copied in one piece.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
