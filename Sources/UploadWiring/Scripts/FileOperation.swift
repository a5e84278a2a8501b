/// A change a command makes to the repository's files before an uploader reads them: a copy, a move, a deletion
/// or a file written (`cp`, `mv`, `rm`, `find … -delete`, `echo … > file`, `shutil.copy`, `os.remove`,
/// `FileUtils.cp`). Paths are relative to the repository (the command's working directory applied); a part known
/// only when the command runs is `*` (`fastlane/metadata/android/*/changelogs/*`), any depth of folders `**`, and a
/// path outside the repository keeps its absolute or `~/` form. Where the working directory is not known
/// (`CICommand.workingDirectory` is `nil`) the paths are as written.
public struct FileOperation: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case copy, move, delete, write
    }

    public var kind: Kind
    /// The paths copied or moved from, or deleted; empty for a write.
    public var sources: [String]
    /// Where copies and moves land (a folder when `sources` has several paths), and the file a write makes.
    public var target: String?
    /// Names a deletion spares (`find … ! -name en-US -exec rm -rf {} +`).
    public var sparing: [String] = []

    public init(kind: Kind, sources: [String], target: String? = nil, sparing: [String] = []) {
        self.kind = kind
        self.sources = sources
        self.target = target
        self.sparing = sparing
    }

    public var description: String {
        var text = kind.rawValue + " " + sources.joined(separator: " ")
        if let target { text += (sources.isEmpty ? "" : " -> ") + target }
        if !sparing.isEmpty { text += " (sparing " + sparing.joined(separator: ", ") + ")" }
        return text
    }
}
