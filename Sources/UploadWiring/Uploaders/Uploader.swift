public import AndroidBuild

/// One way a repository sends listings to Play, as a rule is one entry: its name, what it sends, small
/// repositories that show it (checked by one test over every entry), and how it is found. The next uploader is
/// one more entry in ``Uploader/all``.
public struct Uploader: Sendable {
    public var name: String
    /// Which parts of which tree it sends, in a sentence (for `docs/what-ships.md` and the tests).
    public var sends: String
    public var examples: [UploaderExample]
    let find: @Sendable (UploaderInput) -> [PlayUpload]

    init(
        _ name: String, sends: String, examples: [UploaderExample],
        find: @escaping @Sendable (UploaderInput) -> [PlayUpload]
    ) {
        self.name = name
        self.sends = sends
        self.examples = examples
        self.find = find
    }

    /// The uploads this entry finds in `input` (one a CI step read line by line starts is partial).
    public func uploads(in input: UploaderInput) -> [PlayUpload] { find(input).map(\.provenAsItsStepWasRead) }
}

/// A small repository (its files and their text) and the uploads an entry must find in it, as
/// ``PlayUpload/summary`` lines.
public struct UploaderExample: Sendable {
    public var title: String
    public var files: [String: String]
    public var uploads: [String]

    init(_ title: String, _ files: [String: String], finds uploads: [String]) {
        self.title = title
        self.files = files
        self.uploads = uploads
    }
}

/// What every uploader entry reads, gathered once: the CI commands (by job), each fastlane folder, the build, the
/// repository's files and what tells a live hand-run upload from a dead one.
public struct UploaderInput: Sendable {
    public var ci: ContinuousIntegration
    public var fastlane: [FastlaneFiles]
    public var build: AndroidBuildModel
    public var repository: ProjectFiles
    var liveness: LivenessReader
    /// Indices into `ci.commands` by job, in order.
    var jobs: [String: [Int]] = [:]

    public init(ci: ContinuousIntegration, build: AndroidBuildModel, repository: ProjectFiles) {
        self.ci = ci
        self.build = build
        self.repository = repository
        liveness = LivenessReader(build: build, documents: ReleaseDocuments(repository: repository), ci: ci)
        for (index, command) in ci.commands.enumerated() { jobs[command.job, default: []].append(index) }
        fastlane = Self.runFolders(repository).map { FastlaneFiles(runFolder: $0, repository: repository) }
    }

    /// Every folder holding a `fastlane/Fastfile` (or a `fastlane/Appfile`), relative to the project.
    private static func runFolders(_ repository: ProjectFiles) -> [String] {
        var folders = Set<String>()
        // Both names end in `file`, and so do the bytes of any path that ends in one (most files do not).
        for file in repository.walked where file.utf8.suffix(4).elementsEqual("file".utf8) {
            let relative = repository.relative(file)
            for name in ["fastlane/Fastfile", "fastlane/Appfile"]
            where relative == name || relative.hasSuffix("/" + name) {
                folders.insert(String(relative.dropLast(name.count)).trimming("/"))
            }
        }
        return folders.sorted()
    }

    /// The fastlane folder fastlane uses when run in `folder` (project-relative; `nil`: unknown, so any).
    func fastlaneFolders(runIn folder: String?) -> [FastlaneFiles] {
        guard let folder else { return fastlane }
        return fastlane.filter { $0.runFolder == FastlaneFiles.normalized(folder) }
    }

    /// The commands of `command`'s job that run before it, in order: the steps and the lines of the scripts they
    /// run (a script's commands come right after the step that runs it).
    func commands(before command: CICommand) -> [CICommand] {
        guard let position = ci.commands.firstIndex(of: command) else { return [] }
        return (jobs[command.job] ?? []).prefix { $0 < position }.map { ci.commands[$0] }
    }
}
