import Diagnostics

/// Decodes listing text as UTF-8 and finds what makes a file unfit to be text, with 1-based line and column.
enum TextDecoding {
    /// Where decoding stopped: the first invalid byte.
    struct Failure: Error, Hashable {
        var line: Int
        var column: Int
        var byteOffset: Int
        var byte: UInt8
    }

    /// Counts the bytes the UTF-8 decoder has consumed, so a failure can be placed.
    private struct CountingIterator: IteratorProtocol {
        var bytes: [UInt8]
        var offset = 0

        mutating func next() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }
    }

    /// The text, or where the first byte that is not valid UTF-8 is.
    static func decode(_ bytes: [UInt8]) -> Result<String, Failure> {
        // Valid UTF-8 (nearly every listing file) is taken whole; only an invalid one is walked scalar by scalar
        // to say where it breaks.
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var iterator = CountingIterator(bytes: bytes)
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var line = 1
        var column = 1
        while true {
            let start = iterator.offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .success(String(scalars))
            case .error:
                return .failure(Failure(line: line, column: column, byteOffset: start, byte: bytes[start]))
            }
        }
    }

    /// Line and column of the scalar at `offset` in `text`.
    static func location(ofScalarAt offset: Int, in text: String) -> Location {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars.prefix(offset) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return .text(line: line, column: column)
    }

    /// The first control character other than tab, line feed and carriage return (`\r` has its own rule).
    static func firstControlCharacter(in text: String) -> (offset: Int, scalar: Unicode.Scalar)? {
        text.unicodeScalars.enumerated().first { _, scalar in
            (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0x7F
        }.map { ($0.offset, $0.element) }
    }
}
