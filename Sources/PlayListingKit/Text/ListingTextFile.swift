public import Diagnostics

/// An entry of the TXT or FDR family: a rule, its examples and its check on one listing text file.
public typealias ListingTextRule = RuleCheck<ListingTextFile, Finding, Never>

/// One listing text file as its store reads it, decoded once: what every TXT and FDR entry judges, and what the
/// tree rules later count.
public struct ListingTextFile: Sendable {
    let field: TextField
    let layout: ListingLayout
    let store: ListingStore
    /// The locale folder it belongs to, if any.
    let locale: String?
    let limits: ListingLimits
    let bytes: [UInt8]
    /// The text, or where its first byte that is not UTF-8 is.
    let decoded: Result<String, TextDecoding.Failure>
    /// The decoded text as the uploader sends it, with the lengths Play counts (`nil` when not UTF-8).
    let counted: CountedText?
    /// The first control character of the decoded text other than tab, line feed and carriage return.
    let controlCharacter: (offset: Int, scalar: Unicode.Scalar)?

    init(
        _ bytes: [UInt8], field: TextField, layout: ListingLayout, store: ListingStore, locale: String?,
        limits: ListingLimits
    ) {
        self.field = field
        self.layout = layout
        self.store = store
        self.locale = locale
        self.limits = limits
        self.bytes = bytes
        decoded = TextDecoding.decode(bytes)
        switch decoded {
        case .success(let raw):
            counted = CountedText(raw, layout: layout)
            controlCharacter = TextDecoding.firstControlCharacter(in: raw)
        case .failure:
            counted = nil
            controlCharacter = nil
        }
    }

    /// The text Play's rules judge: read by Play, valid UTF-8, without control characters (TXT008 reports those).
    var playText: CountedText? {
        store == .play && controlCharacter == nil ? counted : nil
    }

    /// Play's limit for the field, if it has one (TXT001–TXT007).
    var limit: Int? {
        switch field {
        case .title: limits.titleMaxCharacters.value
        case .shortDescription: limits.shortDescriptionMaxCharacters.value
        case .fullDescription: limits.fullDescriptionMaxCharacters.value
        case .releaseNotes: limits.releaseNotesMaxCharacters.value
        case .releaseName: limits.releaseNameMaxCharacters.value
        default: nil
        }
    }

    /// ` for language de-DE`, or nothing outside a locale folder.
    var forLanguage: String {
        locale.map { " for language \($0)" } ?? ""
    }

    /// Whether the file holds release notes (of any version or track).
    var isReleaseNotes: Bool {
        if case .releaseNotes = field { true } else { false }
    }
}
