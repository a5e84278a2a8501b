/// Listing text as the uploader sends it, with the lengths Play counts.
///
/// GPP turns CRLF into LF and trims (`readProcessed`); supply sends the file as it is (`File.read`, no strip), and
/// Play counts what it receives: a changelog of 1,003 characters and a final newline was refused as "length 1004"
/// (ActivityWatch/aw-android#219). Play's API and help say "characters" without saying how it counts them; no
/// Google text, API error or uploader issue we found shows a character above U+FFFF counted twice, so code points
/// decide the errors and UTF-16 units only a warning (TXT006). See docs/severity.md.
struct CountedText: Sendable, Hashable {
    /// The text without the whitespace around it: what a reader sees.
    var text: String
    /// Exactly what the uploader sends: GPP's trimmed text, or the fastlane file with its trailing whitespace.
    var sent: String
    /// Lines removed from the top by trimming, to map positions back to the file.
    var leadingLinesRemoved: Int

    init(_ raw: String, layout: ListingLayout) {
        switch layout {
        case .gpp:
            let unified = String(raw.map { $0 == "\r\n" ? "\n" : $0 })
            let start = unified.firstIndex { !$0.isWhitespace } ?? unified.endIndex
            let end = unified.lastIndex { !$0.isWhitespace }.map(unified.index(after:)) ?? start
            text = String(unified[start..<end])
            sent = text
            leadingLinesRemoved = unified[..<start].count { $0 == "\n" }
        case .fastlane:
            let end = raw.lastIndex { !$0.isWhitespace }.map(raw.index(after:)) ?? raw.startIndex
            text = String(raw[..<end])
            sent = raw
            leadingLinesRemoved = 0
        }
    }

    var scalarCount: Int { text.unicodeScalars.count }
    /// Code points Play receives, trailing whitespace supply sends included.
    var sentScalarCount: Int { sent.unicodeScalars.count }
    /// UTF-16 units Play receives, the count a Java `String.length()` would give.
    var sentUTF16Count: Int { sent.utf16.count }
    var isEmpty: Bool { text.allSatisfy(\.isWhitespace) }
}
