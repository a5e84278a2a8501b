public import AndroidBuild
public import PlayListingKit

/// How strongly the repository shows that a listing tree is uploaded to Google Play. Play's rules make errors
/// only when the upload is shown or live.
public enum PlayProof: String, Sendable, Hashable, Codable, Comparable {
    /// A CI step runs the uploader on it, GPP is applied to the module that owns it, or playprep.yml says so.
    case shown
    /// No CI runs it, but a person does: the uploader's signs show it is used (``Liveness/live(_:)``).
    case live
    /// An uploader exists but the repository does not say whether it is used (a lane whose signs do not decide,
    /// a workflow of another repository, lanes it cannot read, a step that rewrites the tree in a way playprep
    /// does not follow).
    case partial
    /// Nothing in the repository sends it to Play (or only uploads that cannot work: dead).
    case none

    public static func < (left: PlayProof, right: PlayProof) -> Bool { left.rank < right.rank }

    /// Stronger proof first.
    public var rank: Int {
        switch self {
        case .shown: 3
        case .live: 2
        case .partial: 1
        case .none: 0
        }
    }
}

/// One uploader of a tree and what it proves: the parts it sends, how strongly, and the lines that show it.
public struct PartSender: Sendable, Hashable, Codable {
    /// In a few words: `supply (lane nightly)`, `hand-run lane \`deploy\``.
    public var what: String
    public var parts: [String]
    public var proof: PlayProof
    /// Why the proof is what it is: the liveness signs of a hand-run upload, a step that rewrites the tree.
    public var why: String
    public var evidence: [Evidence]
    /// Live, dead or undecided, for an upload no CI runs.
    public var liveness: Liveness?
}

/// Who reads a listing tree and why, from the repository alone.
public struct ListingReaders: Sendable, Hashable {
    public var proof: PlayProof
    /// The store whose rules judge it: Play when an upload is shown, live or undecided, else F-Droid.
    public var store: ListingStore
    /// In a few words: `Play via supply`, `F-Droid (Triple-T layout)`.
    public var reason: String
    /// The lines that show it, most telling first.
    public var evidence: [Evidence]
    /// What Play receives of the tree (supply's `skip_upload_*`, `SUPPLY_SKIP_*`, an action that sends notes only).
    public var parts: UploadedParts
    /// The only locale folders sent, when an upload sends some (a step copying `en-US`'s newest changelog, a step
    /// deleting the others first); `nil`: every locale.
    public var locales: [String]? = nil
    /// Every uploader found for the tree, the strongest first (dead ones last): which part each proves.
    public var senders: [PartSender] = []
    /// The locale folders the shown and live uploads send (`nil`: all): Play's refusals there are errors.
    public var provenLocales: [String]? = nil
    /// Files a step copies into the tree before uploading it: their path in the tree → the project file that is
    /// sent there (relative to the project), judged as the uploader's files.
    public var copies: [String: String] = [:]

    public init(
        proof: PlayProof, store: ListingStore, reason: String, evidence: [Evidence], parts: UploadedParts,
        locales: [String]? = nil, senders: [PartSender] = []
    ) {
        self.proof = proof
        self.store = store
        self.reason = reason
        self.evidence = evidence
        self.parts = parts
        self.locales = locales
        self.senders = senders
    }

    /// The parts a shown or live upload sends: Play's refusals there are errors.
    public var provenParts: UploadedParts {
        guard store == .play else { return [] }
        if senders.isEmpty { return proof == .shown || proof == .live ? parts : [] }
        return senders.filter { $0.proof == .shown || $0.proof == .live }.reduce(into: UploadedParts()) {
            $0.formUnion(UploadedParts(names: $1.parts))
        }
    }

    /// The uploads that cannot work or were abandoned: the reason the tree is not Play's.
    public var deadSenders: [PartSender] {
        senders.filter { if case .dead? = $0.liveness { true } else { false } }
    }
}

/// Finds, for each listing tree, the uploads that send it (``Uploader/all`` over the repository) and what
/// proves each: a CI step, a hand-run lane's liveness, or nothing the repository can decide.
public struct UploadEvidence: Sendable {
    public var input: UploaderInput
    /// Every upload found, by every uploader.
    public private(set) var uploads: [PlayUpload] = []

    public init(input: UploaderInput, uploaders: [Uploader] = Uploader.all) {
        self.input = input
        uploads = uploaders.flatMap { $0.uploads(in: input) }
    }

    /// What was not read: CI files, includes and scripts (`ContinuousIntegration.unread`), Fastfile imports that
    /// could not be followed, and the trees supply calls send from a path built when the lane runs.
    public var unread: [UnreadWiring] {
        input.ci.unread + input.fastlane.flatMap(\.unread) + runtimeTrees + apiScriptFolders
    }

    /// The folders a Play Developer API script sends in a layout of its own (not fastlane's): named, not judged.
    private var apiScriptFolders: [UnreadWiring] {
        PlayDeveloperAPIScript.scripts(run: input.ci, in: input.repository).flatMap { _, path, script in
            script.otherFolders.map { folder in
                UnreadWiring(
                    file: folder, what: "listing sent by the Play Developer API script \(path)",
                    why: .notRead("a layout other than fastlane's"), referencedBy: script.call)
            }
        }
    }

    /// Each supply call whose `metadata_path` is code (`"./fastlane/#{build_config_name}/metadata"`) that no CI
    /// run's lane options resolve: the tree it sends (often generated by a step before it) is named as not read.
    private var runtimeTrees: [UnreadWiring] {
        input.fastlane.flatMap(\.uploads).compactMap { upload in
            guard let path = upload.arguments["metadata_path"], path.literal == nil,
                !uploads.contains(where: { $0.resolvesMetadataPath && $0.evidence.last == upload.evidence })
            else { return nil }
            return UnreadWiring(
                file: path.text, what: "listing tree of supply's metadata_path", why: .builtAtRunTime,
                referencedBy: upload.evidence)
        }
    }

    /// The fastlane folders read (their Fastfile paths), for the plan.
    public var fastfiles: [String] { input.fastlane.filter(\.hasFastfile).flatMap(\.files) }

    /// Trees uploads name that the walk does not recognise as listings (a `metadata_path` whose locale folders sit
    /// directly under it, a tree named with `${APPLICATION_ID}`), relative to the project: each folder that
    /// exists and holds at least one locale-named folder with files.
    public func namedTrees() -> [String] {
        var trees = [String]()
        var seen = Set<String>()
        for upload in uploads {
            switch upload.tree {
            case .metadataFolder(let path):
                if seen.insert(path).inserted, input.repository.hasFolder(path) { trees.append(path) }
            case .copiedNotes(let pattern, _):
                guard seen.insert(pattern).inserted else { continue }
                if !pattern.contains("$") {
                    if input.repository.hasFolder(pattern) { trees.append(pattern) }
                    continue
                }
                trees += input.repository.folders(fitting: pattern).filter { !trees.contains($0) }
            case .whatsNewFolder(let folder):
                if seen.insert(folder).inserted { trees.append(folder) }
            case .gppModule, .unnamed, .artifactOnly: continue
            }
        }
        return trees
    }

    /// The readers of a fastlane-layout tree (relative to the project): its committed locale folders, the
    /// versionCodes of the release it belongs to and its newest numbered changelog decide hand-run uploads'
    /// liveness and what a rewriting step leaves.
    public func fastlaneReaders(tree: String, locales: [String], versionCodes: [Int], newestChangelog: Int?)
        -> ListingReaders
    {
        let treeSigns = LivenessReader.treeSigns(
            newestChangelog: newestChangelog, versionCodes: versionCodes, tree: tree)
        var named = [PlayUpload]()
        var unnamed = [PlayUpload]()
        for upload in uploads {
            switch upload.tree {
            case .metadataFolder(let path) where path == tree: named.append(upload)
            case .whatsNewFolder(let folder) where folder == tree: named.append(upload)
            case .copiedNotes(let pattern, _) where ProjectFiles.fits(tree, pattern: pattern): named.append(upload)
            case .unnamed: unnamed.append(upload)
            default: continue
            }
        }
        var senders = [SentBy]()
        for upload in named { senders += self.senders(upload, tree: tree, locales: locales, treeSigns: treeSigns) }
        if !senders.contains(where: { $0.sender.proof != .none }) {
            senders += unnamed.flatMap { self.senders($0, tree: tree, locales: locales, treeSigns: treeSigns) }
        }
        let unread = self.unread
        return Self.readers(
            senders,
            empty: unread.isEmpty
                ? "F-Droid (nothing in the repository uploads it to Play)"
                : "F-Droid (no upload to Play found in what was read; not read: "
                    + unread.prefix(2).map(\.description).joined(separator: "; ")
                    + (unread.count > 2 ? " and \(unread.count - 2) more" : "") + ")")
    }

    /// One upload's part in a tree: what it proves, the locale folders it sends (`nil`: all) and the files a step
    /// copied into the tree before it (path in the tree → project file).
    struct SentBy: Sendable {
        var sender: PartSender
        var locales: [String]?
        var copies: [String: String] = [:]
    }

    /// What one upload proves for `tree`: one sender, or two when a step before it changes some parts in a way
    /// playprep does not follow (those parts are then only partly proven).
    func senders(_ upload: PlayUpload, tree: String, locales: [String], treeSigns: [ObservedSign]) -> [SentBy] {
        var proof = PlayProof.shown
        var unfollowed: (step: Evidence, parts: UploadedParts)?
        var liveness: Liveness?
        // Variables of the CI step are said; a call's own skip options are on the line quoted as evidence.
        let variables = upload.settings.filter { $0.hasPrefix("SUPPLY_") || $0.hasPrefix("lane option ") }
        var why = variables.isEmpty ? "" : "with " + variables.joined(separator: ", ")
        var evidence = upload.evidence
        var what = upload.what
        var sent: [String]?
        var copies = [String: String]()
        // The steps that rewrite the tree come after the proof of the upload itself.
        var rewriting = [Evidence]()
        if case .copiedNotes(_, let copied) = upload.tree, !copied.isEmpty { sent = copied }
        if case .whatsNewFolder(let folder) = upload.tree {
            let locales = WhatsNewFolder.locales(in: folder, repository: input.repository)
            sent = locales
            copies = WhatsNewFolder.asChangelogs(folder, locales: locales)
        }
        if case .metadataFolder = upload.tree, let command = upload.command {
            let steps = input.commands(before: command)
            // The repository's files, to follow a folder or a glob copied into the tree (only then listed).
            let copiesIn = steps.contains { step in step.fileOperations.contains { $0.kind == .copy } }
            let files = copiesIn ? input.repository.walked.map(input.repository.relative) : []
            switch TreeAsSent.outcome(of: tree, locales: locales, steps: steps, files: files) {
            case .unchanged: break
            case .kept(let kept, let copied, let steps):
                sent = kept
                copies = copied
                let removed = locales.filter { !kept.contains($0) }
                if !removed.isEmpty {
                    why = join(why, "a step removes " + removed.joined(separator: ", ") + " first")
                }
                if !copied.isEmpty {
                    let names = copied.keys.sorted()
                    why = join(
                        why,
                        "a step copies " + names.prefix(5).joined(separator: ", ")
                            + (names.count > 5 ? " and \(names.count - 5) more" : "") + " into it first")
                }
                rewriting = steps
            case .unknown(let step, let parts):
                unfollowed = (step, parts.intersection(upload.parts))
            }
        }
        switch upload.trigger {
        case .ci: break
        case .byHand(let run):
            // How current the tree's changelogs are says nothing about an upload that does not send them.
            let decided = Liveness.decide(
                run.signs
                    + treeSigns.filter { sign in
                        guard case .releaseNotesFarBehind = sign.sign else { return true }
                        return upload.parts.contains(.changelogs)
                    })
            liveness = decided
            let signs = decided.signs.map(\.sign.words).joined(separator: ", ")
            switch decided {
            case .live:
                proof = .live
                what = "\(upload.uploader) (hand-run \(run.what))"
                why = join("live: " + signs, why)
            case .dead:
                proof = .none
                what = "\(upload.uploader) (\(run.what))"
                why = join("dead: " + signs, why)
            case .undecided:
                proof = .partial
                what = "\(upload.uploader) if someone runs \(run.what)"
                why = join(
                    "no CI runs it, and its signs do not decide" + (signs.isEmpty ? "" : " (" + signs + ")"), why)
            }
            evidence += decided.signs.compactMap(\.evidence).filter { !evidence.contains($0) }
        case .undecidable(let reason):
            proof = .partial
            why = join(reason, why)
        }
        evidence += rewriting.filter { !evidence.contains($0) }
        let whole = PartSender(
            what: what, parts: upload.parts.names, proof: proof, why: why, evidence: evidence, liveness: liveness)
        guard let unfollowed, !unfollowed.parts.isEmpty else {
            return [SentBy(sender: whole, locales: sent, copies: copies)]
        }
        var changed = whole
        changed.parts = unfollowed.parts.names
        changed.proof = min(proof, .partial)
        changed.why = join(
            why,
            "a step changes the \(unfollowed.parts.names.joined(separator: ", ")) first in a way playprep does not follow"
        )
        changed.evidence.append(unfollowed.step)
        var rest = whole
        rest.parts = upload.parts.subtracting(unfollowed.parts).names
        return (rest.parts.isEmpty ? [] : [SentBy(sender: rest, locales: sent, copies: copies)])
            + [SentBy(sender: changed, locales: sent, copies: copies)]
    }

    private func join(_ first: String, _ second: String) -> String {
        [first, second].filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// The tree's readers from its senders: the strongest proof; the parts and locales of every upload that is
    /// not dead; dead ones named, and F-Droid's when nothing else sends it. Where the repository writes down how a
    /// hand-run upload of the tree is run (a release document, a script), another hand-run upload of it that is
    /// not written down is not how the tree is released: it is listed, not judged.
    static func readers(_ found: [SentBy], empty: String) -> ListingReaders {
        var found = found
        if found.contains(where: { $0.sender.proof == .live && $0.sender.liveness?.isWrittenDown == true }) {
            for index in found.indices
            where found[index].sender.liveness != nil
                && found[index].sender.liveness?.isWrittenDown != true && found[index].sender.proof != .none
            {
                found[index].sender.proof = .none
                found[index].sender.why +=
                    "; not judged: the repository writes down another upload of this tree (a script or document)"
            }
        }
        let ordered = found.enumerated().sorted { left, right in
            (left.element.sender.proof.rank, -left.offset) > (right.element.sender.proof.rank, -right.offset)
        }.map(\.element)
        let senders = ordered.map(\.sender)
        // An upload that skips every part of the listing (a binary-only lane) sends none of the tree.
        let alive = ordered.filter { $0.sender.proof != .none && !$0.sender.parts.isEmpty }
        guard let strongest = alive.first?.sender else {
            let dead = senders.filter { if case .dead? = $0.liveness { true } else { false } }
            let binaryOnly = senders.filter { $0.proof != .none && $0.parts.isEmpty }
            var reason = empty
            if !dead.isEmpty {
                reason =
                    "F-Droid (its only Play upload\(dead.count == 1 ? "" : "s") cannot run as written: "
                    + dead.map { "\($0.what) is \($0.why)" }.joined(separator: "; ") + ")"
            } else if !binaryOnly.isEmpty {
                reason =
                    "F-Droid (the Play uploads found send no part of it: "
                    + binaryOnly.map { "\($0.what) skips every part" }.joined(separator: "; ") + ")"
            }
            return ListingReaders(
                proof: .none, store: .fdroid, reason: reason,
                evidence: (dead + binaryOnly).flatMap(\.evidence).prefix(6).map { $0 }, parts: [.text, .changelogs],
                senders: senders)
        }
        var parts = UploadedParts()
        var locales: Set<String>? = []
        var provenLocales: Set<String>? = []
        var copies = [String: String]()
        for sent in alive {
            parts.formUnion(UploadedParts(names: sent.sender.parts))
            if let kept = sent.locales { locales?.formUnion(kept) } else { locales = nil }
            if sent.sender.proof == .shown || sent.sender.proof == .live {
                if let kept = sent.locales { provenLocales?.formUnion(kept) } else { provenLocales = nil }
            }
            copies.merge(sent.copies) { first, _ in first }
        }
        // The reason names every upload as strong as the strongest; the evidence is theirs, a few lines.
        var reasons = [String]()
        var evidence = [Evidence]()
        for sender in senders where sender.proof == strongest.proof && !sender.parts.isEmpty {
            let reason = "Play via \(sender.what)" + (sender.why.isEmpty ? "" : " (\(sender.why))")
            if !reasons.contains(reason) { reasons.append(reason) }
            evidence += sender.evidence.filter { !evidence.contains($0) }.prefix(max(0, 6 - evidence.count))
        }
        var readers = ListingReaders(
            proof: strongest.proof, store: .play, reason: reasons.joined(separator: "; "), evidence: evidence,
            parts: parts, locales: locales.map { $0.sorted() }, senders: senders)
        readers.provenLocales = provenLocales.map { $0.sorted() }
        readers.copies = copies
        return readers
    }

    /// The readers of a GPP folder owned by `module` (nil when no module owns it). `mention` is a line of the
    /// module's build file naming the plugin where playprep did not see it applied (under a condition it cannot
    /// evaluate); `evidence` makes the evidence of a plugin applied where the module's build file applies it.
    /// Copies of a fastlane tree's notes into `release-notes/` before a task are that tree's uploads.
    public func gppReaders(module: AndroidModule?, mention: Evidence?, evidence: (AppliedPlugin) -> Evidence)
        -> ListingReaders
    {
        let tasks = uploads.filter { upload in
            guard case .gppModule(let path) = upload.tree else { return false }
            return path == nil || path == module?.gradlePath
        }
        if let plugin = module?.plugins.first(where: { $0.id == Self.gradlePlayPublisherID }) {
            let via = plugin.via.map { " (applied by the convention plugin \($0))" } ?? ""
            // The parts the tasks CI runs send (`publish<Variant>Bundle`: the release notes only); the others go
            // to Play only when a person runs a task that sends them.
            let ciTasks = tasks.filter { $0.trigger == .ci }
            let sentByCI = ciTasks.reduce(into: UploadedParts()) { $0.formUnion($1.parts) }
            let left = UploadedParts.all.subtracting(sentByCI)
            var senders = [
                ciTasks.isEmpty || left.isEmpty
                    ? PartSender(
                        what: "GPP" + via, parts: UploadedParts.all.names, proof: .shown,
                        why: "the module applies the plugin: its publish tasks send the merged tree",
                        evidence: [evidence(plugin)], liveness: nil)
                    : PartSender(
                        what: "GPP" + via, parts: left.names, proof: .partial,
                        why: "the module applies the plugin, but the tasks CI runs send only "
                            + sentByCI.names.joined(separator: ", ")
                            + ": the rest goes to Play only if a person runs publish<Variant>Listing",
                        evidence: [evidence(plugin)], liveness: nil)
            ]
            senders += tasks.map { task in
                PartSender(
                    what: task.what, parts: task.parts.names, proof: task.trigger == .ci ? .shown : .partial, why: "",
                    evidence: task.evidence, liveness: nil)
            }
            let run = tasks.first { $0.trigger == .ci }.map { task in
                " (CI runs \(task.what.dropFirst("GPP ".count))"
                    + (task.evidence.first.map { " at \($0.file):\($0.line)" } ?? "")
                    + ")"
            }
            return ListingReaders(
                proof: .shown, store: .play, reason: "Play via GPP" + via + (run ?? ""),
                evidence: [evidence(plugin)] + tasks.prefix(1).flatMap(\.evidence), parts: .all, senders: senders)
        }
        let guarded = module?.guardedPlugins.first { $0.id == Self.gradlePlayPublisherID }
        let handRun = tasks.contains { if case .byHand = $0.trigger { true } else { false } }
        // Applied under another condition with no task run anywhere (`if (CI && play.p12 exists)` of a CI long
        // gone): F-Droid's, with the guard named below.
        if handRun || guarded.map({ !tasks.isEmpty || $0.testsOnlyCredentials }) == true {
            return conditionalGPPReaders(
                tasks, module: module,
                guarded: guarded.map { ($0, evidence(AppliedPlugin(id: $0.id, location: $0.location))) },
                mention: mention)
        }
        if let task = tasks.first {
            return ListingReaders(
                proof: .partial, store: .play,
                reason:
                    "Play via GPP if the plugin is applied (a workflow runs its task; playprep did not see it applied)",
                evidence: task.evidence + (mention.map { [$0] } ?? []), parts: .all)
        }
        if let guarded {
            let condition = guarded.condition.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return ListingReaders(
                proof: .none, store: .fdroid,
                reason: "F-Droid (Triple-T layout; the build applies com.github.triplet.play only if `\(condition)`, "
                    + "and no CI step or script runs a GPP task)",
                evidence: [evidence(AppliedPlugin(id: guarded.id, location: guarded.location))],
                parts: [.text, .changelogs])
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

    static let gradlePlayPublisherID = "com.github.triplet.play"

    /// Whether `command` runs in the Gradle build of `module`: the innermost build root holding its folder is the
    /// module's (true when the folder or the module is not known). A script nobody's CI runs is read as run from
    /// the repository root; unless it changes folder, its `./gradlew` is its own folder's.
    private func runsInBuild(of module: AndroidModule?, _ command: CICommand) -> Bool {
        var folder = command.workingDirectory
        if command.origin == .unreferencedScript, folder == nil || folder == "" {
            folder = command.evidence.file.split(separator: "/").dropLast().joined(separator: "/")
        }
        guard let module, let folder = folder.map(FastlaneFiles.normalized) else { return true }
        let owner = input.build.builds.map { FastlaneFiles.normalized($0.folder) }.filter { root in
            root.isEmpty || folder == root || folder.hasPrefix(root + "/")
        }.max { $0.count < $1.count }
        return owner.map { $0 == FastlaneFiles.normalized(module.build) } ?? true
    }

    /// Files the repository's CI steps and scripts copy into GPP's `play/` folders `layers` (relative to the
    /// project): GPP publishes what is there when its task runs, so each is the uploader's file. Its path in the
    /// merged tree → the project file copied, and the lines that copy. A copy from a glob, or to a path the run
    /// builds, is not followed.
    public func gppCopies(into layers: [String]) -> (copies: [String: String], evidence: [Evidence]) {
        var copies = [String: String]()
        var lines = [Evidence]()
        for command in input.ci.commands {
            for operation in command.fileOperations where operation.kind == .copy {
                guard let target = operation.target.map(FastlaneFiles.normalized), !target.contains("*"),
                    !target.contains("$"), let layer = layers.first(where: { target.hasPrefix($0 + "/") })
                else { continue }
                for source in operation.sources.map(FastlaneFiles.normalized)
                where !source.contains("*") && !source.contains("$") {
                    let inTree = String(target.dropFirst(layer.count + 1))
                    // Into a folder, a file keeps its name.
                    let path =
                        input.repository.hasFolder(target)
                        ? inTree + "/" + (source.split(separator: "/").last.map(String.init) ?? source) : inTree
                    guard copies[path] == nil else { continue }
                    copies[path] = source
                    if !lines.contains(command.evidence) { lines.append(command.evidence) }
                }
            }
        }
        return (copies, lines)
    }

    /// The readers of a GPP folder whose module does not apply the plugin outright: it applies it under a condition
    /// (`guarded`, with its line), or a script no CI file runs publishes with it. A hand-run task is live or dead on
    /// its signs and the module's: GPP applied only where its Play key exists is a sign it runs (the publishing
    /// machine holds the key), applied under another condition or not seen applied leaves it undecided. A CI step
    /// running the task of a module that applies GPP where its key exists shows the upload. With no task found and
    /// GPP applied where its key exists, the tree GPP would publish from the key holder's machine is partial: one
    /// warning, never silence.
    private func conditionalGPPReaders(
        _ tasks: [PlayUpload], module: AndroidModule?, guarded: (plugin: GuardedPlugin, line: Evidence)?,
        mention: Evidence?
    ) -> ListingReaders {
        var moduleSigns = [ObservedSign]()
        if let (plugin, line) = guarded {
            let condition = plugin.condition.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            moduleSigns.append(
                ObservedSign(
                    plugin.testsOnlyCredentials ? .gppAppliedWhereKeyExists(condition) : .gppAppliedOnlyIf(condition),
                    line))
        } else {
            moduleSigns.append(ObservedSign(.gppNotSeenApplied, mention))
        }
        // GPP publishes the variant's own applicationId.
        if let id = module?.releaseVariants.lazy.compactMap(\.applicationID.value).first {
            moduleSigns.append(ObservedSign(.packageIsReleaseID(id), nil))
        }
        let whereKeyExists = guarded?.plugin.testsOnlyCredentials == true
        var found = [SentBy]()
        // A script publishes the Gradle build it runs in: not the module's when another root holds that folder.
        for var task in tasks where task.command.map({ runsInBuild(of: module, $0) }) ?? true {
            switch task.trigger {
            case .byHand(var run):
                run.signs += moduleSigns
                task.trigger = .byHand(run)
            case .ci where whereKeyExists:
                task.evidence += guarded.map { [$0.line] } ?? []
            case .ci:
                task.trigger = .undecidable("a CI step runs its task; " + moduleSigns[0].sign.words)
            case .undecidable: break
            }
            found += senders(task, tree: "", locales: [], treeSigns: [])
        }
        if found.isEmpty, let (_, line) = guarded {
            found.append(
                SentBy(
                    sender: PartSender(
                        what: "GPP if it is applied", parts: UploadedParts.all.names, proof: .partial,
                        why: moduleSigns[0].sign.words
                            + "; no CI step or script of the repository runs its publish tasks",
                        evidence: [line], liveness: nil)))
        }
        return Self.readers(found, empty: "F-Droid (Triple-T layout; GPP is not applied)")
    }

    /// The values of the lane options that picked `tree` for the CI runs that send it (`WooCommerce-Wear` of
    /// `fastlane build_and_upload app:WooCommerce-Wear`): a value that names an application module says which
    /// app's release the tree goes with.
    public func laneOptionValues(forTree tree: String) -> [String] {
        var values = [String]()
        for upload in uploads where upload.tree == .metadataFolder(tree) {
            values += upload.laneOptionValues.filter { !values.contains($0) }
        }
        return values
    }

    /// The package name the uploads of the fastlane folder that holds `tree` are for: the Appfile's, or the one
    /// every supply call there names.
    public func uploadedPackage(forTree tree: String) -> String? {
        let owner = input.fastlane.filter { folder in
            folder.runFolder.isEmpty || tree == folder.runFolder || tree.hasPrefix(folder.runFolder + "/")
        }.max { $0.runFolder.count < $1.runFolder.count }
        guard let owner else { return nil }
        if let name = owner.packageName?.value { return name }
        let names = Set(owner.uploads.compactMap { $0.arguments["package_name"]?.literal })
        return names.count == 1 ? names.first : nil
    }
}

extension UploadedParts {
    /// The parts named by ``names``.
    init(names: [String]) {
        self = [
            (UploadedParts.text, "text"), (.images, "images"), (.screenshots, "screenshots"),
            (.changelogs, "changelogs"),
        ]
        .filter { names.contains($0.1) }.reduce(into: UploadedParts()) { $0.formUnion($1.0) }
    }
}
