public import PlayListingKit

/// Which listing tree an upload reads.
public enum UploadedTree: Sendable, Hashable {
    /// A folder whose subfolders are locales, read in fastlane's layout (supply's `metadata_path`), relative to
    /// the project.
    case metadataFolder(String)
    /// Release notes copied out of a tree (`<tree>/<locale>/changelogs/<n>.txt`, the tree written out or with
    /// `$VARIABLE` segments) into the folder an upload action sends; `locales` empty: the locales are not named.
    case copiedNotes(tree: String, locales: [String])
    /// A committed folder of `whatsnew-<locale>` files that an upload action sends as the release notes
    /// (`whatsNewDirectory`), relative to the project: judged as the changelogs of a fastlane tree.
    case whatsNewFolder(String)
    /// The `play/` folders of a module Gradle Play Publisher publishes (its Gradle path; `nil`: any module).
    case gppModule(String?)
    /// A fastlane tree the repository does not name (lanes read elsewhere, a workflow of another repository).
    case unnamed
    /// No listing tree: a supply call with no metadata folder where it looks sends only the APK or AAB (what the
    /// target API level and versionCode rules judge).
    case artifactOnly
}

/// What a person or CI does to start an upload that no CI step shows.
public struct HandRun: Sendable, Hashable {
    /// In a few words: `lane \`deploy\``, `script release.sh`.
    public var what: String
    /// Where it is defined.
    public var evidence: Evidence
    /// What the repository says about its use, apart from the tree it sends.
    public var signs: [ObservedSign]
}

/// How an upload is started, which decides what its evidence proves.
public enum UploadTrigger: Sendable, Hashable {
    /// A CI step, and the scripts it runs down to the upload: shown.
    case ci
    /// Run by a person, if at all: live or dead on the repository's signs.
    case byHand(HandRun)
    /// The repository cannot say (another repository's workflow, lanes it cannot read): why.
    case undecidable(String)
}

/// One upload to Play found in the repository: who sends which parts of which tree, started how, and the lines
/// that show it.
public struct PlayUpload: Sendable, Hashable {
    /// The uploader entry's name (`supply`, `Gradle Play Publisher`, …).
    public var uploader: String
    /// In a few words, for listing lines: `supply (lane deploy)`.
    public var what: String
    public var tree: UploadedTree
    public var parts: UploadedParts
    public var trigger: UploadTrigger
    /// The lines that show it: the CI step (and scripts) first, then the call.
    public var evidence: [Evidence]
    /// Options and variables that left parts out (`skip_upload_metadata: true`).
    public var settings: [String] = []
    /// The command that starts it in CI, to find the steps of its job that rewrite the tree first.
    var command: CICommand?
    /// Its `metadata_path` is code that the run's lane options resolved (`METADATA_DIR_PATH[app]`): the tree is
    /// read, not named as built at run time.
    var resolvesMetadataPath = false
    /// The values of the run's lane options that decided what it sends (`WooCommerce-Wear` of
    /// `app:WooCommerce-Wear`).
    var laneOptionValues: [String] = []

    /// One line for tests and `plan`: `supply (lane deploy) → fastlane/metadata/android [text, changelogs] ci`.
    public var summary: String {
        let tree: String =
            switch self.tree {
            case .metadataFolder(let path): path.isEmpty ? "." : path
            case .copiedNotes(let tree, let locales):
                tree + "/" + (locales.isEmpty ? "*" : locales.joined(separator: ",")) + "/changelogs"
            case .whatsNewFolder(let folder): folder + "/whatsnew-*"
            case .gppModule(let module): "GPP " + (module ?? "any module")
            case .unnamed: "a tree it does not name"
            case .artifactOnly: "the artifact only"
            }
        let trigger: String =
            switch self.trigger {
            case .ci: "ci " + (evidence.first.map { "\($0.file):\($0.line)" } ?? "")
            case .byHand(let run): "by hand: " + run.what
            case .undecidable(let why): "undecidable: " + why
            }
        return "\(what) → \(tree) [\(parts.names.joined(separator: ", "))] \(trigger)"
    }
}

extension UploadedParts {
    /// The parts' names, in a fixed order.
    public var names: [String] {
        [(UploadedParts.text, "text"), (.images, "images"), (.screenshots, "screenshots"), (.changelogs, "changelogs")]
            .filter { contains($0.0) }.map(\.1)
    }
}
