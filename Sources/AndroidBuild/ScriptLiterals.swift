/// Literals of build-script expressions: strings with their escapes and templates (`"$name"`, `"${a + b}"`),
/// and numbers (`0x1F`, `10_000L`).
extension ExpressionEvaluator {
    func string(at index: Int) -> Evaluation {
        let token = script.tokens[index]
        let bytes = script.source.bytes
        var text: [UInt8] = []
        var position = token.contentStart
        let end = token.contentEnd
        let tokenizer = ScriptTokenizer(source: script.source)
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") && !token.isRaw && position + 1 < end {
                position = Self.unescape(bytes, at: position, end: end, into: &text)
                continue
            }
            guard token.isTemplate, byte == UInt8(ascii: "$"), position + 1 < end else {
                text.append(byte)
                position += 1
                continue
            }
            let expression: Range<Int>
            if bytes[position + 1] == UInt8(ascii: "{") {
                let close = tokenizer.templateExpressionEnd(from: position + 2, limit: end, depth: 0)
                expression = (position + 2)..<max(position + 2, close - 1)
                position = close
            } else if ScriptTokenizer.isIdentifierStart(bytes[position + 1]) && bytes[position + 1] != UInt8(ascii: "$")
            {
                // `$name`; in Groovy also `$name.property.path`.
                var scan = position + 2
                while scan < end && ScriptTokenizer.isIdentifierPart(bytes[scan]) && bytes[scan] != UInt8(ascii: "$") {
                    scan += 1
                }
                while !script.source.isKotlin && scan + 1 < end && bytes[scan] == UInt8(ascii: ".")
                    && ScriptTokenizer.isIdentifierStart(bytes[scan + 1])
                {
                    scan += 2
                    while scan < end && ScriptTokenizer.isIdentifierPart(bytes[scan]) { scan += 1 }
                }
                expression = (position + 1)..<scan
                position = scan
            } else {
                text.append(byte)
                position += 1
                continue
            }
            guard depth + 1 < Self.maximumDepth else { return .unresolved(.tooDeep) }
            let inner = TokenizedScript(source: script.source, range: expression)
            let value = ExpressionEvaluator(script: inner, environment: environment, depth: depth + 1)
                .evaluate(0..<inner.tokens.count)
            switch value {
            case .unresolved: return value
            case .value(let part):
                switch part.text {
                case .value(.string(let partText)): text.append(contentsOf: partText.utf8)
                case let other: return other
                }
            }
        }
        return .value(.string(String(decoding: text, as: UTF8.self)))
    }

    private static func unescape(_ bytes: [UInt8], at position: Int, end: Int, into text: inout [UInt8]) -> Int {
        let escaped = bytes[position + 1]
        switch escaped {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case 0x0A: break  // a line continuation
        case UInt8(ascii: "u"):
            let digits = String(decoding: bytes[(position + 2)..<min(position + 6, end)], as: UTF8.self)
            if digits.utf8.count == 4, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                text.append(contentsOf: String(Character(scalar)).utf8)
                return position + 6
            }
            text.append(escaped)
        default: text.append(escaped)
        }
        return position + 2
    }

    func number(at index: Int) -> Evaluation {
        var text = script.text(index).filter { $0 != "_" }
        if text.hasSuffix("L") || text.hasSuffix("l") { text.removeLast() }
        let lowered = text.lowercased()
        let value = lowered.hasPrefix("0x") ? Int(lowered.dropFirst(2), radix: 16) : Int(text)
        return value.map { .value(.int($0)) } ?? .unresolved(.notWholeNumber)
    }
}
