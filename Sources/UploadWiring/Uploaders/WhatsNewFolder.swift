/// A folder of `whatsnew-<locale>` files, the release notes an upload action sends (`r0adkll/upload-google-play`'s
/// `whatsNewDirectory`, Bitrise's `whatsnews_path`): one file per language, named `whatsnew-en-US`.
enum WhatsNewFolder {
    static let prefix = "whatsnew-"

    /// The locales of the `whatsnew-<locale>` files committed directly in `folder` (relative to the project),
    /// sorted.
    static func locales(in folder: String, repository: ProjectFiles) -> [String] {
        let start = repository.path(folder) + "/" + prefix
        return repository.walked.compactMap { file -> String? in
            guard let locale = file.droppingPrefix(start), !locale.isEmpty, !locale.contains("/") else { return nil }
            return String(locale)
        }.sorted()
    }

    /// The folder's files as a fastlane tree's release notes: `<locale>/changelogs/default.txt` (what supply
    /// sends for any versionCode) → the committed `whatsnew-<locale>`, relative to the project.
    static func asChangelogs(_ folder: String, locales: [String]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: locales.map { ($0 + "/changelogs/default.txt", folder + "/" + prefix + $0) })
    }
}
