import Diagnostics

/// Checks one listing text file. For Play: encoding (TXT008), length against its limit as Play counts what the
/// uploader sends (TXT001–TXT007), an empty title (TXT009), and the field's own form (TXT012–TXT015). For
/// F-Droid: the length it cuts at (FDR001).
struct TextChecker: Sendable {
    var limits: ListingLimits

    /// The findings for `bytes`, the contents of a `field` file in a `layout` tree read by `store`.
    func check(_ bytes: [UInt8], field: TextField, layout: ListingLayout, store: ListingStore, locale: String?)
        -> [Finding]
    {
        guard store == .play else { return fDroidLength(bytes, field: field, locale: locale) }
        let raw: String
        switch TextDecoding.decode(bytes) {
        case .failure(let failure):
            return [
                Finding(
                    TextRules.encoding, at: .text(line: failure.line, column: failure.column),
                    "not valid UTF-8: byte 0x\(String(failure.byte, radix: 16, uppercase: true)) at offset \(failure.byteOffset) "
                        + (layout == .fastlane
                            ? "(supply stops with 'Metadata must be UTF-8 encoded')"
                            : "(GPP decodes it as UTF-8 and uploads U+FFFD replacement characters in its place)"),
                    hint: "save the file as UTF-8")
            ]
        case .success(let text):
            raw = text
        }
        if let (offset, scalar) = TextDecoding.firstControlCharacter(in: raw) {
            let what =
                scalar == "\0"
                ? "a NUL byte (binary data?)"
                : "control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            return [
                Finding(
                    TextRules.encoding, at: TextDecoding.location(ofScalarAt: offset, in: raw),
                    "\(what) in \(field.label) text", hint: "listing text must be plain text; remove it")
            ]
        }
        var findings: [Finding] = []
        if raw.unicodeScalars.first == "\u{FEFF}" {
            findings.append(
                Finding(
                    TextRules.encoding, severity: .warning, at: .text(line: 1, column: 1),
                    "the file starts with a byte-order mark, which is sent and counted as a character",
                    hint: "save the file as UTF-8 without BOM"))
        }
        let counted = CountedText(raw, layout: layout)
        findings += length(counted, field: field, layout: layout, locale: locale)
        if field == .title, counted.isEmpty, layout == .fastlane {
            findings.append(
                Finding(
                    TextRules.titleRequired, "title.txt is empty: supply would send an empty title",
                    hint: "write the app name, or delete the file to keep the title on Play"))
        }
        return findings + FieldFormChecker().check(counted.text, field: field)
    }

    /// The rule and limit for a field, if it has one.
    private func limit(of field: TextField) -> (rule: Rule, limit: Int)? {
        switch field {
        case .title: (TextRules.titleLength, limits.titleMaxCharacters.value)
        case .shortDescription: (TextRules.shortDescriptionLength, limits.shortDescriptionMaxCharacters.value)
        case .fullDescription: (TextRules.fullDescriptionLength, limits.fullDescriptionMaxCharacters.value)
        case .releaseNotes: (TextRules.releaseNotesLength, limits.releaseNotesMaxCharacters.value)
        case .releaseName: (TextRules.releaseNameLength, limits.releaseNameMaxCharacters.value)
        default: nil
        }
    }

    /// TXT001–TXT005 when the text itself is over its limit, TXT007 when the trailing whitespace supply sends takes
    /// it over (Play counts what it receives), TXT006 when only its UTF-16 length is over.
    private func length(_ counted: CountedText, field: TextField, layout: ListingLayout, locale: String?) -> [Finding] {
        guard let (rule, limit) = limit(of: field) else { return [] }
        let scalars = counted.scalarCount
        let sent = counted.sentScalarCount
        let units = counted.sentUTF16Count
        let language = locale.map { " for language \($0)" } ?? ""
        if scalars > limit {
            var place = TextDecoding.location(ofScalarAt: limit, in: counted.text)
            place.line = (place.line ?? 1) + counted.leadingLinesRemoved
            let unitsNote = units != sent ? " (\(units) UTF-16 units)" : ""
            return [
                Finding(
                    rule, at: place,
                    "\(field.label) is \(scalars) characters\(unitsNote), over the limit of \(limit) by \(scalars - limit); "
                        + "Play refuses it\(language)",
                    hint: "shorten it to \(limit) characters; the text from here on is over the limit")
            ]
        }
        if sent > limit {
            return [
                Finding(
                    TextRules.trailingWhitespace, at: TextDecoding.location(ofScalarAt: limit, in: counted.sent),
                    "\(field.label) is \(scalars) characters, but supply sends \(sent) with the trailing whitespace, over "
                        + "the limit of \(limit); Play counts what it receives and refuses it\(language)",
                    hint: "remove the final newline (and any trailing spaces)")
            ]
        }
        if units > limit {
            return [
                Finding(
                    TextRules.utf16Length,
                    "\(field.label) is \(sent) characters but \(units) UTF-16 units, over the limit of \(limit) if Play "
                        + "counts UTF-16 (characters above U+FFFF, such as most emoji, count twice)",
                    hint: "remove \(units - limit) UTF-16 units (emoji first) to be safe")
            ]
        }
        return []
    }

    /// FDR001: F-Droid reads the file as UTF-8 (bad bytes replaced), strips newlines around one-line fields, and
    /// keeps the first N characters.
    private func fDroidLength(_ bytes: [UInt8], field: TextField, locale: String?) -> [Finding] {
        let limit: Int
        switch field {
        case .title: limit = limits.fDroidNameMaxCharacters.value
        case .shortDescription: limit = limits.fDroidSummaryMaxCharacters.value
        case .fullDescription: limit = limits.fDroidDescriptionMaxCharacters.value
        case .releaseNotes: limit = limits.fDroidWhatsNewMaxCharacters.value
        default: return []
        }
        var text = String(decoding: bytes, as: UTF8.self)
        var leadingLines = 0
        if [.title, .shortDescription].contains(field) {
            leadingLines = text.prefix { $0 == "\n" }.count
            text = String(text.drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed())
        }
        let count = text.unicodeScalars.count
        guard count > limit else { return [] }
        var place = TextDecoding.location(ofScalarAt: limit, in: text)
        place.line = (place.line ?? 1) + leadingLines
        return [
            Finding(
                FDroidRules.textCut, at: place,
                "\(field.label) is \(count) characters; F-Droid shows only the first \(limit)"
                    + (locale.map { " for language \($0)" } ?? ""),
                hint: "shorten it to \(limit) characters; the text from here on is cut off")
        ]
    }
}
