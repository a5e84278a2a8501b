public import AndroidBuild
public import PlayListingKit

/// How strongly the repository shows that a listing tree is uploaded to Google Play. Play's rules make errors
/// only when the upload is shown.
public enum PlayProof: String, Sendable, Hashable, Codable {
    /// A CI step runs the uploader on it, GPP is applied to the module that owns it, or playprep.yml says so.
    case shown
    /// An uploader exists but nothing shown runs it (a lane no workflow runs, a script run by hand, a reusable
    /// workflow of another repository), or a step rewrites the tree before uploading it.
    case partial
    /// Nothing in the repository sends it to Play.
    case none
}

/// Who reads a listing tree and why, from the repository alone.
public struct ListingReaders: Sendable, Hashable {
    public var proof: PlayProof
    /// The store whose rules judge it: Play when the upload is shown or partly shown, else F-Droid.
    public var store: ListingStore
    /// In a few words: `Play via supply`, `F-Droid (Triple-T layout)`.
    public var reason: String
    /// The lines that show it, most telling first.
    public var evidence: [Evidence]
    /// What Play receives of the tree (supply's `skip_upload_*`, `SUPPLY_SKIP_*`, an action that sends notes only).
    public var parts: UploadedParts
    /// The only locale folders sent, when an upload sends some (a step copying `en-US`'s newest changelog); `nil`:
    /// every locale.
    public var locales: [String]? = nil

    public init(
        proof: PlayProof, store: ListingStore, reason: String, evidence: [Evidence], parts: UploadedParts,
        locales: [String]? = nil
    ) {
        self.proof = proof
        self.store = store
        self.reason = reason
        self.evidence = evidence
        self.parts = parts
        self.locales = locales
    }
}

/// Finds, for each listing tree, the CI steps, Fastfile lanes and Gradle plugins that upload it.
public struct UploadEvidence: Sendable {
    var ci: ContinuousIntegration

    public init(ci: ContinuousIntegration) { self.ci = ci }

    /// One `fastlane …` invocation: the platform when named, the lane (or `supply`), its other words, and the
    /// command.
    struct FastlaneRun: Sendable {
        var platform: String?
        var lane: String
        var arguments: [String]
        var command: CICommand
    }

    var fastlaneRuns: [FastlaneRun] {
        ci.commands.compactMap { command in
            let words = command.words
            guard let index = words.firstIndex(where: { $0 == "fastlane" || $0.hasSuffix("/fastlane") }),
                index == 0 || !["cd", "install", "-C", "pushd"].contains(words[index - 1])
            else { return nil }
            var rest = Array(words[(index + 1)...])
            var platform: String?
            if let first = rest.first, ["android", "ios", "mac"].contains(first) {
                platform = first
                rest.removeFirst()
            }
            if rest.first == "run" { rest.removeFirst() }
            guard let lane = rest.first, lane.first?.isLetter == true,
                lane.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            return FastlaneRun(
                platform: platform, lane: lane, arguments: Array(rest.dropFirst()), command: command)
        }
    }

    /// Gradle Play Publisher tasks a command runs (`publishBundle`, `:app:publishPlayReleaseBundle`).
    var gppTasks: [(task: String, command: CICommand)] {
        ci.commands.flatMap { command -> [(task: String, command: CICommand)] in
            let words = command.words
            guard
                words.contains(where: {
                    $0.hasSuffix("gradlew") || $0 == "gradle" || $0.hasSuffix("gradle-build-action")
                })
            else { return [] }
            return words.compactMap { word in
                let task = String(word.split(separator: ":").last ?? "")
                guard task.hasPrefix("publish"),
                    ["Bundle", "Apk", "Listing", "Apps", "ReleaseNotes", "Products"].contains(where: task.hasSuffix)
                else { return nil }
                return (task, command)
            }
        }
    }

    /// The parts `SUPPLY_SKIP_UPLOAD_*` variables in a command's environment leave out.
    static func skippedByEnvironment(_ command: CICommand) -> (UploadedParts, [String]) {
        let names: [(String, UploadedParts)] = [
            ("SUPPLY_SKIP_UPLOAD_METADATA", .text), ("SUPPLY_SKIP_UPLOAD_CHANGELOGS", .changelogs),
            ("SUPPLY_SKIP_UPLOAD_IMAGES", .images), ("SUPPLY_SKIP_UPLOAD_SCREENSHOTS", .screenshots),
        ]
        var skipped = UploadedParts()
        var set = [String]()
        for (name, part) in names where ["true", "1", "yes"].contains(command.environment[name]?.lowercased() ?? "") {
            skipped.insert(part)
            set.append("\(name): \(command.environment[name] ?? "")")
        }
        return (skipped, set)
    }

    /// A command of the same job, before `command`, that deletes or moves files of the tree at `tree`.
    private func rewrite(of tree: String, before command: CICommand) -> CICommand? {
        ci.commands.first { other in
            other.job == command.job && other.evidence.file == command.evidence.file
                && other.evidence.line < command.evidence.line && other.text.contains(tree)
                && other.words.contains { ["rm", "mv", "git-rm"].contains($0) }
        }
    }

    /// The readers of a fastlane tree. `tree` is its path relative to the folder fastlane runs in (as a
    /// `metadata_path`), `relativeTree` relative to the project; `fastfile` is the Fastfile's project path.
    public func fastlaneReaders(
        tree: String, relativeTree: String, fastlane: FastlaneFiles, fastfile: String, appfile: String
    ) -> ListingReaders {
        // Every uploader found; the strongest proof wins, and uploaders with equal proof add up.
        var best: ListingReaders?
        func consider(_ candidate: ListingReaders) {
            let rank: [PlayProof: Int] = [.shown: 2, .partial: 1, PlayProof.none: 0]
            guard let current = best, rank[candidate.proof, default: 0] <= rank[current.proof, default: 0] else {
                best = candidate
                return
            }
            guard candidate.proof == current.proof else { return }
            if !current.reason.contains(candidate.reason) {
                best?.reason += "; " + candidate.reason
            }
            // A few lines show it; a Fastfile with thousands of calls adds nothing past them.
            best?.evidence += candidate.evidence.filter { !current.evidence.contains($0) }.prefix(
                max(0, 6 - current.evidence.count))
            best?.parts.formUnion(candidate.parts)
        }
        let runs = fastlaneRuns
        for run in runs where run.lane == "supply" || run.lane == "upload_to_play_store" {
            let path = Self.option("metadata_path", in: run.arguments) ?? "fastlane/metadata/android"
            guard
                FastlaneFiles.normalized(path) == FastlaneFiles.normalized(tree)
                    || relativeTree.hasSuffix(FastlaneFiles.normalized(path))
            else { continue }
            var parts = UploadedParts.all
            for (option, part) in [
                ("skip_upload_metadata", UploadedParts.text), ("skip_upload_changelogs", .changelogs),
                ("skip_upload_images", .images), ("skip_upload_screenshots", .screenshots),
            ] where Self.option(option, in: run.arguments).map({ $0 == "true" || $0.isEmpty }) ?? false {
                parts.remove(part)
            }
            consider(readers(for: run.command, parts: parts, tree: relativeTree, extra: [], what: "Play via supply"))
        }
        for upload in fastlane.uploads(ofTreeAt: tree) {
            let uploadLine = Evidence(file: fastfile, line: upload.line, quote: upload.quote)
            let runners = upload.lane.map(fastlane.lanesRunning) ?? []
            var ran = false
            for run in runs
            where runners.contains(where: {
                FastlaneFiles.command(name: run.lane, platform: run.platform, runs: $0)
            }) {
                ran = true
                consider(
                    readers(
                        for: run.command, parts: upload.parts, tree: relativeTree, extra: [uploadLine],
                        what: "Play via supply (lane \(run.lane))"))
            }
            if !ran {
                let reason =
                    upload.lane.map {
                        "Play via supply if someone runs lane `\($0.name)` (no CI workflow or script runs it)"
                    }
                    ?? "Play via supply if someone runs the Fastfile (no CI workflow or script runs fastlane)"
                consider(
                    ListingReaders(
                        proof: .partial, store: .play, reason: reason,
                        evidence: [uploadLine], parts: upload.parts))
            }
        }
        if best == nil, let key = fastlane.jsonKeyLine, !runs.isEmpty {
            consider(
                ListingReaders(
                    proof: .partial, store: .play,
                    reason: "Play via fastlane lanes playprep cannot read (the Appfile names a Play key)",
                    evidence: [Evidence(file: appfile, line: key.line, quote: key.quote)]
                        + runs.prefix(1).map(\.command.evidence),
                    parts: .all))
        }
        if best == nil, let reusable = ci.reusableWorkflows.first {
            consider(
                ListingReaders(
                    proof: .partial, store: .play, reason: "Play via a workflow of another repository",
                    evidence: [reusable], parts: .all))
        }
        if let action = whatsNewUpload(of: relativeTree), best?.proof != .shown {
            consider(action)
        }
        return best
            ?? ListingReaders(
                proof: .none, store: .fdroid, reason: "F-Droid (nothing in the repository uploads it to Play)",
                evidence: [], parts: [.text, .changelogs])
    }

    /// An upload action (`r0adkll/upload-google-play`) whose `whatsNewDirectory` a step of its job fills from
    /// the tree's changelogs: Play receives those release notes only.
    private func whatsNewUpload(of relativeTree: String) -> ListingReaders? {
        for (action, fill) in whatsNewFills() {
            guard let locales = Self.changelogLocales(in: fill.text, tree: relativeTree) else { continue }
            return ListingReaders(
                proof: .shown, store: .play,
                reason: "Play via \(action.action ?? "an upload action") (release notes only: the newest changelog"
                    + (locales.isEmpty ? ")" : " of \(locales.joined(separator: ", ")))"),
                evidence: [action.evidence, fill.evidence], parts: [.changelogs],
                locales: locales.isEmpty ? nil : locales)
        }
        return nil
    }

    /// Each upload action with a `whatsNewDirectory` and the commands of its job that name changelogs, when the
    /// job also names that directory: the steps that fill it.
    private func whatsNewFills() -> [(action: CICommand, fill: CICommand)] {
        ci.commands.filter { $0.action?.hasPrefix("r0adkll/upload-google-play") == true }.flatMap { action in
            guard let directory = action.inputs["whatsNewDirectory"].map(FastlaneFiles.normalized) else {
                return [(action: CICommand, fill: CICommand)]()
            }
            let job = ci.commands.filter { $0.job == action.job }
            guard job.contains(where: { $0.action == nil && $0.text.contains(directory) }) else { return [] }
            return job.filter { $0.text.contains("changelogs") }.map { (action, $0) }
        }
    }

    /// Trees that an upload step names by a path built at run time (`app-metadata/${APPLICATION_ID}/en-US/
    /// changelogs/…`): the folders of `files` (below `root`) that fit the path and hold `<locale>/changelogs/`.
    public func treesNamedAtRunTime(files: [String], root: String) -> [String] {
        var trees = [String]()
        for (_, fill) in whatsNewFills() {
            for (pattern, _) in Self.changelogPaths(in: fill.text) where pattern.contains("$") {
                let literal = pattern.prefix { $0 != "$" }
                guard literal.hasSuffix("/") else { continue }
                for file in files where file.hasPrefix(root + "/" + literal) {
                    let rest = file.dropFirst(root.count + 1 + literal.count).split(separator: "/")
                    guard rest.count > 3, rest[2] == "changelogs" else { continue }
                    let tree = String(literal) + rest[0]
                    if Self.fits(tree, pattern: pattern), !trees.contains(root + "/" + tree) {
                        trees.append(root + "/" + tree)
                    }
                }
            }
        }
        return trees
    }

    /// The locales whose changelogs `text` copies from `tree` (`<tree>/<locale>/changelogs`, the tree written
    /// out or with `${VARIABLE}`/`$VARIABLE` for a segment); `nil` when `text` does not name the tree.
    static func changelogLocales(in text: String, tree: String) -> [String]? {
        let named = changelogPaths(in: text).filter { fits(tree, pattern: $0.tree) }.map(\.locale)
        guard text.contains(tree) || !named.isEmpty else { return nil }
        var locales = [String]()
        for locale in named where !locales.contains(locale) { locales.append(locale) }
        return locales
    }

    /// `(tree, locale)` of every `<tree>/<locale>/changelogs` path among the words of `text`.
    private static func changelogPaths(in text: String) -> [(tree: String, locale: String)] {
        text.split(whereSeparator: { " \t\"'=(),;|&<>".contains($0) }).compactMap { word in
            guard let changelogs = word.range(of: "/changelogs") else { return nil }
            var parts = word[..<changelogs.lowerBound].split(separator: "/", omittingEmptySubsequences: false)
            // The checkout folder in front of a relative path: `./`, `$GITHUB_WORKSPACE/`, `${{ github.workspace }}/`.
            while let first = parts.first, workspacePrefixes.contains(String(first)) { parts.removeFirst() }
            guard parts.count > 1, let locale = parts.last else { return nil }
            return (parts.dropLast().joined(separator: "/"), String(locale))
        }
    }

    /// What CI configurations write for the checkout folder before a path relative to it (`}}` ends
    /// `${{ github.workspace }}`, split at its spaces).
    private static let workspacePrefixes: Set<String> = [
        ".", "}}", "$GITHUB_WORKSPACE", "${GITHUB_WORKSPACE}", "$CI_PROJECT_DIR", "${CI_PROJECT_DIR}", "$PWD", "${PWD}",
    ]

    /// Whether `tree` is `pattern` with each `${NAME}`/`$NAME` segment standing for one folder name.
    private static func fits(_ tree: String, pattern: String) -> Bool {
        let names = tree.split(separator: "/", omittingEmptySubsequences: false)
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        return names.count == segments.count
            && zip(names, segments).allSatisfy { name, segment in segment == name || segment.hasPrefix("$") }
    }

    /// Readers for an uploader that `command` runs: shown from CI, partial from a script nothing runs or after a
    /// step that rewrites the tree.
    private func readers(for command: CICommand, parts: UploadedParts, tree: String, extra: [Evidence], what: String)
        -> ListingReaders
    {
        let (skipped, settings) = Self.skippedByEnvironment(command)
        var evidence = [command.evidence]
        var proof = PlayProof.shown
        var reason = what
        switch command.origin {
        case .ci: break
        case .script(let ranBy): evidence.insert(ranBy, at: 0)
        case .unreferencedScript:
            proof = .partial
            reason += ", from a script no CI configuration runs"
        }
        if !settings.isEmpty { reason += " with " + settings.joined(separator: ", ") }
        if let rewrite = rewrite(of: tree, before: command) {
            proof = .partial
            reason += "; a step rewrites the tree first"
            evidence.append(rewrite.evidence)
        }
        return ListingReaders(
            proof: proof, store: .play, reason: reason, evidence: evidence + extra, parts: parts.subtracting(skipped))
    }

    /// The readers of a GPP folder owned by `module` (nil when no module owns it).
    /// `mention` is a line of the module's build file naming the plugin where playprep did not see it applied
    /// (under a condition it cannot evaluate).
    /// `evidence` makes the evidence of a plugin applied where the module's build file applies it.
    public func gppReaders(module: AndroidModule?, mention: Evidence?, evidence: (AppliedPlugin) -> Evidence)
        -> ListingReaders
    {
        let tasks = gppTasks.map(\.command.evidence)
        if let plugin = module?.plugins.first(where: { $0.id == "com.github.triplet.play" }) {
            let via = plugin.via.map { " (applied by the convention plugin \($0))" } ?? ""
            return ListingReaders(
                proof: .shown, store: .play, reason: "Play via GPP" + via,
                evidence: [evidence(plugin)] + tasks.prefix(1),
                parts: .all)
        }
        if let task = tasks.first {
            return ListingReaders(
                proof: .partial, store: .play,
                reason:
                    "Play via GPP if the plugin is applied (a workflow runs its task; playprep did not see it applied)",
                evidence: [task] + (mention.map { [$0] } ?? []), parts: .all)
        }
        if let mention {
            return ListingReaders(
                proof: .none, store: .fdroid,
                reason: "F-Droid (Triple-T layout; the build names com.github.triplet.play but applies it only under "
                    + "a condition playprep does not evaluate, and no CI step runs a GPP task)",
                evidence: [mention], parts: [.text, .changelogs])
        }
        return ListingReaders(
            proof: .none, store: .fdroid,
            reason: "F-Droid (Triple-T layout; no module applies com.github.triplet.play)", evidence: [],
            parts: [.text, .changelogs])
    }

    /// `--name value`, `--name=value`, `name:value` among a command's words (`""` for a bare `--name`).
    private static func option(_ name: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == "--" + name {
                return index + 1 < words.count && !words[index + 1].hasPrefix("-") ? words[index + 1] : ""
            }
            for prefix in ["--\(name)=", "\(name):"] where word.hasPrefix(prefix) {
                return String(word.dropFirst(prefix.count)).trimming("\"'")
            }
        }
        return nil
    }

}
