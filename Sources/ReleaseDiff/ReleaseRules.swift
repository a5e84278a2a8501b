import AndroidBuild
public import Diagnostics

/// A rule that compares this release with the one at `--since REF`: its check gets both builds.
public typealias ReleaseRule = RuleCheck<ReleaseComparison, Diagnostic, Never>

/// What changed between the release at `--since REF` and this one that Play refuses or users feel: each rule one
/// entry, naming both values and where each is set.
public enum ReleaseRules {
    public static let versionCodeNotRaised = ReleaseRule(
        Rule(
            "REL001", "version-code-not-raised", .error,
            "Every release variant's versionCode is greater than at the release it is compared with (--since REF); "
                + "a code computed by CI, which playprep cannot compare, is a note.",
            why: "Play refuses an upload whose versionCode was used (\"Version code 42 has already been used\"), "
                + "after the whole build.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "v1")])
    ) { releases, finding in
        var seen = Set<String>()
        return releases.variantPairs.compactMap { pair -> Diagnostic? in
            guard let before = pair.previous.versionCode?.value else { return nil }
            let id = pair.current.applicationID.value ?? pair.module.name
            let variant = "\(pair.module.name) \(pair.current.name)"
            let was = "\(before) at \(releases.previousPlace(pair.previous.versionCode?.location))"
            let location = pair.current.versionCode?.location
            let file = releases.file(location, module: pair.module)
            let diagnostic: Diagnostic
            if let released = releases.releasedVersionCode, pair.current.applicationID.value != nil {
                guard released.code <= before else { return nil }
                diagnostic = finding.diagnostic(
                    file: file, at: location.map { .text(line: $0.line, column: $0.column) },
                    "versionCode \(released.code) of \(id) (\(released.source)) is not greater than \(was): Play "
                        + "refuses it (\"Version code \(released.code) has already been used\")",
                    hint: "release with a versionCode above \(before)")
            } else if let now = pair.current.versionCode?.value {
                guard now <= before else { return nil }
                diagnostic = finding.diagnostic(
                    file: file, at: location.map { .text(line: $0.line, column: $0.column) },
                    "versionCode \(now) of \(id) (\(variant), \(releases.currentPlace(location))) is not greater "
                        + "than \(was): Play refuses it (\"Version code \(now) has already been used\")",
                    hint: "raise versionCode above \(before)")
            } else if case .unknown(let expression)? = pair.current.versionCode {
                diagnostic = finding.diagnostic(
                    file: file, severity: .note, at: .text(line: expression.location.line),
                    "versionCode of \(id) (\(variant)) is computed (`\(expression.expression)`, "
                        + "\(expression.reason)): playprep cannot compare it with \(was); the code CI gives must "
                        + "be above \(before)",
                    hint: "--version-code N or --artifact FILE compares the code this release uploads")
            } else {
                return nil
            }
            return seen.insert(diagnostic.file + diagnostic.message).inserted ? diagnostic : nil
        }
    }

    public static let applicationIDGone = ReleaseRule(
        Rule(
            "REL002", "application-id-gone", .error,
            "An applicationId released at the compared release (--since REF) is still built: a release id gone or "
                + "renamed is another app on Play.",
            why: "Play treats a new applicationId as a new app: the installed users of the old one get no more "
                + "updates, and its listing, ratings and reviews stay with it.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "renamed")])
    ) { releases, finding in
        var reported = Set<String>()
        return releases.previous.applications.flatMap { before -> [Diagnostic] in
            let module = releases.current.applications.first { $0.name == before.name }
            let nowVariants = module?.releaseVariants ?? []
            // An id playprep cannot evaluate may be the old one: no error on a guess (PRJ002 says why).
            guard nowVariants.allSatisfy({ $0.applicationID.value != nil }) else { return [] }
            let nowIDs = Set(releases.current.applications.flatMap(\.releaseVariants).compactMap(\.applicationID.value))
            return before.releaseVariants.compactMap { variant -> Diagnostic? in
                guard let id = variant.applicationID.value, !nowIDs.contains(id), reported.insert(id).inserted
                else { return nil }
                let successor = nowVariants.first { $0.name == variant.name }
                let now =
                    successor.map { renamed in
                        "builds \(renamed.applicationID.value ?? "") instead "
                            + "(\(releases.currentPlace(renamed.applicationID.location)))"
                    } ?? "is no longer built"
                let location = successor?.applicationID.location
                let file =
                    module.map { releases.file(location, module: $0) } ?? releases.current.root
                return finding.diagnostic(
                    file: file, at: location.map { .text(line: $0.line, column: $0.column) },
                    "applicationId \(id) (\(before.name) \(variant.name), "
                        + "\(releases.previousPlace(variant.applicationID.location))) \(now): Play takes it for "
                        + "another app, and users of \(id) get no more updates",
                    hint: "keep applicationId \(id) for the app on Play")
            }
        }
    }

    public static let minSdkRaised = ReleaseRule(
        Rule(
            "REL003", "min-sdk-raised", .warning,
            "A release variant's minSdk is not higher than at the compared release (--since REF): devices below "
                + "the new level stop getting updates.",
            why: "Users on the dropped API levels keep the old version without being told; deliberate, but "
                + "worth a decision.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "min-sdk-24")])
    ) { releases, finding in
        levelChanges(releases, \.minSdk, finding) { before, now in
            guard now > before else { return nil }
            let levels = now - before
            return "minSdk raised from \(before) to \(now): devices on API \(before)"
                + (levels > 1 ? "–\(now - 1)" : "") + " (\(levels) API level\(levels == 1 ? "" : "s")) stop "
                + "getting updates"
        }
    }

    public static let targetSdkLowered = ReleaseRule(
        Rule(
            "REL004", "target-sdk-lowered", .warning,
            "A release variant's targetSdk is not lower than at the compared release (--since REF).",
            why: "A lower targetSdk brings back old platform behaviours on devices that had the new ones, and "
                + "Play's target level requirement may refuse it.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "target-sdk-33")])
    ) { releases, finding in
        levelChanges(releases, \.targetSdk, finding) { before, now in
            now < before ? "targetSdk lowered from \(before) to \(now)" : nil
        }
    }

    public static let signingConfigChanged = ReleaseRule(
        Rule(
            "REL005", "signing-config-changed", .warning,
            "A release variant is signed with the same signingConfig as at the compared release (--since REF).",
            why: "Play accepts only uploads signed with the upload key it knows; a new config must hold that key.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "signed-other")])
    ) { releases, finding in
        var seen = Set<String>()
        return releases.variantPairs.compactMap { pair -> Diagnostic? in
            guard let before = pair.previous.signingConfig?.value, pair.current.signingConfig?.value != before,
                pair.current.signingConfig.map({ $0.value != nil }) ?? true
            else { return nil }
            let location = pair.current.signingConfig?.location
            let now =
                pair.current.signingConfig?.value.map {
                    "'\($0)' (\(releases.currentPlace(location)))"
                } ?? "no signingConfig (the release is unsigned)"
            let diagnostic = finding.diagnostic(
                file: releases.file(location, module: pair.module),
                at: location.map { .text(line: $0.line, column: $0.column) },
                "\(pair.module.name) \(pair.current.name) was signed with signingConfig '\(before)' "
                    + "(\(releases.previousPlace(pair.previous.signingConfig?.location))) and now with \(now): "
                    + "Play refuses an upload not signed with the upload key it knows",
                hint: "make sure the new config holds the upload key Play expects (playprep check --artifact with "
                    + "--upload-certificate compares the key itself)")
            return seen.insert(diagnostic.file + diagnostic.message).inserted ? diagnostic : nil
        }
    }

    public static let listingPartGone = ReleaseRule(
        Rule(
            "REL006", "listing-part-gone", .note,
            "A locale, screenshot set or feature graphic of a listing tree Play receives that was there at the "
                + "compared release (--since REF) and is gone: Play keeps showing the old one.",
            why: "Nothing is refused: neither supply nor GPP deletes on Play what is gone from the tree, so the "
                + "removal does not reach users unless it is made in Play Console.",
            examples: ReleaseDiffExample.self,
            passing: [.releases("listing-en", then: "listing-en-de")],
            failing: [.releases("listing-en-de", then: "listing-en")])
    ) { releases, finding in
        releases.listings.flatMap { tree -> [Diagnostic] in
            let now = ListingTreeFiles.parts(tree.current, layout: tree.layout)
            let gone = ListingTreeFiles.parts(tree.previous, layout: tree.layout).subtracting(now)
            let goneLocales = Set(
                gone.compactMap { part -> String? in
                    if case .locale(let locale) = part { return locale } else { return nil }
                })
            // A locale gone stands for its screenshot sets and graphics.
            let reported = gone.filter { part in
                if case .locale = part { return true }
                return !goneLocales.contains(part.locale)
            }
            let uploader =
                switch tree.layout {
                case .fastlane:
                    "supply uploads only the locales, screenshot sets and graphics it finds and deletes nothing else"
                case .gpp:
                    "GPP publishes only the listing and image folders that exist (a set whose folder remains is "
                        + "replaced, a folder gone is left alone)"
                }
            return reported.sorted().map { part in
                finding.diagnostic(
                    file: tree.folder,
                    "\(part) was in this tree at \(releases.reference) and is gone: Play keeps the old one, since "
                        + uploader,
                    hint: "remove it in Play Console (Store presence › Main store listing) if it should go")
            }
        }
    }

    /// Every entry, in the order findings are reported.
    public static let entries = [
        versionCodeNotRaised, applicationIDGone, minSdkRaised, targetSdkLowered, signingConfigChanged,
        listingPartGone,
    ]

    /// The rules, for the catalogue.
    public static var all: [Rule] { entries.map(\.rule) }

    /// Every entry's findings on two releases.
    public static func diagnostics(_ releases: ReleaseComparison) -> [Diagnostic] {
        entries.flatMap { $0.findings(on: releases) }
    }

    /// Findings where an API level known on both sides changed as `describe` says (nil: no finding).
    private static func levelChanges(
        _ releases: ReleaseComparison, _ level: KeyPath<BuildVariant, BuildValue<Int>?>, _ finding: RuleOutput,
        describe: (Int, Int) -> String?
    ) -> [Diagnostic] {
        var seen = Set<String>()
        return releases.variantPairs.compactMap { pair -> Diagnostic? in
            guard let before = pair.previous[keyPath: level]?.value, let now = pair.current[keyPath: level]?.value,
                let change = describe(before, now)
            else { return nil }
            let location = pair.current[keyPath: level]?.location
            let diagnostic = finding.diagnostic(
                file: releases.file(location, module: pair.module),
                at: location.map { .text(line: $0.line, column: $0.column) },
                "\(change) for \(pair.current.applicationID.value ?? pair.module.name) "
                    + "(\(releases.previousPlace(pair.previous[keyPath: level]?.location)) → "
                    + "\(releases.currentPlace(location)))")
            return seen.insert(diagnostic.file + diagnostic.message).inserted ? diagnostic : nil
        }
    }
}
