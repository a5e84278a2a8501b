/// The one escaper for text that reaches a terminal or a CI log (standard output and standard error, every
/// format), so that text from the repository can neither move the cursor, colour, link or reorder what a person
/// reads, nor start a command of the GitHub Actions runner. The runner splits its log at LF and at a bare CR,
/// takes a line whose trimmed start is `::` as a workflow command and `##[` anywhere in a line as a legacy one
/// (`##[stop-commands]` and `##[add-mask]` among them); see docs/security.md.
///
/// - Text channel (`field`, `lines`): C0 and C1 controls, DEL, the bidirectional marks, overrides and isolates and
///   the Unicode line and paragraph separators are shown as `\u{1B}`; `##[` becomes `#\#[`; `::` at a line's
///   trimmed start becomes `:\:`.
/// - JSON channel (`json`): the same characters as `\u` escapes and `#` as `\u0023` before `#[`, so the JSON
///   decodes to the very same strings.
///
/// Text that needs none of this (nearly all of it) is returned as it is, after one scan.
public enum ConsoleText {
    /// `text` as one piece of a line: every character above is made inert, line breaks included, and `::` at its
    /// trimmed start (the piece may start a line: a file name does).
    public static func field(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false)
    }

    /// `text` as whole lines: its LF line breaks are kept, everything else is made inert as by `field`, and
    /// `::` at the trimmed start of every line.
    public static func lines(_ text: String) -> String {
        escaped(text, keepingLineBreaks: true)
    }

    /// Encoded JSON text (its strings escaped by a JSON encoder, so every raw LF is layout) with the characters
    /// above inside its strings written as `\u` escapes and `##[` as `#\u0023[`: still valid JSON, decoding to the
    /// same values, with nothing a runner or terminal acts on. Outside strings JSON holds none of them.
    public static func json(_ encoded: String) -> String {
        guard encoded.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 >= 0x7F || ($0 < 0x20 && $0 != 0x0A) })
        else {
            return encoded
        }
        var out = ""
        out.unicodeScalars.reserveCapacity(encoded.unicodeScalars.count + 16)
        var hashes = 0
        for scalar in encoded.unicodeScalars {
            if scalar != "\n" && isInert(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else if scalar == "[" && hashes >= 2 {
                // `##` already written: the second `#` is replaced by its escape.
                out.unicodeScalars.removeLast()
                out += "\\u0023"
            }
            if scalar == "\n" || !isInert(scalar) { out.unicodeScalars.append(scalar) }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return out
    }

    /// Whether `scalar` is one a terminal or a log viewer acts on rather than shows (LF aside, which the callers
    /// decide about): C0 and C1 controls, DEL, the bidirectional controls (U+061C, U+200E, U+200F, U+202A–202E,
    /// U+2066–2069) and the line and paragraph separators U+2028, U+2029.
    public static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        var scan = LineScan(keepingLineBreaks: keepingLineBreaks)
        guard text.unicodeScalars.contains(where: { scan.next($0) != .copy }) else { return text }
        scan = LineScan(keepingLineBreaks: keepingLineBreaks)
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            switch scan.next(scalar) {
            case .copy:
                out.unicodeScalars.append(scalar)
            case .show:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            case .backslashBefore:
                out += "\\"
                out.unicodeScalars.append(scalar)
            case .backslashBeforePrevious:
                // `##` already written: a backslash goes between them.
                out.unicodeScalars.removeLast()
                out += "\\#["
            }
        }
        return out
    }

    /// What the text channel does with each scalar, knowing the ones before it on the line.
    private struct LineScan {
        enum Action { case copy, show, backslashBefore, backslashBeforePrevious }

        let keepingLineBreaks: Bool
        private var atLineStart = true
        private var hashes = 0
        private var previousWasLeadingColon = false

        init(keepingLineBreaks: Bool) { self.keepingLineBreaks = keepingLineBreaks }

        mutating func next(_ scalar: Unicode.Scalar) -> Action {
            if keepingLineBreaks && scalar == "\n" {
                (atLineStart, hashes, previousWasLeadingColon) = (true, 0, false)
                return .copy
            }
            let action: Action =
                if ConsoleText.isInert(scalar) {
                    .show
                } else if scalar == "[" && hashes >= 2 {
                    .backslashBeforePrevious
                } else if scalar == ":" && previousWasLeadingColon {
                    .backslashBefore
                } else {
                    .copy
                }
            hashes = scalar == "#" && action == .copy ? hashes + 1 : 0
            previousWasLeadingColon = atLineStart && scalar == ":" && action == .copy
            atLineStart = atLineStart && action == .copy && scalar.properties.isWhitespace
            return action
        }
    }
}
