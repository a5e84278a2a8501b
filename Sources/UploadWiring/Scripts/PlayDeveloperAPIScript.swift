import PlayListingKit

/// A script that edits the Play listing itself through the Play Developer API (Python's `googleapiclient` with
/// `androidpublisher`: `service.edits().insert(…)`, `edits().listings().update(…)`, `edits().images().upload(…)`,
/// `edits().commit(…)`; Node's `googleapis` `androidpublisher.edits.listings.update`; Ruby's
/// `Google::Apis::AndroidpublisherV3` `update_edit_listing`), read as text without running it: which parts it
/// sends, and the listing folders of the repository it names (a path literal, an argument default, a command-line
/// argument) whose locale folders hold listing texts.
struct PlayDeveloperAPIScript: Sendable, Hashable {
    /// The parts its calls send: texts (`listings().update/patch`), images and screenshots
    /// (`images().upload`), release notes (a track update with `releaseNotes`).
    var parts: UploadedParts
    /// The listing folders it reads, relative to the project, in path order.
    var trees: [String]
    /// When it names no listing in fastlane's layout: the folders it names that exist (its own layout, such as
    /// `listing/google/<locale>/store_text.xml`), which playprep does not judge.
    var otherFolders: [String] = []
    /// The script's first line that calls the API for a listing part (else its line naming `androidpublisher`).
    var call: Evidence

    /// The file names a locale folder holds that a listing script reads for the listing's texts.
    private static let listingTexts = ["title.txt", "short_description.txt", "full_description.txt"]

    /// Reads `text`, the script at the project-relative `path`, run with `arguments`; nil when it edits no listing
    /// through the API (no `androidpublisher` client, or no call that sends a part).
    init?(text: String, path: String, arguments: [String], repository: ProjectFiles) {
        guard text.contains("androidpublisher") || text.contains("Androidpublisher") else { return nil }
        let compact = String(text.filter { !$0.isWhitespace })
        var parts: UploadedParts = []
        let sendsText = [
            "listings().update(", "listings().patch(", "listings.update(", "listings.patch(", "update_edit_listing(",
            "patch_edit_listing(",
        ]
        if sendsText.contains(where: compact.contains) { parts.insert(.text) }
        if ["images().upload(", "images.upload(", "upload_edit_image("].contains(where: compact.contains) {
            parts.formUnion([.images, .screenshots])
        }
        if compact.contains("tracks().update(") || compact.contains("tracks.update(")
            || compact.contains("update_edit_track(") || compact.contains("patch_edit_track(")
        {
            if text.contains("releaseNotes") || text.contains("release_notes") { parts.insert(.changelogs) }
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let calls = [
            ".listings()", ".images()", ".tracks()", "edits.listings.", "edits.images.", "_edit_listing", "_edit_image",
        ]
        let callLine =
            lines.firstIndex { text in calls.contains(where: text.contains) }
            ?? lines.firstIndex { $0.lowercased().contains("androidpublisher") } ?? 0
        call = Evidence(file: path, line: callLine + 1, quote: String(lines[callLine]))
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var trees = Set<String>()
        var others = Set<String>()
        for candidate in Self.pathLiterals(in: text) + arguments {
            let relative = FastlaneFiles.normalized(candidate.trimming("\"'"))
            let beside = folder.isEmpty ? relative : FastlaneFiles.normalized(folder + "/" + relative)
            for path in [relative, beside] where !path.isEmpty && repository.hasFolder(path) {
                if Self.holdsListing(path, in: repository) { trees.insert(path) } else { others.insert(path) }
            }
        }
        self.trees = trees.sorted()
        if trees.isEmpty { otherFolders = others.sorted() }
    }

    /// Each script a command of `ci` runs (a `.py`, `.js` or `.rb` file of the repository among its words) that
    /// edits the listing through the API, with the command, in command order; each file is read once.
    static func scripts(run ci: ContinuousIntegration, in repository: ProjectFiles) -> [(
        command: CICommand, path: String, script: PlayDeveloperAPIScript
    )] {
        var read = [String: PlayDeveloperAPIScript?]()
        return ci.commands.compactMap { command in
            let words = command.words
            guard
                let index = words.firstIndex(where: { word in
                    [".py", ".js", ".mjs", ".cjs", ".rb"].contains { word.hasSuffix($0) }
                })
            else { return nil }
            let folder = FastlaneFiles.normalized(command.workingDirectory ?? "")
            let written = FastlaneFiles.normalized(words[index])
            let path = folder.isEmpty || written.hasPrefix("/") ? written : folder + "/" + written
            if read[path] == nil {
                // Read from disk, as the CI readers read scripts: the walk may leave hidden folders out (`.github/`).
                read[path] = .some(
                    (try? repository.text(path).get()).flatMap { text in
                        PlayDeveloperAPIScript(
                            text: text, path: path, arguments: Array(words[(index + 1)...]), repository: repository)
                    })
            }
            return (read[path] ?? nil).map { (command, path, $0) }
        }
    }

    /// Every quoted string of `text` that could be a relative folder path (letters, digits, `/`, `.`, `-`, `_`).
    private static func pathLiterals(in text: String) -> [String] {
        var literals = [String]()
        for quote in ["\"", "'"] {
            let pieces = text.split(separator: Character(quote), omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() where index % 2 == 1 && piece.contains("/") {
                if piece.allSatisfy({ $0.isLetter || $0.isNumber || "/._-".contains($0) }) {
                    literals.append(String(piece))
                }
            }
        }
        return literals
    }

    /// Whether the project-relative folder `path` has a locale folder with one of the listing's text files.
    private static func holdsListing(_ path: String, in repository: ProjectFiles) -> Bool {
        guard repository.hasFolder(path) else { return false }
        let prefix = repository.path(path) + "/"
        return repository.walked.contains { file in
            guard file.hasPrefix(prefix) else { return false }
            let rest = file.dropFirst(prefix.count).split(separator: "/")
            return rest.count == 2 && listingTexts.contains(String(rest[1]))
        }
    }
}
