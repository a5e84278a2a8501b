import Diagnostics

/// Runs the entries on one listing text file: for Play, the TXT entries (encoding, length as Play counts what the
/// uploader sends, an empty title, the field's form); for F-Droid, the length it cuts at (FDR001). The caller
/// decodes the file once, into the ``ListingTextFile`` every entry judges and the tree rules count.
enum TextChecker {
    static let entries = TextRules.fileChecks + FDroidRules.fileChecks

    /// The findings of every entry on `file`, in entry order.
    static func check(_ file: ListingTextFile) -> [Finding] {
        entries.flatMap { $0.findings(on: file) }
    }
}
