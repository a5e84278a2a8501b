/// Listing text as the uploader sends it, with the lengths Play may count.
///
/// GPP turns CRLF into LF and trims (`readProcessed`); supply sends the file as it is. Play says "characters"
/// without saying which: code points are counted for errors and UTF-16 units for a warning (TXT006).
struct CountedText: Sendable, Hashable {
    /// What the uploader sends (fastlane: with trailing whitespace removed; see ``rawScalarCount``).
    var text: String
    /// Lines removed from the top by trimming, to map positions back to the file.
    var leadingLinesRemoved: Int
    /// Code points of the file as supply would send it, trailing whitespace included (fastlane only).
    var rawScalarCount: Int

    init(_ raw: String, layout: ListingLayout) {
        switch layout {
        case .gpp:
            let unified = String(raw.map { $0 == "\r\n" ? "\n" : $0 })
            let start = unified.firstIndex { !$0.isWhitespace } ?? unified.endIndex
            let end = unified.lastIndex { !$0.isWhitespace }.map(unified.index(after:)) ?? start
            text = String(unified[start..<end])
            leadingLinesRemoved = unified[..<start].count { $0 == "\n" }
            rawScalarCount = text.unicodeScalars.count
        case .fastlane:
            let end = raw.lastIndex { !$0.isWhitespace }.map(raw.index(after:)) ?? raw.startIndex
            text = String(raw[..<end])
            leadingLinesRemoved = 0
            rawScalarCount = raw.unicodeScalars.count
        }
    }

    var scalarCount: Int { text.unicodeScalars.count }
    var utf16Count: Int { text.utf16.count }
    var isEmpty: Bool { text.allSatisfy(\.isWhitespace) }
}
