import Diagnostics
import Foundation
import ProjectCheck
import TestSupport
import Testing
import UploadWiring

/// Real Play refusals, each rebuilt from the refused commit of a public repository as a small project under
/// `TestImages/refusals/` (its `ABOUT.md` names the thread, what Play printed and why this severity is what the
/// repository's evidence allows), and real set-ups of lanes that no longer upload, under `TestImages/dead-lanes/`.
/// They describe the target of issue 32: `check` must catch each refusal at the severity the repository proves and
/// name that proof, and must raise no error on a tree that only a dead lane points at.
@Suite struct RefusalTests {
    /// One finding a case expects: rule, severity and the file (relative to the fixture) it is reported on.
    struct Expected: Sendable, Hashable, CustomStringConvertible {
        var rule: String
        var severity: Severity
        var file: String

        var description: String { "\(severity.rawValue) \(rule) \(file)" }
    }

    /// A refusal rebuilt as a fixture: the findings it must raise, the proof they must name, and what must stay
    /// silent (folders a step removes before the upload, files the uploader never sends).
    struct Refusal: Sendable, CustomTestStringConvertible {
        var slug: String
        /// The day of the refusal: `check` reads Play's target API level requirement for it (`--date`).
        var date: String
        /// Every error of the run, exactly; warnings listed here must be present too (others are allowed).
        var findings: [Expected]
        /// Each entry is a set of alternatives: one of them must appear in the text of every expected finding
        /// that is an error or a warning, or in the evidence of the plan's listing that holds its file.
        var proof: [[String]] = []
        /// Files (or folders) on which no error and no warning may be reported.
        var silent: [String] = []
        /// Text that no evidence line of the plan may quote (an upload that is not one).
        var notEvidence: [String] = []

        var testDescription: String { slug }
    }

    /// The locale folders of mastodon-android's tree that Play refuses (`ar-SA` first, as it did).
    static let mastodonLocales = [
        Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/ar-SA"),
        Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/he-IL"),
        Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/oc-FR"),
    ]

    static let refusals: [Refusal] = [
        Refusal(
            slug: "catima-title-2021", date: "2021-04-10",
            findings: [
                Expected(rule: "TXT001", severity: .error, file: "fastlane/metadata/android/en-US/title.txt"),
                Expected(
                    rule: "TXT002", severity: .error, file: "fastlane/metadata/android/en-US/short_description.txt"),
                Expected(rule: "TXT001", severity: .error, file: "fastlane/metadata/android/ru-RU/title.txt"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/it"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/nb-NO"),
            ],
            proof: [["fastlane/Fastfile:18"], ["fastlane/Appfile"]]),
        Refusal(
            slug: "catima-oc-2024", date: "2024-01-31",
            findings: [
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/oc"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/ast"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/bs"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/es-AR"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/ko"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/nb-NO"),
            ],
            proof: [["fastlane/Fastfile:12"], ["fastlane/Appfile"]]),
        Refusal(
            slug: "keyman-whatsnew-2021", date: "2021-08-01",
            findings: [Expected(rule: "TXT004", severity: .error, file: "android/help/about/whatsnew.md")],
            proof: [
                ["android/build-help.sh:19"], ["android/build-publish.sh:22", "android/build-publish.sh:26"],
                ["android/KMAPro/kMAPro/build.gradle:30"],
            ]),
        Refusal(
            slug: "aw-android-changelog-2026", date: "2026-08-10",
            findings: [
                Expected(rule: "TXT004", severity: .error, file: "fastlane/metadata/android/en-US/changelogs/38.txt")
            ],
            proof: [[".github/workflows/build.yml:61"]]),
        Refusal(
            slug: "mapbox-demo-gpp-2019", date: "2019-10-08",
            findings: [
                Expected(
                    rule: "TXT004", severity: .error, file: "MapsDemo/src/global/play/release-notes/en-US/default.txt")
            ],
            proof: [["circle.yml:46"]]),
        Refusal(
            slug: "cyclestreets-travis-2022", date: "2022-05-24",
            findings: [
                Expected(
                    rule: "TXT004", severity: .error,
                    file: "cycleroutes.app/src/main/play/release-notes/en-GB/beta.txt")
            ],
            proof: [[".travis.yml:27"], ["ciPublish.sh:6"]],
            silent: ["cycleroutes.app/src/main/play/release-notes/en-GB/production.txt"]),
        Refusal(
            slug: "openlinkwith-de-2025", date: "2026-07-09",
            findings: [Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/de")],
            proof: [[".github/workflows/release.yml:21"], [".github/scripts/release.sh:11"]]),
        Refusal(
            slug: "status-jenkins-pt-2018", date: "2018-09-20",
            findings: [Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/pt")],
            proof: [["ci/android.groovy:12"], ["ci/Jenkinsfile.android"]]),
        Refusal(
            slug: "element-gl-script-2022", date: "2022-08-09",
            findings: [Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/gl")],
            proof: [["tools/release/pushPlayStoreMetaData.sh:27"], [".github/ISSUE_TEMPLATE/release.yml"]],
            silent: [
                "fastlane/metadata/android/eo", "fastlane/metadata/android/fy", "fastlane/metadata/android/ga",
                "fastlane/metadata/android/kab", "fastlane/metadata/android/nb",
                "fastlane/metadata/android/nl-NL",
            ]),
        Refusal(
            slug: "dish-metadata-path-2026", date: "2026-08-15",
            findings: [Expected(rule: "LAY001", severity: .error, file: "play/metadata/android")],
            proof: [[".github/workflows/release.yml:82", ".github/workflows/release.yml:87"]],
            silent: ["play/metadata/android/bs"],
            notEvidence: ["slsa"]),
        Refusal(
            slug: "messenger-flutter-508-2024", date: "2024-09-04",
            findings: [
                Expected(
                    rule: "TXT004", severity: .error,
                    file: "android/fastlane/metadata/android/en-US/changelogs/default.txt")
            ],
            proof: [[".github/workflows/ci.yml:47", ".github/workflows/ci.yml:48", ".github/workflows/ci.yml:49"]]),
        Refusal(
            slug: "orbot-handrun-2025", date: "2025-08-05",
            findings: [
                Expected(
                    rule: "TXT003", severity: .error, file: "fastlane/metadata/android/el-GR/full_description.txt"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/ay"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/tk"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/es-CU"),
            ],
            proof: [["fastlane/Fastfile:12"], ["fastlane/Appfile"]]),
        Refusal(
            slug: "status-icon-2020", date: "2020-06-02",
            findings: [
                Expected(rule: "IMG023", severity: .error, file: "fastlane/metadata/android/en-US/images/icon.png")
            ],
            proof: [["ci/tools/Jenkinsfile.playstore-meta:36"]]),
        // mastodon-android on 2024-03-01: `json_key_file("")` in the Appfile, the key given at run time. The first
        // workflow's YAML is refused (read line by line: it names lane `deploy`, which its own signs make live); the
        // next ones run the lane with `SUPPLY_JSON_KEY_DATA`.
        Refusal(
            slug: "mastodon-yaml-refused-2024", date: "2024-03-01",
            findings: mastodonLocales,
            proof: [["fastlane/Fastfile:18"], ["fastlane/Appfile"], [".github/workflows/build_and_deploy.yml:35"]]),
        Refusal(
            slug: "mastodon-key-data-2024", date: "2024-03-01",
            findings: mastodonLocales,
            proof: [[".github/workflows/build_and_deploy.yml:43"]]),
        // The two below were refused by Play, but the repository proves no upload of what was refused: no error.
        Refusal(
            slug: "opendocument-console-2026", date: "2026-08-10",
            findings: [
                Expected(
                    rule: "FDR001", severity: .warning, file: "fastlane/metadata/android/en-US/changelogs/41400.txt")
            ],
            proof: [["README.md:5"]]),
        Refusal(slug: "mastodon-arsa-2024", date: "2024-02-29", findings: []),
        // Target API level refusals (TGT): the level each build really set, judged by the proof of its upload.
        Refusal(
            slug: "faims3-lane-2026", date: "2026-09-02",
            findings: [Expected(rule: "TGT001", severity: .error, file: "app/android/app/build.gradle")],
            proof: [
                [".github/workflows/android-production-build.yml:31"], ["since 2026-08-31"],
                ["Play requires 36"], ["lane deploy_app"],
            ]),
        Refusal(
            slug: "keyman-stable14-target-2021", date: "2021-11-17",
            findings: [Expected(rule: "TGT001", severity: .error, file: "android/KMAPro/kMAPro/build.gradle")],
            proof: [["android/build-publish.sh"], ["since 2021-11-01"], ["Play requires 30"]]),
        Refusal(
            slug: "keyman-stable18-target-2026", date: "2026-09-21",
            findings: [Expected(rule: "TGT001", severity: .error, file: "android/KMAPro/kMAPro/build.gradle")],
            proof: [["android/KMAPro/build.sh"], ["since 2026-08-31"], ["Play requires 36"]]),
        Refusal(
            slug: "keyman-target-notice-2026", date: "2026-07-23",
            findings: [Expected(rule: "TGT002", severity: .warning, file: "android/KMAPro/kMAPro/build.gradle")],
            proof: [["android/KMAPro/build.sh"], ["from 2026-08-31 (in 39 days)"]]),
        // Refused, but nothing in the repository sends the app to Play: a note, never an error.
        Refusal(
            slug: "mindlogger-ext-2019", date: "2019-11-05",
            findings: [Expected(rule: "TGT001", severity: .note, file: "android/app/build.gradle")],
            proof: [["targetSdk is 27"], ["Play requires 28"]]),
        Refusal(
            slug: "calliope-target-2024", date: "2024-07-17",
            findings: [Expected(rule: "TGT002", severity: .note, file: "app/build.gradle")],
            proof: [["from 2024-08-31 (in 45 days)"], ["Play requires 34"], ["nothing in the repository sends it"]]),
        Refusal(
            slug: "reference-browser-buildsrc-2020", date: "2020-11-11",
            findings: [Expected(rule: "TGT001", severity: .note, file: "app/build.gradle")],
            proof: [["targetSdk is 28"], ["Play requires 29"]]),
    ]

    static func relative(_ file: String, in root: String) -> String {
        file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    }

    /// The findings of `check` and the plan, as the CLI's `check` and `plan` compute them.
    static func check(_ folder: String, date: String? = nil) throws -> (
        findings: [Diagnostic], plan: ReleasePlan, root: String
    ) {
        let root = Fixtures.testImage(folder).path
        var request = ProjectCheckRequest(projectDirectory: root)
        request.date = date
        return (try request.run().report.diagnostics, try request.plan(), root)
    }

    /// Whether `fragment` is in the finding's own words or in the evidence of a plan listing that holds its file
    /// (or receives it: a file a step copies into the tree).
    static func names(
        _ fragment: String, _ finding: Diagnostic, file: String, plan: ReleasePlan
    ) -> Bool {
        let own = finding.message + " " + (finding.hint ?? "")
        if own.contains(fragment) { return true }
        return plan.listings.contains { listing in
            (listing.folders.contains { file == $0 || file.hasPrefix($0 + "/") } || listing.receives.contains(file))
                && listing.evidence.contains { $0.description.contains(fragment) }
        }
    }

    @Test(arguments: refusals)
    /// The findings of `refusal`'s fixture against what Play refused, and the proof each names.
    func refusalIsCaughtWithItsProof(_ refusal: Refusal) throws {
        let (diagnostics, plan, root) = try Self.check("refusals/" + refusal.slug, date: refusal.date)
        let found = diagnostics.map {
            (Expected(rule: $0.ruleID, severity: $0.severity, file: Self.relative($0.file, in: root)), $0)
        }
        let errors = Set(found.map(\.0).filter { $0.severity == .error })
        let expectedErrors = Set(refusal.findings.filter { $0.severity == .error })
        #expect(errors == expectedErrors, "errors of \(refusal.slug)")
        for expected in refusal.findings {
            let matches = found.filter { $0.0 == expected }
            #expect(!matches.isEmpty, "missing: \(expected)")
            for (_, finding) in matches {
                for alternatives in refusal.proof {
                    #expect(
                        alternatives.contains { Self.names($0, finding, file: expected.file, plan: plan) },
                        "\(expected) names none of \(alternatives)")
                }
            }
        }
        for quiet in refusal.silent {
            let loud = found.filter {
                ($0.0.file == quiet || $0.0.file.hasPrefix(quiet + "/")) && $0.0.severity != .note
            }
            #expect(loud.isEmpty, "reported on \(quiet), which is not uploaded: \(loud.map(\.0))")
        }
        for forbidden in refusal.notEvidence {
            let quoted = plan.listings.flatMap(\.evidence).filter { $0.description.lowercased().contains(forbidden) }
            #expect(quoted.isEmpty, "evidence quotes \(forbidden): \(quoted)")
        }
    }

    /// The Console refused release notes that were pasted there by hand; supply, the only uploader in the
    /// repository, skips them: Play's rules do not judge that file, F-Droid's do.
    @Test func notesPastedIntoTheConsoleAreNotSupplys() throws {
        let (_, plan, _) = try Self.check("refusals/opendocument-console-2026")
        let played = plan.listings.filter { $0.store == "play" }.flatMap(\.receives)
        #expect(!played.contains { $0.hasSuffix("changelogs/41400.txt") })
    }

    /// The workflow that strict YAML refuses is named once, with the parser's error and its line, as read line by
    /// line; nothing else of it is "not read".
    @Test func aRefusedWorkflowIsSaidOnce() throws {
        let (_, plan, _) = try Self.check("refusals/mastodon-yaml-refused-2024")
        #expect(
            plan.unread == [
                ".github/workflows/build_and_deploy.yml: GitHub Actions workflow not read: not valid YAML: line 32, "
                    + "column 30: mapping values are not allowed in this context; its lines were read one by one for "
                    + "uploader commands"
            ])
    }

    /// Supply was run from a laptop with nothing of it in the repository: the tree is F-Droid's, never Play's.
    @Test func anUploadOutsideTheRepositoryIsNotPlays() throws {
        let (_, plan, _) = try Self.check("refusals/mastodon-arsa-2024")
        #expect(!plan.listings.isEmpty)
        #expect(plan.listings.allSatisfy { $0.store == "fdroid" })
    }

    /// woocommerce-android's shape (`TestImages/wiring/wear-hash-constant`): one lane uploads the phone tree or the
    /// Wear tree, picked by `METADATA_DIR_PATH[app]` from the `app:` each Buildkite step passes through a script;
    /// the Wear upload skips metadata. The Wear tree's release notes over 500 characters are an error naming the
    /// Wear step; its long title is not sent, so not judged; each tree's notes are picked by the versionCode of the
    /// module its run builds; nothing is left "not read".
    @Test func aTreePickedByALaneOptionIsJudgedAsItsRunSendsIt() throws {
        let (diagnostics, plan, root) = try Self.check("wiring/wear-hash-constant")
        let found = diagnostics.filter { $0.severity != .note }.map {
            Expected(rule: $0.ruleID, severity: $0.severity, file: Self.relative($0.file, in: root))
        }
        #expect(
            found == [
                Expected(rule: "TXT004", severity: .error, file: "fastlane/metadata/wear/en-US/changelogs/default.txt")
            ])
        let notes = try #require(diagnostics.first { $0.ruleID == "TXT004" })
        for link in [
            ".buildkite/release-builds.yml:11", ".buildkite/commands/release-build.sh:6", "fastlane/Fastfile:24",
        ] {
            #expect(Self.names(link, notes, file: "fastlane/metadata/wear/en-US/changelogs/default.txt", plan: plan))
        }
        let wear = try #require(plan.listings.first { $0.folders.contains("fastlane/metadata/wear") })
        #expect(wear.store == "play")
        #expect(wear.receives.allSatisfy { $0.hasSuffix("changelogs/default.txt") })
        #expect(!wear.receives.isEmpty)
        let phone = try #require(plan.listings.first { $0.folders.contains("fastlane/metadata/android") })
        #expect(phone.receives.contains("fastlane/metadata/android/en-US/title.txt"))
        // Each run builds the module its `app:` names: that module's versionCode picks the tree's notes.
        #expect(wear.releaseNotes.hasPrefix("changelogs/50412.txt:"))
        #expect(phone.releaseNotes.hasPrefix("changelogs/412.txt:"))
        #expect(plan.unread.isEmpty)
    }

    /// A real set-up whose lane no longer uploads: the tree it points at, the store that really reads it, and
    /// the lane a note must name (with why it is dead and how to pin the store in playprep.yml), if any.
    struct DeadLane: Sendable, CustomTestStringConvertible {
        var slug: String
        var tree: String
        /// `fdroid`, or `play` for the control whose upload cannot be decided.
        var store: String
        var proof: PlayProof
        var deadLane: String?
        /// The day of the set-up, where its ABOUT.md dates it: Play's target API level requirement is read for it.
        var date: String? = nil

        var testDescription: String { slug }
    }

    static let deadLanes: [DeadLane] = [
        DeadLane(
            slug: "openhab-apk-home", tree: "fastlane/metadata/android", store: "fdroid", proof: .none,
            deadLane: "deploy"),
        DeadLane(
            slug: "keepassdx-pro-removed-2022", tree: "fastlane/pro/metadata/android", store: "fdroid",
            proof: .none, deadLane: "deploy_beta_pro", date: "2022-03-03"),
        DeadLane(
            slug: "wikipedia-template-flavours", tree: "fastlane/metadata/android", store: "fdroid", proof: .none,
            deadLane: "deploy"),
        DeadLane(slug: "v2rayng-validate-only", tree: "fastlane/metadata/android", store: "fdroid", proof: .none),
        DeadLane(slug: "appmanager-paths-filter", tree: "fastlane/metadata/android", store: "fdroid", proof: .none),
        DeadLane(slug: "owncloud-calens-workflow", tree: "fastlane/metadata/android", store: "fdroid", proof: .none),
        // The control: a hand-run lane whose package name and key are nowhere in the repository cannot be
        // decided, so it stays partial; still no error.
        DeadLane(
            slug: "opentracks-no-appfile", tree: "fastlane/metadata/android", store: "play", proof: .partial,
            date: "2025-08-24"),
        // keyman-whatsnew-2021's shape, GPP applied only for one release tier: whether its task exists when the
        // script runs is not known; and the same guard on the Play key with no script that publishes: both partial.
        DeadLane(
            slug: "keyman-tier-guard", tree: "android/KMAPro/kMAPro/src/main/play", store: "play", proof: .partial),
        DeadLane(
            slug: "keyman-key-guard-no-script", tree: "android/KMAPro/kMAPro/src/main/play", store: "play",
            proof: .partial),
    ]

    /// A set-up once judged a dead lane whose lane can run as written (issue 46: the key comes at run time; an old
    /// `fastlane_version` pin is a minimum): the proof its signs now give the tree, and its errors exactly (each
    /// naming every fragment of `names`).
    struct RunnableLane: Sendable, CustomTestStringConvertible {
        var slug: String
        var tree: String
        var proof: PlayProof
        var errors: [Expected] = []
        var names: [String] = []
        /// The day the set-up was seen, which `check` is run for (the target API level Play asked then).
        var date: String

        var testDescription: String { slug }
    }

    static let runnableLanes: [RunnableLane] = [
        RunnableLane(
            slug: "openhab-json-key-empty", tree: "fastlane/metadata/android", proof: .live,
            errors: [
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/he-IL"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/lb-LU"),
                Expected(rule: "LOC003", severity: .error, file: "fastlane/metadata/android/nb-NO"),
                Expected(rule: "LOC001", severity: .error, file: "fastlane/metadata/android/yi-DE"),
            ],
            names: ["fastlane/Fastfile:10", "fastlane/Appfile"], date: "2026-06-26"),
        RunnableLane(
            slug: "openhab-2017-pin", tree: "fastlane/metadata/android", proof: .partial, date: "2026-06-26"),
        RunnableLane(
            slug: "anki-template-2018", tree: "fastlane/metadata/android", proof: .partial, date: "2018-05-13"),
    ]

    @Test(arguments: runnableLanes)
    func runnableLaneIsJudgedByItsSigns(_ lane: RunnableLane) throws {
        let (diagnostics, plan, root) = try Self.check("runnable-lanes/" + lane.slug, date: lane.date)
        let errors = diagnostics.filter { $0.severity == .error }
        let found = Set(
            errors.map { Expected(rule: $0.ruleID, severity: .error, file: Self.relative($0.file, in: root)) })
        #expect(found == Set(lane.errors))
        let listings = plan.listings.filter { $0.folders.contains(lane.tree) }
        #expect(listings.contains { $0.store == "play" && $0.proof == lane.proof })
        for error in errors {
            for fragment in lane.names {
                #expect(
                    Self.names(fragment, error, file: Self.relative(error.file, in: root), plan: plan),
                    "\(error.ruleID) names no \(fragment)")
            }
        }
    }

    @Test(arguments: deadLanes)
    func deadLaneRaisesNoError(_ dead: DeadLane) throws {
        let (diagnostics, plan, root) = try Self.check("dead-lanes/" + dead.slug, date: dead.date)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.ruleID) \(Self.relative($0.file, in: root))" })")
        let listings = plan.listings.filter { $0.folders.contains(dead.tree) }
        #expect(!listings.isEmpty, "no listing for \(dead.tree)")
        if dead.store == "play" {
            #expect(listings.contains { $0.store == "play" && $0.proof == dead.proof })
        } else {
            #expect(listings.allSatisfy { $0.store == dead.store && $0.proof == dead.proof })
        }
        if let lane = dead.deadLane {
            let said = diagnostics.contains {
                $0.severity == .note && $0.message.contains("`\(lane)`")
                    && ($0.message + ($0.hint ?? "")).contains(
                        "playprep.yml")
            }
            #expect(said, "no note says why lane \(lane) is dead and how to pin the store")
        }
    }
}
