/// Why a rule fired, as the rule itself names it, so that the same problem in many files (every screenshot of
/// one size in every locale, say) is one finding for people and one baseline entry, not fifty.
///
/// Reporters group diagnostics by rule, severity and `key` (`FindingGroup`), never by comparing messages. A rule
/// sets a cause only when its findings in different files are really one problem with one fix.
public struct Cause: Sendable, Hashable {
    /// Stable identity of the cause within its rule, free of positions: `phone-screenshots 1080x2340`. It is also
    /// the baseline fingerprint of the finding.
    public var key: String
    /// The files it is about, in the plural: `phone screenshots`.
    public var subjects: String
    /// What holds for all of them, as a plural predicate: `are 1080x2340, 2.17:1; Play documents at most 2.00:1`.
    public var statement: String
    /// Where this file sits among its group (a locale, a density), counted in the group's message.
    public var scope: Scope?

    public init(key: String, subjects: String, statement: String, scope: Scope? = nil) {
        self.key = key
        self.subjects = subjects
        self.statement = statement
        self.scope = scope
    }

    /// One value of the dimension a cause repeats along, e.g. the locale `de-DE`.
    public struct Scope: Sendable, Hashable {
        /// The dimension in the plural: `locales`, `densities`.
        public var kind: String
        public var value: String

        public init(kind: String, value: String) {
            self.kind = kind
            self.value = value
        }
    }
}

/// The identity a finding keeps across unrelated edits: its rule's cause key when the rule sets one, else its
/// message with every run of digits replaced by `#`, so a moved pixel, line or count does not change it.
public struct Fingerprint: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var value: String

    public init(_ value: String) {
        self.value = value
    }

    /// The fingerprint of `diagnostic`.
    public init(of diagnostic: Diagnostic) {
        value = diagnostic.cause?.key ?? Self.normalised(diagnostic.message)
    }

    /// `text` with each run of ASCII digits replaced by one `#`.
    public static func normalised(_ text: String) -> String {
        normalisedBytes(text) ?? normalisedCharacters(text)
    }

    /// Characters whose grapheme cluster break property is "Other": one never joins an ASCII digit into a longer
    /// character, so beside a digit it leaves the digit a character of its own. The ones playprep's messages use.
    private static let standaloneScalars: Set<UInt32> = [
        0x00B7, 0x00D7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x203A, 0x2192, 0x2212, 0x2260,
        0x2264, 0x2265,
    ]

    /// `normalised(text)` by bytes, fast, when every scalar of `text` is ASCII or in ``standaloneScalars``, so an
    /// ASCII digit byte is always a whole character; `nil` otherwise.
    private static func normalisedBytes(_ text: String) -> String? {
        var text = text
        if let ascii = text.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? normalisedASCII($0) : nil }) { return ascii }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        var inDigits = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    if !inDigits { out.append(UInt8(ascii: "#")) }
                    inDigits = true
                    continue
                }
                out.append(byte)
            } else {
                guard standaloneScalars.contains(scalar.value) else { return nil }
                out.append(contentsOf: scalar.utf8)
            }
            inDigits = false
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `normalised` of ASCII text, where every byte is a character (CR LF aside, which has no digit).
    private static func normalisedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            var inDigits = false
            for byte in bytes {
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if !isDigit || !inDigits {
                    out[count] = isDigit ? UInt8(ascii: "#") : byte
                    count += 1
                }
                inDigits = isDigit
            }
            return count
        }
    }

    /// `normalised(text)` character by character, for any text (the definition the byte path is tested against).
    static func normalisedCharacters(_ text: String) -> String {
        var out = ""
        var inDigits = false
        for character in text {
            if character.isASCII, character.isNumber {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                out.append(character)
                inDigits = false
            }
        }
        return out
    }

    public var description: String { value }

    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool { lhs.value < rhs.value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
