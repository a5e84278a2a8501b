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
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\" : ".utf8)
    }

    /// Starts the next element of the open array; its value follows.
    mutating func element() { newMember() }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Runs without a byte to escape are copied whole.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// A quote, a backslash or a control character as the encoder escapes it.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
        default:
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func integer(_ value: Int?) {
        if let value { bytes.append(contentsOf: String(value).utf8) } else { null() }
    }

    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    mutating func null() { bytes.append(contentsOf: "null".utf8) }

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
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
