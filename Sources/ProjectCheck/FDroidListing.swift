import FileAccess
import UploadWiring

/// Whether the repository shows that F-Droid publishes the app: a Markdown file at its root (the README) links
/// F-Droid's page of one of the app's applicationIds (`f-droid.org/packages/<id>`, `…/browse/?fdid=<id>`).
/// fdroidserver then reads the app's fastlane tree, whatever else uploads it to Play.
struct FDroidListing: Sendable {
    /// Each applicationId whose F-Droid page is linked, with the first line that links it.
    private var links: [String: Evidence] = [:]

    init(root: String, files: [String], reader: FileReader) {
        let prefix = root + "/"
        let documents = files.filter { file in
            // A name ending in `.md` in any case ends in those bytes (no other character lowercases to them):
            // the other files of the walk are passed over without lowercasing them.
            Self.mayEndInMarkdownSuffix(file) && file.droppingPrefix(prefix).map { !$0.contains("/") } == true
                && file.lowercased().hasSuffix(".md")
        }.sorted()
        for file in documents {
            guard let bytes = try? reader.read(file) else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                for id in Self.linkedIDs(in: line) where links[id] == nil {
                    links[id] = Evidence(
                        file: String(file.dropFirst(root.count + 1)), line: index + 1, quote: "f-droid.org … \(id)")
                }
            }
        }
    }

    /// Whether the path's last three bytes are `.md` in some letter case.
    private static func mayEndInMarkdownSuffix(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.count >= 3 else { return false }
        let dot = bytes.index(bytes.endIndex, offsetBy: -3)
        let m = bytes.index(after: dot)
        return bytes[dot] == UInt8(ascii: ".") && bytes[m] | 0x20 == UInt8(ascii: "m")
            && bytes[bytes.index(after: m)] | 0x20 == UInt8(ascii: "d")
    }

    /// The line linking F-Droid's page of any of `ids`.
    func evidence(forAny ids: [String]) -> Evidence? {
        ids.compactMap { links[$0] }.first
    }

    /// The applicationIds of the F-Droid pages a line links.
    private static func linkedIDs(in line: Substring) -> [String] {
        line.ranges(of: "f-droid.org/").compactMap { range -> String? in
            let link = line[range.upperBound...].prefix { !$0.isWhitespace && $0 != ")" && $0 != "\"" && $0 != "'" }
            for marker in ["packages/", "fdid="] {
                guard let start = link.range(of: marker) else { continue }
                let id = link[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
                return id.contains(".") ? String(id) : nil
            }
            return nil
        }
    }
}
