/// A fact of the repository that says whether an upload nobody's CI runs (a Fastfile lane, a script, a GPP
/// task run by hand) is still used: the maintainer's laptop is a real way to Play, and so is a lane abandoned
/// years ago a real way to nowhere. Each sign carries the line that shows it. Dead means cannot run as written
/// (a task, flavour, file or package that does not exist); the key is not among those signs: an empty, missing or
/// outside key is what teams give at run time (`SUPPLY_JSON_KEY`, `SUPPLY_JSON_KEY_DATA`, fastlane's template
/// `json_key_file("")`).
public enum LivenessSign: Sendable, Hashable, Codable {
    // Signs that it is used.
    /// The package it uploads (the Appfile's `package_name`, or the call's) is a release applicationId.
    case packageIsReleaseID(String)
    /// A service-account key is named (`json_key_file`, `json_key`): a path, often under the home folder.
    case keyFileNamed(String)
    /// A Gemfile (or its lock) brings fastlane.
    case gemfileBringsFastlane
    /// A `gradle` call of the lane builds a task the build has (its flavours and build types exist).
    case taskExists(String)
    /// The tree holds the release notes of the build's current versionCode.
    case currentReleaseNotes(versionCode: Int)
    /// A README or release document tells the maintainer to run it.
    case documented
    /// A script of the repository runs it: someone wrote down how it is run.
    case runByScript(String)
    /// Gradle Play Publisher is applied only where its credentials are (`if (key != null &&
    /// file(key).exists())`): its tasks exist on the machine that holds the Play key, as a Play key does for a lane.
    case gppAppliedWhereKeyExists(String)

    // A sign that it is never dead.
    /// A CI file names the lane (its path): one playprep read only line by line (YAML its parser refuses, a CI
    /// system it does not read), or a run in a folder it could not place. Whatever else holds, a lane some CI runs
    /// is not abandoned; it alone does not say the run reaches Play.
    case namedByCI(String)

    // Signs that leave it open.
    /// Gradle Play Publisher is applied under another condition (`if (System.env.TIER == 'beta')`): whether its
    /// task exists when the script runs is not known.
    case gppAppliedOnlyIf(String)
    /// The module names Gradle Play Publisher but applies it nowhere playprep sees: its tasks may not exist.
    case gppNotSeenApplied
    /// The app module of the package the lane uploads applies Gradle Play Publisher (its build file): the app
    /// reaches Play through GPP, and the lane may be a template nobody runs (AnkiDroid 2018).
    case gppPublishesTheApp(String)

    // Signs that it cannot run as written.
    /// A `gradle` call builds a task the build does not have (a flavour removed years ago).
    case taskMissing(String)
    /// The APK or AAB it uploads is the output of a variant the build does not have
    /// (`app/build/outputs/apk/pro/release/…` once the flavour `pro` is gone).
    case artifactOfMissingVariant(String)
    /// A path Ruby never expands, given in the call itself (an `apk`, `aab` or `json_key` argument, which no
    /// run-time variable overrides): `"$HOME/…"` in double quotes is sent as written, and supply finds no such file.
    case pathNotExpanded(String)
    /// The upload sends a binary (an `apk`/`aab` given, or what the lane's `gradle` built) to a package that is no
    /// applicationId of the build: Play refuses a binary of another package.
    case packageMatchesNoModule(String)
    /// supply uploads every APK or AAB the lane's `gradle` call built (no `apk`, `aab` or paths given), and that
    /// task builds an app of another applicationId too (`assembleRelease` over flavours with `.beta`, `.dev`
    /// suffixes): Play refuses a binary of another package, so the upload cannot succeed as written.
    case uploadsAnotherPackage(task: String, applicationID: String)

    // Signs that it may have stopped being used: they keep it from being live, never make it dead (it can run).
    /// `fastlane_version` pins a release older than `FastlaneFiles`' cut-off, and no Gemfile brings fastlane (a
    /// minimum version: any newer fastlane runs the lane).
    case oldFastlanePin(String)
    /// The tree's newest numbered changelog is far behind the build's versionCode (supply then sends no notes for
    /// this release: the upload still runs).
    case releaseNotesFarBehind(newest: Int, versionCode: Int)

    /// How the sign weighs in ``Liveness/decide(_:)``.
    public enum Weight: Sendable, Hashable {
        /// The upload goes to this app.
        case identity
        /// Someone can and does run it.
        case running
        /// Consistent with use, but an F-Droid-only tree shows it as well.
        case supporting
        /// The upload cannot succeed as written.
        case fatal
        /// A CI file names it: never dead.
        case named
        /// The repository may have stopped maintaining it: not live, not dead.
        case stale
        /// Whether it can run at all is not known: undecided, whatever else holds.
        case open
    }

    public var weight: Weight {
        switch self {
        case .packageIsReleaseID: .identity
        case .keyFileNamed, .gemfileBringsFastlane, .taskExists, .documented, .runByScript, .gppAppliedWhereKeyExists:
            .running
        case .currentReleaseNotes: .supporting
        case .gppAppliedOnlyIf, .gppNotSeenApplied, .gppPublishesTheApp: .open
        case .namedByCI: .named
        case .taskMissing, .artifactOfMissingVariant, .pathNotExpanded, .packageMatchesNoModule, .uploadsAnotherPackage:
            .fatal
        case .oldFastlanePin, .releaseNotesFarBehind: .stale
        }
    }

    /// In a few words, for listing lines and `plan`.
    public var words: String {
        switch self {
        case .packageIsReleaseID(let name): "package \(name) = a release applicationId"
        case .keyFileNamed(let path): "Play key \(path)"
        case .gemfileBringsFastlane: "Gemfile brings fastlane"
        case .taskExists(let task): "task \(task) exists"
        case .currentReleaseNotes(let code): "changelogs/\(code).txt is the build's versionCode"
        case .documented: "documented"
        case .runByScript(let script): "run by \(script)"
        case .gppAppliedWhereKeyExists(let condition): "GPP applied where its Play key exists (`\(condition)`)"
        case .gppAppliedOnlyIf(let condition): "GPP applied only if `\(condition)`"
        case .gppNotSeenApplied: "GPP is not seen applied to the module"
        case .gppPublishesTheApp(let module): "GPP publishes the app (\(module) applies it)"
        case .namedByCI(let file): "named by CI file \(file)"
        case .taskMissing(let task): "task \(task) is not in the build"
        case .artifactOfMissingVariant(let path): "no variant of the build writes \(path)"
        case .pathNotExpanded(let path): "\(path) is sent as written (Ruby does not expand $ in strings)"
        case .packageMatchesNoModule(let name): "package \(name) is no applicationId of the build"
        case .uploadsAnotherPackage(let task, let id):
            "supply uploads every binary \(task) builds, \(id) among them, to one package"
        case .oldFastlanePin(let version): "fastlane_version \(version) pinned and no Gemfile"
        case .releaseNotesFarBehind(let newest, let code):
            "newest changelog \(newest) is far behind versionCode \(code)"
        }
    }
}

/// A sign and the line that shows it.
public struct ObservedSign: Sendable, Hashable, Codable, CustomStringConvertible {
    public var sign: LivenessSign
    public var evidence: Evidence?

    public init(_ sign: LivenessSign, _ evidence: Evidence?) {
        self.sign = sign
        self.evidence = evidence
    }

    public var description: String { sign.words + (evidence.map { " (\($0.file):\($0.line))" } ?? "") }
}

/// Whether an upload that no CI runs is used, from its signs.
public enum Liveness: Sendable, Hashable, Codable {
    /// Its signs show it is run: Play receives what it sends, and Play's refusals are errors.
    case live([ObservedSign])
    /// It cannot work as written, or was abandoned: not an upload.
    case dead([ObservedSign])
    /// The repository does not say: Play's refusals are one warning per tree.
    case undecided([ObservedSign])

    /// The signs that decided, most telling first.
    public var signs: [ObservedSign] {
        switch self {
        case .live(let signs), .dead(let signs), .undecided(let signs): signs
        }
    }

    /// The decision: a fatal sign makes it dead, unless a CI file names it (then undecided: a lane some CI runs is
    /// never dead); a sign that leaves it open (a plugin applied under a condition playprep cannot judge) or that
    /// it may be stale makes it undecided; the package of this app and one sign of being run make it live; anything
    /// else is undecided. A sign that only supports (current release notes, which an F-Droid tree keeps too) never
    /// decides alone.
    public static func decide(_ signs: [ObservedSign]) -> Liveness {
        let named = signs.filter { $0.sign.weight == .named }
        let fatal = signs.filter { $0.sign.weight == .fatal }
        if !fatal.isEmpty { return named.isEmpty ? .dead(fatal) : .undecided(named + fatal) }
        let doubt = signs.filter { $0.sign.weight == .open || $0.sign.weight == .stale }
        let identity = signs.filter { $0.sign.weight == .identity }
        let running = signs.filter { $0.sign.weight == .running }
        let supporting = signs.filter { $0.sign.weight == .supporting }
        if doubt.isEmpty, !identity.isEmpty, !running.isEmpty {
            return .live(identity + running + named + supporting)
        }
        return .undecided(doubt + named + identity + running + supporting)
    }

    /// The decision's table: the signs of real set-ups and what they decide (checked by a test).
    public static let examples: [(signs: [LivenessSign], expected: Verdict)] = [
        // The hand-run release: `bundle exec fastlane deploy` on a laptop.
        (
            [
                .packageIsReleaseID("org.example.app"), .keyFileNamed("~/keys/play.json"), .gemfileBringsFastlane,
                .taskExists("assembleRelease"),
            ], .live
        ),
        ([.packageIsReleaseID("org.example.app"), .gemfileBringsFastlane], .live),
        // `fastlane init`'s template, `json_key_file("")`: the key comes at run time, so the key says nothing.
        ([.packageIsReleaseID("org.example.app")], .undecided),
        ([.pathNotExpanded("$HOME/apks/app.apk"), .packageIsReleaseID("org.example.app")], .dead),
        (
            [.taskMissing("assembleFullpermRelease"), .packageIsReleaseID("org.example.app"), .gemfileBringsFastlane],
            .dead
        ),
        ([.packageMatchesNoModule("org.example.old"), .gemfileBringsFastlane], .dead),
        // `fastlane init`'s template over a build with `.beta` and `.dev` flavours: every APK to one package.
        (
            [
                .packageIsReleaseID("org.example.app"), .keyFileNamed("~/play.json"), .gemfileBringsFastlane,
                .taskExists("assembleRelease"),
                .uploadsAnotherPackage(task: "assembleRelease", applicationID: "org.example.app.beta"),
            ], .dead
        ),
        // A minimum version years old, changelogs far behind: it can run, but may be abandoned.
        (
            [.oldFastlanePin("2.69.3"), .packageIsReleaseID("org.example.app"), .keyFileNamed("~/play.json")],
            .undecided
        ),
        ([.releaseNotesFarBehind(newest: 12, versionCode: 310), .keyFileNamed("key.json")], .undecided),
        // A workflow runs the lane, though its YAML is refused: never dead, whatever else holds.
        (
            [
                .namedByCI(".github/workflows/deploy.yml"), .taskMissing("bundleProRelease"),
                .packageIsReleaseID("org.example.app"),
            ], .undecided
        ),
        (
            [
                .namedByCI(".github/workflows/deploy.yml"), .packageIsReleaseID("org.example.app"),
                .gemfileBringsFastlane,
            ], .live
        ),
        ([.namedByCI(".github/workflows/deploy.yml"), .packageIsReleaseID("org.example.app")], .undecided),
        // Kept current for F-Droid as much as for Play: not enough alone.
        ([.currentReleaseNotes(versionCode: 42), .packageIsReleaseID("org.example.app")], .undecided),
        ([.gemfileBringsFastlane, .taskExists("assembleRelease")], .undecided),
        ([], .undecided),
        // A release script no CI file runs (an outside CI did) publishes with GPP, applied where its key exists.
        (
            [
                .packageIsReleaseID("org.example.app"), .runByScript("android/build-publish.sh"),
                .taskExists("publishReleaseApk"), .gppAppliedWhereKeyExists("key != null && file(key).exists()"),
            ], .live
        ),
        // The same script, GPP applied only for one tier: whether the task exists when it runs is not known.
        (
            [
                .packageIsReleaseID("org.example.app"), .runByScript("android/build-publish.sh"),
                .taskExists("publishReleaseApk"), .gppAppliedOnlyIf("System.env.TIER == 'stable'"),
            ], .undecided
        ),
        ([.packageIsReleaseID("org.example.app"), .runByScript("publish.sh"), .gppNotSeenApplied], .undecided),
        // `fastlane init`'s template beside GPP, which publishes the app with its own key: maybe never run.
        (
            [
                .packageIsReleaseID("org.example.app"), .gemfileBringsFastlane, .taskExists("assembleRelease"),
                .gppPublishesTheApp(":app"),
            ], .undecided
        ),
        ([.taskMissing("publishProRelease"), .runByScript("publish.sh"), .gppNotSeenApplied], .dead),
    ]

    /// Whether the repository says how it is run: a release document, or a script that runs it.
    public var isWrittenDown: Bool {
        signs.contains {
            if case .documented = $0.sign { true } else if case .runByScript = $0.sign { true } else { false }
        }
    }

    /// The kind of decision, for the table.
    public enum Verdict: Sendable, Hashable { case live, dead, undecided }

    public var verdict: Verdict {
        switch self {
        case .live: .live
        case .dead: .dead
        case .undecided: .undecided
        }
    }
}
