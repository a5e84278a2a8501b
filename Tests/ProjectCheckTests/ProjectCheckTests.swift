import Diagnostics
import Foundation
import NinePatchKit
import PlayListingKit
import TestSupport
import Testing

@testable import ProjectCheck

@Suite struct ProjectDiscoveryTests {
    @Test func findsModulesResourcesAndListings() {
        let root = Fixtures.testImage("SampleApp").path
        let inventory = ProjectDiscovery().inventory(of: root)
        #expect(
            inventory.ninePatchFiles.map(inventory.relative) == [
                "app/src/main/res/drawable-hdpi/tab_unselected.9.png",
                "app/src/main/res/drawable-hdpi/title_bar_medium.9.png",
                "app/src/main/res/drawable-mdpi/tab_unselected.9.png",
                "app/src/main/res/drawable-mdpi/title_bar_medium.9.png",
                "core-ui/src/main/res/drawable-hdpi/divider_vertical_dark.9.png",
                "core-ui/src/main/res/drawable-mdpi/divider_vertical_dark.9.png",
            ])
        #expect(
            inventory.buildFiles.map(inventory.relative) == [
                "app/build.gradle.kts", "app/src/main/AndroidManifest.xml", "build.gradle.kts",
                "core-ui/build.gradle.kts",
            ])
        #expect(inventory.listings.map { inventory.relative($0.path) } == ["fastlane/metadata/android"])
        #expect(inventory.listings.map(\.kind) == [.fastlane])
        #expect(inventory.resourceFiles.count == 6)
        #expect(inventory.files.contains { $0.hasSuffix("/fastlane/Fastfile") })
    }

    @Test func excludesAndListingRoots() {
        let root = Fixtures.testImage("BrokenApp").path
        let inventory = ProjectDiscovery(excludes: [Glob("**/raw/**"), Glob("fastlane/")]).inventory(of: root)
        #expect(!inventory.ninePatchFiles.contains { $0.contains("/raw/") })
        #expect(inventory.listings.isEmpty)
        #expect(inventory.plainImages.map(inventory.relative) == ["app/src/main/res/drawable/badge.png"])
    }

    @Test(arguments: [
        ("**/raw/**", "app/src/main/res/raw/a.9.png", true),
        ("**/raw/**", "raw/a.9.png", true),
        ("app/*.png", "app/a.png", true),
        ("app/*.png", "app/res/a.png", false),
        ("legacy/", "legacy/x/y.txt", true),
        ("*.9.png", "a.9.png", true),
        ("drawable-?dpi/**", "drawable-hdpi/a.png", true),
        ("drawable-?dpi/**", "drawable-xhdpi/a.png", false),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Glob(pattern).matches(path) == matches)
    }
}

@Suite struct ProjectCheckerTests {
    func check(_ project: String, configuration: ProjectConfiguration = ProjectConfiguration()) -> (
        Report, ProjectInventory
    ) {
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(
            of: Fixtures.testImage(project).path)
        return (ProjectChecker(configuration: configuration, jobs: 2).check(inventory), inventory)
    }

    @Test func sampleAppIsClean() {
        let (report, _) = check("SampleApp")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.files.count == 20)
    }

    @Test func brokenAppHasEachPlantedProblemOnce() {
        let (report, inventory) = check("BrokenApp")
        let found = report.diagnostics.map { "\($0.ruleID) \(inventory.relative($0.file))" }.sorted()
        #expect(
            found == [
                "IMG002 fastlane/metadata/android/en-US/images/icon.png",
                "NP003 app/src/main/res/drawable-mdpi/chip_background.9.png",
                "NP102 app/src/main/res/raw/splash.9.png",
                "NP105 app/src/main/res/drawable/badge.9.png",
                "NP106 app/src/main/res/drawable-hdpi/card.9.png",
                "PKG007 app/build.gradle.kts",
                "RES002 app/src/main/res/raw/splash.9.png",
                "TXT001 fastlane/metadata/android/en-US/title.txt",
            ])
    }

    @Test func configurationChangesSeveritiesAndTurnsRulesOff() throws {
        let configuration = try ProjectConfiguration.parse(
            """
            rules:
              NP106: error
              NP102: off
            """, file: "playprep.yml")
        let (report, _) = check("BrokenApp", configuration: configuration)
        #expect(report.diagnostics.first { $0.ruleID == "NP106" }?.severity == .error)
        #expect(!report.diagnostics.contains { $0.ruleID == "NP102" })
    }

    @Test func optInRulesReportOnlyWhenTurnedOn() throws {
        let note = Diagnostic(ruleID: "LOC006", severity: .note, file: "m/de-DE", message: "no graphics")
        let error = Diagnostic(ruleID: "TXT001", severity: .error, file: "m/en-US/title.txt", message: "long")
        let report = Report(files: [FileReport(file: "m", diagnostics: [note, error])])
        let (quiet, withheld) = RuleSelection().apply(to: report, catalog: .playprep)
        #expect(quiet.diagnostics == [error])
        #expect(withheld == ["LOC006": 1])
        let configuration = try ProjectConfiguration.parse("rules:\n  LOC006: on\n  TXT001: off\n", file: "p.yml")
        let (loud, none) = configuration.rules.apply(to: report, catalog: .playprep)
        #expect(loud.diagnostics == [note])
        #expect(none.isEmpty)
        var enabled = RuleSelection(settings: ["LOC006": .severity(.warning)])
        enabled.enable(["LOC006", "IMG017"])
        #expect(enabled.settings == ["LOC006": .severity(.warning), "IMG017": .on])
    }

    @Test func theListingGoesToPlayBecauseTheFastfileUploadsIt() {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("BrokenApp").path)
        let result = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).run(inventory)
        #expect(
            result.listings == [
                "fastlane/metadata/android: Play via supply (lane release) "
                    + "[shown: .github/workflows/release.yml:14 `bundle exec fastlane release`]"
            ])
    }

    @Test func configurationOverridesListingLimits() throws {
        let configuration = try ProjectConfiguration.parse("listing:\n  limits:\n    title: 50\n", file: "playprep.yml")
        #expect(configuration.listingLimits.titleMaxCharacters.value == 50)
        let (report, _) = check("BrokenApp", configuration: configuration)
        #expect(!report.diagnostics.contains { $0.ruleID == "TXT001" })
    }

    @Test func configurationPinsPlaysTargetAPILevel() throws {
        let configuration = try ProjectConfiguration.parse("artifact:\n  targetSdk: 34\n", file: "playprep.yml")
        #expect(configuration.targetAPIPolicy.requirement(on: "2026-11-23", otherFormFactor: false)?.level == 34)
        #expect(
            ProjectConfiguration().targetAPIPolicy.requirement(on: "2026-11-23", otherFormFactor: false)?.level == 36)
    }
}

@Suite struct ConfigurationTests {
    @Test func aBadPatchToleranceOutOfRangeIsAnErrorWithItsLine() {
        #expect(
            throws: ConfigurationError.invalidValue(
                file: "playprep.yml", line: 3, column: 22, key: "badPatchTolerance",
                expected: "a whole number from 0 to 255")
        ) {
            try ProjectConfiguration.parse(
                "ninepatch:\n  aapt1: false\n  badPatchTolerance: 300\n", file: "playprep.yml")
        }
    }

    @Test func readsEverySection() throws {
        let configuration = try ProjectConfiguration.parse(
            """
            # playprep.yml
            rules:
              IMG017: off
              NP103: error
            exclude:
              - "legacy/**"
            ninepatch:
              aapt1: true
              badPatchTolerance: 6
            listing:
              defaultLanguage: de-DE
              versionCode: 42
              limits: { title: 30, shortDescription: 80, fullDescription: 4000, releaseNotes: 500 }
            package:
              expect: com.example.app
            """, file: "playprep.yml")
        #expect(configuration.rules.settings["IMG017"] == .off)
        #expect(configuration.rules.settings["NP103"] == .severity(.error))
        #expect(configuration.excludes == [Glob("legacy/**")])
        #expect(configuration.aapt1Compatibility)
        #expect(configuration.badPatchTolerance == 6)
        #expect(configuration.listingOptions.defaultLanguage == "de-DE")
        #expect(configuration.listingOptions.versionCode == 42)
        #expect(configuration.expectedApplicationID == "com.example.app")
    }

    @Test(arguments: [
        ("rules:\n  NP003: loud\n", "playprep.yml:2:10: 'NP003' must be error, warning, note, on or off"),
        (
            "ninepatch:\n  aapt2: true\n",
            "playprep.yml:2:3: unknown key 'aapt2' (allowed here: aapt1, badPatchTolerance, densityThreshold)"
        ),
        (
            "rulez:\n  NP003: off\n",
            "playprep.yml:1:1: unknown key 'rulez' (allowed here: rules, exclude, gradle, ninepatch, listing, package, artifact, declarations, modules, since)"
        ),
        (
            "listing:\n  versionCode: soon\n",
            "playprep.yml:2:16: 'versionCode' must be a whole number from 1 to 2100000000"
        ),
        ("exclude: legacy\n", "playprep.yml:1:10: 'exclude' must be a list"),
        (
            "listing:\n  roots:\n    - { path: x, store: appstore }\n",
            "playprep.yml:3:25: 'store' must be play or fdroid"
        ),
    ])
    func errorsNameTheLine(yaml: String, message: String) {
        #expect(throws: ConfigurationError.self) { try ProjectConfiguration.parse(yaml, file: "playprep.yml") }
        do {
            _ = try ProjectConfiguration.parse(yaml, file: "playprep.yml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func readsBuildValuesAndListingRoots() throws {
        let configuration = try ProjectConfiguration.parse(
            """
            rules:
              LOC006: on
            gradle:
              properties: { APP_PACKAGE: org.example.app }
            listing:
              allChangelogs: true
              roots:
                - { path: app-metadata/org.example.app, store: play }
                - path: metadata
                  store: fdroid
                  layout: fastlane
            """, file: "playprep.yml")
        #expect(configuration.rules.settings["LOC006"] == .on)
        #expect(configuration.gradleProperties == ["APP_PACKAGE": "org.example.app"])
        #expect(configuration.listingOptions.checksAllChangelogs)
        #expect(
            configuration.listingRoots.map(\.line) == [8, 9])
        #expect(
            configuration.listingRoots.map {
                ProjectConfiguration.ListingRootSetting(path: $0.path, store: $0.store, layout: $0.layout)
            } == [
                .init(path: "app-metadata/org.example.app", store: .play),
                .init(path: "metadata", store: .fdroid, layout: .fastlane),
            ])
    }

    @Test func invalidYAMLIsReportedWithItsLine() {
        do {
            _ = try ProjectConfiguration.parse("rules:\n  - [unclosed\n", file: "p.yml")
            Issue.record("parsed")
        } catch {
            guard case .invalidYAML(_, let line, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(line != nil)
        }
    }
}

@Suite struct BaselineTests {
    static func tick(x: Int, file: String = "root/a.9.png") -> Diagnostic {
        Diagnostic(
            ruleID: "NP003", severity: .error, file: file, location: .pixel(x: x, y: 0),
            message: "top border (\(x),0): pixel 0x80000000 is not a tick colour")
    }

    let report = Report(files: [
        FileReport(file: "root/a.9.png", diagnostics: [Self.tick(x: 1), Self.tick(x: 5)])
    ])
    let relative = { (path: String) in String(path.dropFirst("root/".count)) }

    @Test func recordsAndSuppressesEachProblemOnce() throws {
        let baseline = Baseline(report: report, relative: relative, catalog: .playprep)
        #expect(baseline.entries.count == 2)
        #expect(baseline.entries[0].fingerprint == Fingerprint("top border (#,#): pixel #x# is not a tick colour"))
        let (filtered, use) = baseline.filter(report, relative: relative, file: "b.json")
        #expect(filtered.diagnostics.isEmpty && use.suppressed == 2 && use.staleEntries.isEmpty)

        var grown = report
        grown.files[0].diagnostics.append(Self.tick(x: 9))
        grown.files.append(FileReport(file: "root/b.9.png", diagnostics: [Self.tick(x: 1, file: "root/b.9.png")]))
        let (remaining, _) = baseline.filter(grown, relative: relative, file: "b.json")
        #expect(remaining.diagnostics.map(\.file) == ["root/a.9.png", "root/b.9.png"])
    }

    @Test func entriesSurviveMovedPixelsAndLines() {
        let baseline = Baseline(report: report, relative: relative, catalog: .playprep)
        let moved = Report(files: [
            FileReport(file: "root/a.9.png", diagnostics: [Self.tick(x: 12), Self.tick(x: 40)])
        ])
        let (filtered, use) = baseline.filter(moved, relative: relative, file: "b.json")
        #expect(filtered.diagnostics.isEmpty && use.suppressed == 2 && use.staleEntries.isEmpty)

        let title = { (line: Int) in
            Report(files: [
                FileReport(
                    file: "root/title.txt",
                    diagnostics: [
                        Diagnostic(
                            ruleID: "TXT001", severity: .error, file: "root/title.txt",
                            location: .text(line: line, column: 31), message: "title is \(line + 30) characters")
                    ])
            ])
        }
        let (text, _) = Baseline(report: title(1), relative: relative, catalog: .playprep).filter(
            title(3), relative: relative, file: "b.json")
        #expect(text.diagnostics.isEmpty)
    }

    @Test func reportsEntriesThatNoLongerOccur() {
        let baseline = Baseline(report: report, relative: relative, catalog: .playprep)
        let fixed = Report(files: [FileReport(file: "root/a.9.png", diagnostics: [Self.tick(x: 3)])])
        let (filtered, use) = baseline.filter(fixed, relative: relative, file: "b.json")
        #expect(filtered.diagnostics.isEmpty)
        #expect(use.staleEntries.map(\.files) == [["a.9.png"]])
        #expect(use.staleLine == "1 baseline entry no longer occurs; rewrite the baseline with --write-baseline")
        let (_, none) = baseline.filter(Report(files: []), relative: relative, file: "b.json")
        #expect(none.staleLine == "2 baseline entries no longer occur; rewrite the baseline with --write-baseline")
        let json = JSONReporter().render(Report(files: [], baseline: none))
        #expect(json.contains("\"staleEntries\" : ["))
    }

    @Test func roundTripsThroughJSON() throws {
        let baseline = Baseline(report: report, relative: relative, catalog: .playprep)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try baseline.json.write(to: url, atomically: true, encoding: .utf8)
        #expect(try Baseline.load(url.path) == baseline)
        #expect(baseline.json.contains("\"version\" : 2"))
        #expect(throws: BaselineError.self) { try Baseline.load("/nonexistent/baseline.json") }
    }

    @Test func readsVersionOneAndMatchesItsMessagesWithoutNumbers() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let old = """
            {"tool": "playprep", "version": 1, "entries": [
              {"rule": "NP003", "file": "a.9.png", "message": "top border (1,0): pixel 0x80000000 is not a tick colour"}
            ]}
            """
        try old.write(to: url, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(url.path)
        let moved = Report(files: [FileReport(file: "root/a.9.png", diagnostics: [Self.tick(x: 2)])])
        let (filtered, use) = baseline.filter(moved, relative: relative, file: url.path)
        #expect(filtered.diagnostics.isEmpty && use.version == 1)
    }

    @Test(arguments: [
        ("{\"tool\": \"playprep\",\n \"version\": 2, \"entries\": [}", "b.json:2:28: not JSON: unexpected character"),
        ("", "b.json:1:1: not JSON: unexpected end of file"),
        ("{\"tool\": \"playprep\", \"version\": 2,}", "b.json:1:35: not JSON: expected a string in double quotes"),
        ("{\"tool\": \"eslint\", \"version\": 1}", "b.json: not a playprep baseline (tool is 'eslint')"),
        ("[1, 2]", "b.json: not a playprep baseline: the top level is not an object"),
        (
            "{\"tool\": \"playprep\", \"version\": 2, \"entries\": [{\"rule\": 3}]}",
            "b.json: not a playprep baseline: entries[0].rule is not a string"
        ),
        (
            "{\"tool\": \"playprep\", \"version\": 7}",
            "b.json: baseline version 7; this playprep reads versions 1 and 2"
        ),
    ])
    func corruptOrForeignBaselineIsOneLineWithItsPosition(text: String, expected: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: folder.appendingPathComponent("b.json"), atomically: false, encoding: .utf8)
        } catch {
            Issue.record("\(error)")
            return
        }
        do {
            _ = try Baseline.load(folder.appendingPathComponent("b.json").path)
            Issue.record("accepted \(text)")
        } catch {
            let line = error.description.replacingOccurrences(of: folder.path + "/", with: "")
            #expect(line == expected)
            #expect(!line.contains("DecodingError") && !line.contains("\n"))
        }
    }
}

@Suite struct LinkedListingTests {
    @Test func aListingBehindALinkInsideTheProjectIsFoundOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("app-metadata/org.example.app/android/en-US")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try "Example".write(to: real.appendingPathComponent("title.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("fastlane"), withIntermediateDirectories: true)
        // The release workflow re-points fastlane/metadata at one app's tree; a link back up must not loop.
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("fastlane/metadata").path,
            withDestinationPath: "../app-metadata/org.example.app")
        try FileManager.default.createSymbolicLink(
            atPath: real.appendingPathComponent("loop").path, withDestinationPath: "../..")
        let outside = FileManager.default.temporaryDirectory.path
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("tmp").path, withDestinationPath: outside)
        let inventory = ProjectDiscovery().inventory(of: root.path)
        #expect(inventory.listings.map { inventory.relative($0.path) } == ["fastlane/metadata/android"])
        #expect(!inventory.files.contains { inventory.relative($0).hasPrefix("tmp/") })
        #expect(
            inventory.leavingLinks.map(\.description) == ["tmp is a link to \(outside), outside the project: not read"])
    }

    /// Links out of the project (a listing file, gradle.properties) are never read: one PRJ001 each, naming the
    /// link and its target as written, and nothing of what they point to in any finding; an excluded one is
    /// passed over like any excluded path.
    @Test func aLinkOutOfTheProjectIsOnePRJ001AndWhatItPointsToIsNeverRead() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("leaving-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("project")
        let files = [
            "outside/keys.properties": "storePassword=SECRET-7c1\n",
            "outside/config": "token=SECRET-7c1\n",
            "project/settings.gradle.kts": "include(\":app\")\n",
            "project/app/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example.app\" } }\n",
            "project/fastlane/metadata/android/en-US/title.txt": "Example\n",
        ]
        for (path, text) in files {
            let url = scratch.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("gradle.properties").path,
            withDestinationPath: "../outside/keys.properties")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("fastlane/metadata/android/en-US/video.txt").path,
            withDestinationPath: "../../../../../outside/config")
        let inventory = ProjectDiscovery().inventory(of: root.path)
        #expect(
            inventory.leavingLinks.map(\.link) == ["fastlane/metadata/android/en-US/video.txt", "gradle.properties"])
        #expect(
            inventory.leavingLinks.map(\.target) == ["../../../../../outside/config", "../outside/keys.properties"])
        #expect(!inventory.files.contains { $0.hasSuffix("/video.txt") || $0.hasSuffix("/gradle.properties") })
        #expect(
            ProjectDiscovery(excludes: [Glob("gradle.properties")]).inventory(of: root.path).leavingLinks.map(\.link)
                == ["fastlane/metadata/android/en-US/video.txt"])
        let report = try ProjectCheckRequest(projectDirectory: root.path).run().report
        let found = report.files.flatMap(\.diagnostics)
        let unread = found.filter { $0.ruleID == "PRJ001" }
        #expect(
            unread.map(\.file) == [
                root.path + "/fastlane/metadata/android/en-US/video.txt", root.path + "/gradle.properties",
            ])
        #expect(
            unread.first?.message
                == "a symbolic link to ../../../../../outside/config, outside the project: it was not read")
        #expect(!found.contains { ($0.message + ($0.hint ?? "")).contains("SECRET") })
    }
}

@Suite struct AAPT1OptInTests {
    /// A project whose drawables lack top, left or both stretch ticks (aapt2 accepts them, aapt v1 does not),
    /// beside one with both: NP201 is reported only when playprep.yml turns `aapt1` on, once per lacking file.
    @Test func np201ReportsOnlyWithTheAAPT1Setting() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aapt1-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let drawable = root.appendingPathComponent("app/src/main/res/drawable")
        try FileManager.default.createDirectory(at: drawable, withIntermediateDirectories: true)
        for name in ["basic", "no_top_ticks", "no_left_ticks", "no_ticks"] {
            try FileManager.default.copyItem(
                at: Fixtures.testImage("crafted/\(name).9.png"), to: drawable.appendingPathComponent("\(name).9.png"))
        }
        let inventory = ProjectDiscovery().inventory(of: root.path)
        #expect(inventory.ninePatchFiles.count == 4)
        let byDefault = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).run(inventory)
        let off = try ProjectConfiguration.parse("ninepatch:\n  aapt1: false\n", file: "playprep.yml")
        let on = try ProjectConfiguration.parse("ninepatch:\n  aapt1: true\n", file: "playprep.yml")
        let quiet = ProjectChecker(configuration: off, jobs: 1).run(inventory)
        let loud = ProjectChecker(configuration: on, jobs: 1).run(inventory)
        #expect(byDefault.report == quiet.report)
        #expect(!quiet.report.diagnostics.contains { $0.ruleID == "NP201" })
        let np201 = loud.report.diagnostics.filter { $0.ruleID == "NP201" }
        #expect(
            np201.map { inventory.relative($0.file) } == [
                "app/src/main/res/drawable/no_left_ticks.9.png", "app/src/main/res/drawable/no_ticks.9.png",
                "app/src/main/res/drawable/no_top_ticks.9.png",
            ])
        #expect(np201.map(\.location) == [.pixel(x: 0, y: 1), .pixel(x: 1, y: 0), .pixel(x: 1, y: 0)])
        #expect(
            np201.first { $0.file.hasSuffix("/no_ticks.9.png") }?.message.hasPrefix(
                "the top and left borders have no stretch tick") == true)
        #expect(loud.report.diagnostics.filter { $0.ruleID != "NP201" } == quiet.report.diagnostics)
    }
}

@Suite struct FastfileTests {
    /// Every `supply(` of a hostile Fastfile is read once: 14,000 unclosed calls once took 96 s.
    @Test(.timeLimit(.minutes(1))) func aFastfileIsReadInLinearTime() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fastfile-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let locale = root.appendingPathComponent("fastlane/metadata/android/en-US")
        try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
        try "Example".write(to: locale.appendingPathComponent("title.txt"), atomically: true, encoding: .utf8)
        try String(repeating: "supply(\n", count: 14_000)
            .write(to: root.appendingPathComponent("fastlane/Fastfile"), atomically: true, encoding: .utf8)
        let result = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .run(ProjectDiscovery().inventory(of: root.path))
        #expect(
            result.listings == [
                "fastlane/metadata/android: Play via supply if someone runs the Fastfile "
                    + "(no CI runs it, and its signs do not decide) [partial: fastlane/Fastfile:1 `supply(`]; release "
                    + "notes: changelogs/default.txt: no numbered changelog and no known versionCode"
            ])
    }
}
