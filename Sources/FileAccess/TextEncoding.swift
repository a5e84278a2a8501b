/// How a text file's bytes are encoded, told by its byte order mark as Gradle's Groovy and Kotlin readers and
/// Ruby do: UTF-8 with or without a mark, or UTF-16 with one. Editors on Windows save either mark.
public enum TextEncoding: Sendable, Hashable {
    case utf8
    case utf8WithByteOrderMark
    case utf16LittleEndian
    case utf16BigEndian

    public init(of bytes: [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self = .utf8WithByteOrderMark
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            self = .utf16LittleEndian
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            self = .utf16BigEndian
        } else {
            self = .utf8
        }
    }

    /// The text of `bytes` as UTF-8 without a byte order mark; `nil` when UTF-16 text is broken (a lone
    /// surrogate, an odd byte count). UTF-8 is returned as it is, valid or not.
    public static func utf8(_ bytes: [UInt8]) -> [UInt8]? {
        switch TextEncoding(of: bytes) {
        case .utf8: return bytes
        case .utf8WithByteOrderMark: return Array(bytes.dropFirst(3))
        case .utf16LittleEndian: return decodeUTF16(bytes.dropFirst(2), bigEndian: false)
        case .utf16BigEndian: return decodeUTF16(bytes.dropFirst(2), bigEndian: true)
        }
    }

    private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8]? {
        guard bytes.count % 2 == 0 else { return nil }
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output = [UInt8]()
        output.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): UTF8.encode(scalar) { output.append($0) }
            case .emptyInput: return output
            case .error: return nil
            }
        }
    }
}
