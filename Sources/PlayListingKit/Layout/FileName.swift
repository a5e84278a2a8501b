import Diagnostics

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

/// Collects layout findings keyed by root-relative path, and the files no uploader reads.
struct FindingLog: Sendable {
    private var byPath: [String: [Finding]] = [:]
    private var unread: [String] = []

    mutating func add(_ path: String, _ finding: Finding) {
        byPath[path, default: []].append(finding)
    }

    /// A file the uploader does not read that is no misspelt or misplaced name of one it reads: kept on purpose,
    /// as a rule (a generator's input, an image's source), so it is only named in the tree's one LAY002 note.
    mutating func addUnread(_ path: String) {
        unread.append(path)
    }

    /// The findings, with one LAY002 note naming every unread file, on the first of them.
    var findings: [String: [Finding]] {
        let names = unread.sorted()
        guard let first = names.first else { return byPath }
        let shown = names.prefix(Self.namesShown).map { "'\($0)'" }.joined(separator: ", ")
        let more = names.count > Self.namesShown ? " and \(names.count - Self.namesShown) more" : ""
        var all = byPath
        all[first, default: []].append(
            Finding(
                LayoutRules.unknownName, severity: .note,
                "\(names.count == 1 ? "1 file" : "\(names.count) files") in the listing no uploader reads: \(shown)\(more)",
                hint: "nothing to do if they are kept on purpose (sources, generator input); otherwise move them out"))
        return all
    }

    private static let namesShown = 10
}
