/// What a locale folder name is to Play.
enum LocaleVerdict: Sendable, Hashable {
    /// Exactly one of Play's codes.
    case valid
    /// A Play code once case and `_`/`-` are fixed (LOC002).
    case misspelt(String)
    /// A known near miss or a related code; the Play codes it probably means (LOC003).
    case nearMiss([String])
    /// Shaped like a language tag, but no Play code is close (LOC001).
    case unsupported
    /// Not shaped like a language tag at all: a stray folder the uploader would send as a language (LAY001).
    case notALocale
}

/// Judges locale folder names against a ``PlayLocales`` table and suggests the right spelling.
public struct LocaleResolver: Sendable {
    let locales: PlayLocales
    /// Play's codes and the near misses by their normalized spelling, so judging a folder name costs one lookup
    /// whatever the number of folders (a tree may hold thousands).
    private let codesByNormalized: [String: String]
    private let nearMissesByNormalized: [String: [String]]

    init(locales: PlayLocales = .play2026) {
        self.locales = locales
        codesByNormalized = Dictionary(
            locales.codes.sorted().map { (Self.normalize($0), $0) }, uniquingKeysWith: { first, _ in first })
        nearMissesByNormalized = Dictionary(
            locales.nearMisses.sorted { $0.key < $1.key }.map { (Self.normalize($0.key), $0.value) },
            uniquingKeysWith: { first, _ in first })
    }

    func verdict(for name: String) -> LocaleVerdict {
        if locales.codes.contains(name) { return .valid }
        let normalized = Self.normalize(name)
        if let code = codesByNormalized[normalized] { return .misspelt(code) }
        if let mapped = locales.nearMisses[name] ?? nearMissesByNormalized[normalized] {
            return .nearMiss(mapped)
        }
        guard Self.looksLikeLanguageTag(name) else { return .notALocale }
        let related = relatedCodes(normalized)
        return related.isEmpty ? .unsupported : .nearMiss(related)
    }

    /// Codes sharing the language: `ar-SA` → `ar`, `es-MX` → `es-419`, `bn` → `bn-BD`, `zh_Hant_HK` → `zh-HK`
    /// (a script subtag is dropped when the language and region make a Play code), `tl-PH` → `fil`.
    private func relatedCodes(_ normalized: String) -> [String] {
        let parts = normalized.split(separator: "-").map(String.init)
        let language = parts[0]
        let subtags = parts.dropFirst()
        let region = subtags.first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }
        if language == "es", let region, PlayLocales.latinAmericanSpanish.contains(region.uppercased()) {
            return ["es-419"]
        }
        if let region, let code = locales.codes.first(where: { $0.lowercased() == language + "-" + region }) {
            return [code]
        }
        if language == "zh", let script = subtags.first(where: { $0.count == 4 }) {
            return script == "hans" ? ["zh-CN"] : ["zh-TW", "zh-HK"]
        }
        if locales.codes.contains(language) { return [language] }
        let prefixed = locales.codes.filter { $0.lowercased().hasPrefix(language + "-") }.sorted()
        // `tl-PH`: the language is a known near miss (`tl` → `fil`) though no Play code starts with it.
        return prefixed.isEmpty ? locales.nearMisses[language] ?? [] : prefixed
    }

    private static func normalize(_ name: String) -> String {
        String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// `xx`, `xxx`, `xx-YY`, `xx_YY`, `zh-Hant-TW`, `es-419`.
    public static func looksLikeLanguageTag(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter)
        else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy(\.isASCIIAlphanumeric) }
    }
}

extension Character {
    fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
