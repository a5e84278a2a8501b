/// A file name split into stem and extension, as the uploaders match them.
struct FileName: Sendable, Hashable {
    var stem: String
    /// Lowercased, without the dot; empty when there is none.
    var fileExtension: String

    init(_ name: String) {
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = String(name[..<dot])
            fileExtension = name[name.index(after: dot)...].lowercased()
        } else {
            stem = name
            fileExtension = ""
        }
    }

    /// `png`, `jpg` or `jpeg` in any case: what supply's and GPP's globs pick up.
    var isUploadableImage: Bool { ["png", "jpg", "jpeg"].contains(fileExtension) }

    /// `123.txt`, or the `default.txt` fallback.
    var isChangelogName: Bool {
        fileExtension == "txt" && (stem == "default" || !stem.isEmpty && stem.allSatisfy { $0.isASCII && $0.isNumber })
    }
}
