public import AndroidBuild
import FileAccess

/// Gathers the ``LivenessSign``s of an upload nobody's CI runs from the repository: the build (its applicationIds,
/// flavours and build types), the fastlane folder (Appfile, Gemfile, version pin, the lanes' `gradle` calls), the
/// documents that tell a maintainer what to run and the CI lines that name a lane without running it as read
/// (a file read line by line). The tree's own signs (its changelogs against the versionCode) are added by
/// ``treeSigns(newestChangelog:versionCodes:tree:)``.
public struct LivenessReader: Sendable {
    /// fastlane 2.100.0 came out in mid 2018: a Fastfile pinning an older minimum, with no Gemfile to bring a
    /// newer fastlane, has not been kept up for years.
    static let oldFastlaneCutOff = [2, 100, 0]
    /// A newest changelog this many versionCodes behind the build (and below 90% of it) is "far behind".
    static let farBehindCodes = 20

    var build: AndroidBuildModel
    var documents: ReleaseDocuments
    /// Every `fastlane <lane>` of a CI file (or a script one runs), read or read line by line.
    private var laneRuns: [FastlaneInvocation]

    public init(build: AndroidBuildModel, documents: ReleaseDocuments, ci: ContinuousIntegration) {
        self.build = build
        self.documents = documents
        laneRuns = ci.commands.filter { $0.origin != .unreferencedScript }.flatMap(FastlaneInvocation.all).filter {
            !$0.runsSupply && !$0.runsAction
        }
    }

    /// Every applicationId of the build's release variants, and of all its variants.
    private var releaseIDs: Set<String> {
        Set(build.applications.flatMap(\.releaseVariants).compactMap(\.applicationID.value))
    }
    private var allIDs: Set<String> {
        Set(build.applications.flatMap(\.variants).compactMap(\.applicationID.value))
    }

    /// The signs of supply called in lane `upload.lane` of `fastlane`, run from `entries` (the public lanes a
    /// person runs that reach it).
    func signs(of upload: FastlaneFiles.Upload, entries: [Int], in fastlane: FastlaneFiles) -> [ObservedSign] {
        var signs = [ObservedSign]()
        let lanes = Set(fastlane.lanesRun(from: entries))
        // Without a binary named, supply uploads every APK (AAB) the lane's `gradle` built.
        let sendsWhatIsBuilt =
            ["apk", "apk_paths", "aab", "aab_paths"].allSatisfy { upload.arguments[$0] == nil }
            && upload.arguments["skip_upload_apk"]?.literal != "true"
        let builds = fastlane.builds.filter { $0.lane.map(lanes.contains) == true }
        let sendsBinary =
            sendsWhatIsBuilt
            ? builds.contains { ($0.tasks ?? []).contains { $0.hasPrefix("assemble") || $0.hasPrefix("bundle") } }
            : ["apk", "apk_paths", "aab", "aab_paths"].contains { upload.arguments[$0] != nil }
        if let value = upload.arguments["package_name"]?.literal {
            signs += packageSigns(value, upload.evidence, sendsBinary: sendsBinary)
        } else if let appfile = fastlane.packageName {
            signs += packageSigns(appfile.value, appfile.evidence, sendsBinary: sendsBinary)
        }
        if let package = upload.arguments["package_name"]?.literal ?? fastlane.packageName?.value {
            signs += publisherSigns(package)
        }
        if let key = upload.arguments["json_key"] {
            signs += keySigns(key, upload.evidence, givenInTheCall: true)
        } else if let key = fastlane.jsonKeyFile {
            signs += keySigns(key.value, key.evidence, givenInTheCall: false)
        }
        for option in ["apk", "aab"] {
            guard let value = upload.arguments[option], let path = value.string else { continue }
            if Self.hasVariable(path) {
                signs.append(ObservedSign(.pathNotExpanded(path), upload.evidence))
            } else if let literal = value.literal, let sign = artifactSign(literal) {
                signs.append(ObservedSign(sign, upload.evidence))
            }
        }
        signs += toolSigns(fastlane)
        let package = upload.arguments["package_name"]?.literal ?? fastlane.packageName?.value
        for build in builds {
            for task in build.tasks ?? [] {
                if let sign = taskSign(task) { signs.append(ObservedSign(sign, build.evidence)) }
                if sendsWhatIsBuilt, let package, let other = otherPackageBuilt(by: task, than: package) {
                    signs.append(ObservedSign(.uploadsAnotherPackage(task: task, applicationID: other), build.evidence))
                }
            }
        }
        for entry in entries {
            if let line = documents.mentions(of: "fastlane", fastlane.lanes[entry].name) {
                signs.append(ObservedSign(.documented, line))
                break
            }
        }
        return signs + ciSigns(entries: entries, in: fastlane)
    }

    /// A CI line that runs one of `entries` of `fastlane` (in its folder, or where the folder is not known), though
    /// the lane was not reached as a CI run: the file was read line by line.
    private func ciSigns(entries: [Int], in fastlane: FastlaneFiles) -> [ObservedSign] {
        let named = laneRuns.first { run in
            (run.folder.map { FastlaneFiles.normalized($0) == fastlane.runFolder } ?? true)
                && !Set(fastlane.lanes(named: run.name, platform: run.platform)).isDisjoint(with: entries)
        }
        guard let run = named, let step = run.command.fullChain.first else { return [] }
        return [ObservedSign(.namedByCI(step.file), step)]
    }

    /// The signs of a `fastlane supply` command in a script nobody's CI runs: its options, then the fastlane
    /// folder it runs in.
    func signs(ofCommand options: (String) -> String?, script: String, evidence: Evidence, fastlane: FastlaneFiles?)
        -> [ObservedSign]
    {
        var signs = [ObservedSign]()
        // `fastlane supply` builds nothing: it sends a binary only when one is named.
        let sendsBinary = options("apk") != nil || options("aab") != nil
        if let name = options("package_name") {
            signs += packageSigns(name, evidence, sendsBinary: sendsBinary)
        } else if let appfile = fastlane?.packageName {
            signs += packageSigns(appfile.value, appfile.evidence, sendsBinary: sendsBinary)
        }
        // A shell expands the command line's `--json_key`: only a named key is a sign (of use).
        if let key = options("json_key") {
            signs += keySigns(RubyValue(text: "'\(key)'"), evidence, givenInTheCall: false)
        } else if let key = fastlane?.jsonKeyFile {
            signs += keySigns(key.value, key.evidence, givenInTheCall: false)
        }
        if let fastlane { signs += toolSigns(fastlane) }
        return signs + self.signs(ofScript: script)
    }

    /// The signs of a script a person runs: a document that tells them to.
    func signs(ofScript script: String) -> [ObservedSign] {
        documents.mentions(of: script).map { [ObservedSign(.documented, $0)] } ?? []
    }

    /// The tree's signs: its newest numbered changelog against the versionCodes of the release it belongs to.
    public static func treeSigns(newestChangelog: Int?, versionCodes: [Int], tree: String) -> [ObservedSign] {
        guard let newest = newestChangelog, let code = versionCodes.max() else { return [] }
        let evidence = Evidence(file: tree, line: 1, quote: "changelogs/\(newest).txt")
        if versionCodes.contains(newest) {
            return [ObservedSign(.currentReleaseNotes(versionCode: newest), evidence)]
        }
        if newest < code, code - newest >= farBehindCodes, newest * 10 < code * 9 {
            return [ObservedSign(.releaseNotesFarBehind(newest: newest, versionCode: code), evidence)]
        }
        return []
    }

    /// The package an upload names, against the build's applicationIds (nothing when the build shows none). A
    /// package no module builds kills only an upload that sends a binary: a listing alone may go to another app of
    /// the same account.
    private func packageSigns(_ name: String, _ evidence: Evidence, sendsBinary: Bool) -> [ObservedSign] {
        if releaseIDs.contains(name) { return [ObservedSign(.packageIsReleaseID(name), evidence)] }
        if sendsBinary, !allIDs.isEmpty, !allIDs.contains(name),
            !build.applications.contains(where: Self.hasUnknownID)
        {
            return [ObservedSign(.packageMatchesNoModule(name), evidence)]
        }
        return []
    }

    /// Gradle Play Publisher applied to an app module whose release applicationId is `package`.
    private func publisherSigns(_ package: String) -> [ObservedSign] {
        for module in build.applications
        where module.releaseVariants.contains(where: { $0.applicationID.value == package }) {
            guard let plugin = module.plugins.first(where: { $0.id == UploadEvidence.gradlePlayPublisherID }) else {
                continue
            }
            let file = plugin.location.file.droppingPrefix(build.root + "/").map(String.init) ?? plugin.location.file
            return [
                ObservedSign(
                    .gppPublishesTheApp(module.name), Evidence(file: file, line: plugin.location.line, quote: plugin.id)
                )
            ]
        }
        return []
    }

    private static func hasUnknownID(_ module: AndroidModule) -> Bool {
        module.variants.isEmpty || module.variants.contains { $0.applicationID.value == nil }
    }

    /// A key file named is a sign of use. An empty one, or one built from a variable, says nothing: the key comes at
    /// run time (`SUPPLY_JSON_KEY`, `SUPPLY_JSON_KEY_DATA` win over the Appfile's value), except a path Ruby does not
    /// expand given in the call itself, which nothing overrides: supply stops there.
    private func keySigns(_ value: RubyValue, _ evidence: Evidence, givenInTheCall: Bool) -> [ObservedSign] {
        guard let path = value.string, !path.trimmingWhitespace.isEmpty else { return [] }
        if Self.hasVariable(path) {
            return givenInTheCall ? [ObservedSign(.pathNotExpanded(path), evidence)] : []
        }
        return [ObservedSign(.keyFileNamed(path), evidence)]
    }

    /// The Gemfile that brings fastlane, or an old version pin without one.
    private func toolSigns(_ fastlane: FastlaneFiles) -> [ObservedSign] {
        if let gemfile = fastlane.gemfileLine { return [ObservedSign(.gemfileBringsFastlane, gemfile)] }
        if let pin = fastlane.versionPin {
            let numbers = pin.version.split(separator: ".").map { Int($0) ?? 0 }
            if numbers.lexicographicallyPrecedes(Self.oldFastlaneCutOff) {
                return [ObservedSign(.oldFastlanePin(pin.version), pin.evidence)]
            }
        }
        return []
    }

    /// A `$NAME` in a Ruby string: sent as written, since only the shell expands it.
    static func hasVariable(_ path: String) -> Bool {
        guard let dollar = path.firstIndex(of: "$") else { return false }
        let next = path.index(after: dollar)
        return next < path.endIndex && (path[next] == "{" || path[next].isLetter || path[next] == "_")
    }

    /// Whether a variant of the build writes `path` (`…/build/outputs/apk/<flavours>/<buildType>/…`,
    /// `…/build/outputs/bundle/<variant>/…`): only judged where every application module's variants were read.
    func artifactSign(_ path: String) -> LivenessSign? {
        guard let written = variantsWriting(path), written.isEmpty else { return nil }
        return .artifactOfMissingVariant(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    /// The variants that write `path` (`…/build/outputs/apk/<flavours>/<buildType>/…`,
    /// `…/build/outputs/bundle/<variant>/…`; any variant for another kind of output); `nil` when it is no output
    /// path or the variants of the application modules were not all read.
    func variantsWriting(_ path: String) -> [BuildVariant]? {
        let segments = path.split(separator: "/").map(String.init)
        guard let outputs = segments.firstIndex(of: "outputs"), outputs >= 1, segments[outputs - 1] == "build",
            outputs + 3 < segments.count
        else { return nil }
        let kind = segments[outputs + 1]
        let folders = Array(segments[(outputs + 2)..<(segments.count - 1)])
        let modules = build.applications
        guard !modules.isEmpty, modules.allSatisfy({ $0.buildFile != nil && !$0.variants.isEmpty }) else { return nil }
        return modules.flatMap { module in
            module.variants.filter { variant in
                switch kind {
                case "apk":
                    folders == (variant.flavors.isEmpty ? [] : [variant.flavors.joined()]) + [variant.buildType]
                        || folders.map { $0.lowercased() } == [
                            variant.flavors.joined().lowercased(), variant.buildType,
                        ]
                case "bundle": folders == [variant.name]
                default: true
                }
            }
        }
    }

    /// What Gradle Play Publisher's task names add after the variant (`publishProReleaseBundle`).
    private static let publishingSuffixes = [
        "Apk", "Bundle", "Listing", "ReleaseNotes", "Apps", "Artifact", "Products",
    ]

    /// An applicationId other than `package` among the variants an `assemble…`/`bundle…` task builds
    /// (`assembleRelease` builds the release variant of every flavour, `.beta` and `.dev` ones too); `nil` when it
    /// builds none or playprep cannot say.
    func otherPackageBuilt(by task: String, than package: String) -> String? {
        guard let built = variantsBuilt(by: task), ["assemble", "bundle"].contains(built.verb),
            !["AndroidTest", "UnitTest"].contains(where: task.hasSuffix)
        else { return nil }
        return built.variants.lazy.compactMap(\.applicationID.value).first { $0 != package }
    }

    /// Whether the build has `task` (`assemblePlayRelease`, `:app:bundleRelease`, GPP's `publishReleaseApk`): only
    /// `assemble…`, `bundle…`, `publish…` and `promote…` tasks of a variant of application modules whose variants
    /// were read are judged; `nil` when it cannot say.
    func taskSign(_ task: String) -> LivenessSign? {
        guard let built = variantsBuilt(by: task) else { return nil }
        return built.variants.isEmpty ? .taskMissing(built.name) : .taskExists(built.name)
    }

    /// The verb of `task`, its name without the module path, and the variants of the application modules it
    /// names that it builds (none: the build lacks it); `nil` when it is no variant task or the variants of those
    /// modules were not all read.
    func variantsBuilt(by task: String) -> (verb: String, name: String, variants: [BuildVariant])? {
        var name = Substring(task)
        var modulePath: String?
        if let colon = name.lastIndex(of: ":") {
            modulePath = String(name[..<colon])
            name = name[name.index(after: colon)...]
        }
        guard let verb = ["assemble", "bundle", "publish", "promote"].first(where: { name.hasPrefix($0) }) else {
            return nil
        }
        var rest = String(name.dropFirst(verb.count))
        let suffixes = verb == "publish" || verb == "promote" ? Self.publishingSuffixes : ["AndroidTest", "UnitTest"]
        for suffix in suffixes where rest.hasSuffix(suffix) {
            rest = String(rest.dropLast(suffix.count))
            break
        }
        guard !rest.isEmpty else { return nil }
        let modules = build.applications.filter { module in
            modulePath.map { $0.isEmpty || $0 == module.gradlePath } ?? true
        }
        guard !modules.isEmpty, modules.allSatisfy({ $0.buildFile != nil && !$0.variants.isEmpty }) else { return nil }
        let wanted = rest.lowercased()
        let built = modules.flatMap { module in
            module.variants.filter { variant in
                let flavours = variant.flavors.joined()
                return [variant.name, flavours, variant.buildType].contains { $0.lowercased() == wanted }
                    || variant.flavors.contains { $0.lowercased() == wanted }
            }
        }
        return (verb, String(name), built)
    }
}

/// The repository's documents that tell a maintainer how to release (README, RELEASING, CONTRIBUTING, docs/),
/// read once: the first line that names a command.
public struct ReleaseDocuments: Sendable {
    /// Lines of the documents, each with its file and number, lowercased.
    private var lines: [(text: String, evidence: Evidence)] = []

    /// Issue and merge-request templates (release checklists), in folders the project walk skips.
    private static let templateFolders = [".github/ISSUE_TEMPLATE", ".github", ".gitlab/issue_templates"]

    /// Markdown and text files at the project root and in `docs/`, and the issue templates (at most `limit`
    /// files), those whose name says release first.
    public init(repository: ProjectFiles, limit: Int = 64) {
        var candidates = repository.walked.map(repository.relative).filter { path in
            // Most files lie deeper: they are passed over before their path is lowercased.
            let depth = path.pathComponentCount
            guard depth == 1 || depth == 2 else { return false }
            let lower = path.lowercased()
            return (lower.hasSuffix(".md") || lower.hasSuffix(".txt") || lower.hasSuffix(".rst"))
                && (depth == 1 || lower.hasPrefix("docs/")) && !lower.contains("changelog")
        }.sorted()
        for folder in Self.templateFolders where repository.hasFolder(folder) {
            var found = [String]()
            FolderWalker(skippedFolderNames: [], followedLinks: .none).visitFiles(
                under: repository.path(folder),
                where: { name in [".md", ".yml", ".yaml"].contains { name.lowercased().hasSuffix($0) } }
            ) { found.append(repository.relative($0)) }
            // `.github` itself: only the files directly in it (its workflows are CI, read elsewhere).
            candidates += found.filter { folder != ".github" || $0.split(separator: "/").count == 2 }.sorted()
        }
        // A release document or checklist (`RELEASING.md`, `.github/ISSUE_TEMPLATE/release.yml`) says it best.
        let releasing = candidates.filter { $0.lowercased().contains("releas") }
        candidates = releasing + candidates.filter { !releasing.contains($0) }
        for file in candidates.prefix(limit) {
            guard case .success(let text) = repository.text(file) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("fastlane") || line.contains(".sh") || line.contains("gradlew") {
                lines.append((line.lowercased(), Evidence(file: file, line: index + 1, quote: String(line))))
            }
        }
    }

    /// The first line naming `words` in that order, separated by spaces (`fastlane deploy`, `fastlane android
    /// deploy`), or naming a script.
    func mentions(of words: String...) -> Evidence? {
        let wanted = words.map { $0.lowercased() }
        for line in lines {
            let tokens = line.text.split(whereSeparator: { " \t`'\"()".contains($0) }).map(String.init)
            if wanted.count == 1 {
                if tokens.contains(where: { $0 == wanted[0] || $0.hasSuffix("/" + wanted[0]) }) { return line.evidence }
                continue
            }
            for index in tokens.indices where tokens[index] == wanted[0] {
                var rest = tokens[(index + 1)...].drop { ["android", "ios"].contains($0) }
                if Array(rest.prefix(wanted.count - 1)) == Array(wanted.dropFirst()) { return line.evidence }
                rest = []
            }
        }
        return nil
    }
}
