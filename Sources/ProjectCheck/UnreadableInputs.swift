import Diagnostics
import FileAccess
import PlayListingKit
import UploadWiring

/// PRJ001 for what a check needs and cannot read: folders the walk could not list, symbolic links that lead out
/// of the project (never read: their target is named as the link writes it, never what is there), and build
/// files, manifests,
/// Fastfiles and Appfiles that cannot be read or are not UTF-8 text (build files may also be UTF-16 with a byte order mark) (`.properties` files are ISO-8859-1, as Gradle
/// reads them). The build reader and listing planner skip
/// such files; this says so on each path instead of passing in silence.
struct UnreadableInputs: Sendable {
    var reader = FileReader(maxBytes: 4 << 20)
    /// Fastfiles and Appfiles are read up to the fastlane reader's own limit: one it skips for its size is named
    /// here, since the lanes in it are then unknown.
    var fastlaneReader = FileReader(maxBytes: FastlaneFiles.Limits.fileBytes)

    func diagnostics(for inventory: ProjectInventory, _ finding: RuleOutput) -> [Diagnostic] {
        let folders = inventory.unreadableFolders.map { folder in
            finding.diagnostic(
                file: folder.path, "cannot read this folder (\(folder.reason)): nothing in it was checked",
                hint: "make it readable, or exclude it in playprep.yml")
        }
        let localeFolders = inventory.passedOverLocaleFolders.compactMap { passed in
            passed.subfolders.first.map { first in
                finding.diagnostic(
                    file: passed.folder + "/" + first,
                    FileReport.unreadableListing(
                        "folder", reason: ListingChecker.localeFoldersOverLimit(passed.subfolders.count)),
                    hint: FileReport.unreadableListingHint)
            }
        }
        let links = inventory.leavingLinks.map { Self.leaving($0, in: inventory.root, finding) }
        let files = inventory.readFiles().filter { $0.role == .buildFile || $0.role == .fastlaneFile }
        return folders + localeFolders + links
            + files.compactMap { input in
                let bytes: [UInt8]
                do {
                    bytes = try (input.role == .fastlaneFile ? fastlaneReader : reader).read(input.path)
                } catch {
                    return finding.diagnostic(
                        file: input.path, "cannot read \(input.role.rawValue) (\(error)): it was skipped")
                }
                // Gradle reads .properties files as ISO-8859-1, in which every byte is text.
                guard !input.path.hasSuffix(".properties") else { return nil }
                // Build files are read through their byte order mark (UTF-16 decoded), as Gradle and XML do.
                guard let text = input.role == .buildFile ? TextEncoding.utf8(bytes) : bytes else {
                    return finding.diagnostic(
                        file: input.path, "\(input.role.rawValue) in broken UTF-16 text: it was skipped",
                        hint: "save it as UTF-8, as Gradle and fastlane expect")
                }
                guard let offset = Self.firstInvalidUTF8(text) else { return nil }
                return finding.diagnostic(
                    file: input.path,
                    "\(input.role.rawValue) that is not UTF-8 text (byte \(offset) is invalid): it was skipped",
                    hint: "save it as UTF-8, as Gradle and fastlane expect")
            }
    }

    /// PRJ001 on a symbolic link of the folder `root` that leads out of it: its target as the link writes it,
    /// never what is there.
    static func leaving(_ link: LeavingLink, in root: String, _ finding: RuleOutput) -> Diagnostic {
        finding.diagnostic(
            file: (root.hasSuffix("/") ? root : root + "/") + link.link,
            "a symbolic link to \(link.target), outside the project: it was not read",
            hint: "commit the file itself, or exclude the link in playprep.yml")
    }

    /// The offset of the first byte that is not part of valid UTF-8, or `nil` for valid text.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension FileReport {
    /// The report of a listing file (or folder, named with a trailing `/`) with PRJ001 added when the listing
    /// checker could not read it (it leaves that finding to the caller and checks the other files).
    func withUnreadableListingFile() -> FileReport {
        guard let reason = unreadable else { return self }
        var report = self
        report.diagnostics.insert(
            ProjectRules.unreadable.rule.diagnostic(
                file: file, Self.unreadableListing(file.hasSuffix("/") ? "folder" : "file", reason: reason),
                hint: Self.unreadableListingHint),
            at: 0)
        return report
    }

    /// PRJ001's message on a listing file or folder (`kind`) that was not read, and why.
    static func unreadableListing(_ kind: String, reason: String) -> String {
        "cannot read this listing \(kind) (\(reason)): it was not checked"
    }

    static let unreadableListingHint = "make it readable, or move it out of the listing"
}
