/// Where JSON text first stops being JSON (RFC 8259), as 1-based line and column, for error messages that point
/// at the spot: Foundation's decoder on Linux says only "not valid JSON".
struct JSONSyntax {
    /// The first syntax error, or `nil` when `bytes` is one valid JSON value.
    static func firstError(in bytes: [UInt8]) -> (line: Int, column: Int, problem: String)? {
        var scanner = Scanner(bytes: bytes)
        do throws(SyntaxError) {
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.offset < bytes.count { throw SyntaxError("text after the JSON value") }
            return nil
        } catch {
            let (line, column) = scanner.position
            return (line, column, error.problem)
        }
    }

    private struct SyntaxError: Error {
        var problem: String
        init(_ problem: String) { self.problem = problem }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        /// 1-based line and column (in bytes) of `offset`.
        var position: (Int, Int) {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return (line, column)
        }

        var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipSpace() {
            while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { offset += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
            guard current == byte else {
                throw SyntaxError(current == nil ? "unexpected end of file" : "expected \(what)")
            }
            offset += 1
        }

        mutating func value(depth: Int) throws(SyntaxError) {
            guard depth < 512 else { throw SyntaxError("nested too deeply") }
            guard let byte = current else { throw SyntaxError("unexpected end of file") }
            switch byte {
            case UInt8(ascii: "{"):
                offset += 1
                try members(close: UInt8(ascii: "}"), depth: depth) { (scanner: inout Scanner) throws(SyntaxError) in
                    try scanner.string()
                    scanner.skipSpace()
                    try scanner.expect(UInt8(ascii: ":"), "':'")
                    scanner.skipSpace()
                    try scanner.value(depth: depth + 1)
                }
            case UInt8(ascii: "["):
                offset += 1
                try members(close: UInt8(ascii: "]"), depth: depth) { (scanner: inout Scanner) throws(SyntaxError) in
                    try scanner.value(depth: depth + 1)
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            default:
                throw SyntaxError("unexpected character")
            }
        }

        mutating func members(
            close: UInt8, depth: Int, _ member: (inout Scanner) throws(SyntaxError) -> Void
        ) throws(SyntaxError) {
            skipSpace()
            if current == close {
                offset += 1
                return
            }
            while true {
                try member(&self)
                skipSpace()
                if current == close {
                    offset += 1
                    return
                }
                try expect(UInt8(ascii: ","), "',' or '\(Character(UnicodeScalar(close)))'")
                skipSpace()
            }
        }

        mutating func string() throws(SyntaxError) {
            try expect(UInt8(ascii: "\""), "a string in double quotes")
            while let byte = current {
                offset += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte < 0x20 {
                    offset -= 1
                    throw SyntaxError("control character in a string")
                }
                if byte == UInt8(ascii: "\\") {
                    guard current != nil else { break }
                    offset += 1
                }
            }
            throw SyntaxError("unterminated string")
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            for byte in word.utf8 {
                guard current == byte else { throw SyntaxError("unexpected character") }
                offset += 1
            }
        }

        mutating func number() throws(SyntaxError) {
            if current == UInt8(ascii: "-") { offset += 1 }
            let digits = { (scanner: inout Scanner) -> Int in
                var count = 0
                while let byte = scanner.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    scanner.offset += 1
                    count += 1
                }
                return count
            }
            guard digits(&self) > 0 else { throw SyntaxError("expected a digit") }
            if current == UInt8(ascii: ".") {
                offset += 1
                guard digits(&self) > 0 else { throw SyntaxError("expected a digit") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                guard digits(&self) > 0 else { throw SyntaxError("expected a digit") }
            }
        }
    }
}
