import ArtifactKit
import Diagnostics
import FileAccess
import Foundation
public import NinePatchKit
import ReleaseDiff

/// Why a run could not start or finish (the CLI's exit status 2), as opposed to problems found in the inputs.
public enum ProjectCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A named input that does not exist.
    case notFound(String)
    /// An input that exists but cannot be read, with the cause.
    case unreadable(String, reason: String)
    /// A request that cannot be carried out as given, in one line naming the option or file.
    case invalid(String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .invalid(let message): message
        }
    }
}

/// A run that stopped: the error, and the lines it had to say on standard error before it stopped (an
/// unreadable artifact, files that were not checked), which a front end shows before the error.
public struct ProjectCheckFailure: Error, Sendable, Hashable {
    public var error: ProjectCheckError
    public var lines: [String] = []

    public init(_ error: ProjectCheckError, lines: [String] = []) {
        self.error = error
        self.lines = lines
    }
}

/// Everything `playprep check` and `playprep plan` are asked, as a front end (the CLI, a Gradle plugin) gives it:
/// the project, the configuration file, the flags folded into the configuration, the artifact, the baseline and
/// the outputs that must not replace an input. `run` and `plan` do the rest.
public struct ProjectCheckRequest: Sendable {
    /// The project folder as the user named it.
    public var projectDirectory: String
    /// `--config`: else `projectDirectory/playprep.yml` when it exists.
    public var configurationFile: String?
    /// The versionCode being released: its changelog must exist (default: the build's).
    public var versionCode: Int?
    /// Gradle properties as `-P` gives them, `NAME=VALUE`.
    public var gradleProperties: [String] = []
    /// The applicationId already on Play (PKG013), over the configured one.
    public var expectedApplicationID: String?
    /// Also report what aapt (v1) would reject (NP201).
    public var aapt1Compatibility = false
    /// Check every changelog, not only the one uploaded for the release.
    public var checksAllChangelogs = false
    /// Rule ids turned on and off over the configuration's selection.
    public var enabledRules: [String] = []
    public var disabledRules: [String] = []
    /// The APK or AAB being released, and the one released before it (`--previous`).
    public var artifact: String?
    public var previousArtifact: String?
    /// The upload certificate's SHA-256 fingerprint (ART015) as given, over the configured one.
    public var uploadCertificate: String?
    /// The release to compare with (`--since REF`: a tag, branch or commit, or `last-tag`), over the configured one.
    public var since: String?
    /// The day Play's target API requirement is read for (`--date`, `YYYY-MM-DD`); `nil`: today (UTC).
    public var date: String?
    /// A baseline of known problems to ignore, or the file to record every current problem in instead.
    public var baseline: String?
    public var writeBaseline: String?
    /// Where the report goes (`--output`), refused when it is one of the files the run reads.
    public var reportOutput: String?
    /// A folder with nothing to check is not an error.
    public var allowsEmpty = false
    /// The NinePatch checker with the decoder's limits; a bad-patch tolerance left `nil` is the configured one.
    public var ninePatchChecker = NinePatchChecker()
    /// NinePatches checked in parallel.
    public var jobs = 1

    public init(projectDirectory: String) {
        self.projectDirectory = projectDirectory
    }

    /// `--config`, else `projectDirectory/playprep.yml` when it exists.
    var configurationPath: String? {
        let defaultPath = (projectDirectory as NSString).appendingPathComponent("playprep.yml")
        return configurationFile ?? (PathKind(path: defaultPath) == .file ? defaultPath : nil)
    }

    /// The configuration with the request's flags folded in, so the library and the CLI decide alike; listing
    /// roots must exist.
    func configuration() throws(ProjectCheckError) -> ProjectConfiguration {
        var configuration = ProjectConfiguration()
        if let path = configurationPath {
            // The project's own playprep.yml is the repository's; `--config` is the user's.
            configuration = try ProjectConfiguration.read(
                path, within: configurationFile == nil ? projectDirectory : nil)
        }
        if let versionCode {
            configuration.listingOptions.versionCode = versionCode
            configuration.listingOptions.requiresReleaseNotes = true
        }
        if aapt1Compatibility { configuration.aapt1Compatibility = true }
        if let expectedApplicationID { configuration.expectedApplicationID = expectedApplicationID }
        if let since { configuration.since = since }
        if let date {
            guard TargetAPIPolicy.isDay(date) else { throw .invalid("--date \(date): expected a day as YYYY-MM-DD") }
            configuration.date = date
        }
        if checksAllChangelogs { configuration.listingOptions.checksAllChangelogs = true }
        configuration.rules.enable(enabledRules)
        configuration.rules.disable(disabledRules)
        for property in gradleProperties {
            guard let equals = property.firstIndex(of: "="), equals != property.startIndex else {
                throw .invalid("-P \(property): expected NAME=VALUE")
            }
            configuration.gradleProperties[String(property[..<equals])] = String(
                property[property.index(after: equals)...])
        }
        for root in configuration.listingRoots {
            let path = (projectDirectory as NSString).appendingPathComponent(root.path)
            guard PathKind(path: path) == .folder else {
                throw .invalid("listing root '\(root.path)' (playprep.yml listing.roots): \(path): no such folder")
            }
        }
        return configuration
    }

    /// The project folder, refused in one line when it is not a readable folder.
    func checkedProjectFolder() throws(ProjectCheckError) {
        if let problem = PathProblem.asFolder(projectDirectory) { throw .invalid(Self.explain(problem)) }
    }

    /// The one line for a project path that is not a readable folder; for a file, the command that checks it.
    static func explain(_ problem: PathProblem) -> String {
        guard case .isFile(let path) = problem else { return problem.description }
        let name = path.lowercased()
        let command: String
        if name.hasSuffix(".9.png") {
            command = "playprep ninepatch check \(path)"
        } else if name.hasSuffix(".apk") || name.hasSuffix(".aab") {
            command = "playprep artifact check \(path)"
        } else if name.hasSuffix(".txt") {
            command = "playprep listing check on its listing folder (fastlane/metadata/android, src/main/play)"
        } else if name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") || name.hasSuffix(".xml") {
            command = "playprep package check \(path), or playprep check on its project folder"
        } else {
            return "\(path): is a file; check takes a project folder"
        }
        return "\(path): is a file; check takes a project folder (for this file, run \(command))"
    }

    /// What the release looks like before anything is judged (`playprep plan`): an artifact that cannot be read
    /// is an error naming it.
    public func plan() throws(ProjectCheckError) -> ReleasePlan {
        try checkedProjectFolder()
        let configuration = try configuration()
        let artifactCheck = try artifact.map { file throws(ProjectCheckError) in
            if let problem = PathProblem.asFile(file) { throw .invalid(problem.description) }
            do {
                return try ArtifactChecker.today(
                    targetSdk: nil, expected: configuration.expectedApplicationID,
                    policy: configuration.targetAPIPolicy,
                    date: configuration.date
                ).check(path: file)
            } catch {
                throw .unreadable(file, reason: "\(error)")
            }
        }
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: projectDirectory)
        try refuseEmpty(inventory, configuration: configuration)
        let release = try configuration.since.map { reference throws(ProjectCheckError) in
            try Self.release(at: reference, of: projectDirectory)
        }
        defer { release?.remove() }
        return ProjectChecker(configuration: configuration, jobs: 1).plan(
            inventory, artifact: artifactCheck, since: release)
    }

    /// A folder with nothing `check` or `plan` reads is refused (a wrong path would pass), unless `allowsEmpty`.
    func refuseEmpty(_ inventory: ProjectInventory, configuration: ProjectConfiguration) throws(ProjectCheckError) {
        guard inventory.isEmpty && configuration.listingRoots.isEmpty && artifact == nil && !allowsEmpty else { return }
        throw .invalid(
            "nothing to check in \(projectDirectory) (looked for settings.gradle(.kts)/build.gradle(.kts), "
                + "listing folders, res/*/…9.png); --allow-empty accepts that")
    }
}
