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
            "Every release variant that reaches Play has a versionCode greater than at the release it is compared "
                + "with (--since REF, --previous OLD.apk|aab), and so does the artifact (--artifact). Against REF, "
                + "only the variants the repository shows reaching Play are judged, as strongly as it shows it (an "
                + "error when shown, a warning when partly), naming the upload; the code is the one Play receives "
                + "(a lane's increment_version_code or android_set_version_code applied, a code given with "
                + "--version-code or --artifact over the build's). A code that cannot be evaluated on either side is "
                + "a note.",
            why: "Play refuses an upload whose versionCode was used (\"Version code 42 has already been used\"), "
                + "after the whole build.",
            releaseBound: true, examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "v1")])
    ) { releases, finding in
        // Against the release at REF: each release variant the repository shows reaching Play (or every one, when
        // this release's code is given) and the same variant there.
        let sinceReference = releases.variantPairs.compactMap { pair -> Diagnostic? in
            let delivery = releases.delivery(pair.module, pair.current)
            guard delivery != nil || releases.releasedVersionCode != nil else { return nil }
            switch pair.previous.versionCode {
            case .known(let before, let location)?:
                return versionCodeRise(
                    releases, pair.module, pair.current, above: before,
                    was: "\(before) at \(releases.previousPlace(location))", delivery: delivery, finding)
            case .unknown(let expression)?:
                return previousUnknown(releases, pair, expression, delivery: delivery, finding)
            case nil:
                return nil
            }
        }
        var seen = Set<String>()
        return (sinceReference + versionCodesSincePreviousArtifact(releases, finding)).filter {
            seen.insert($0.file + $0.message).inserted
        }
    }

    public static let applicationIDGone = ReleaseRule(
        Rule(
            "REL002", "application-id-gone", .error,
            "An applicationId released at the compared release (--since REF, --previous OLD.apk|aab) is still "
                + "built, and is the artifact's (--artifact): a release id gone or renamed is another app on Play. "
                + "Against REF, judged where the repository shows the renamed variant (or, for an id no longer "
                + "built, the module) reaching Play, naming the upload.",
            why: "Play treats a new applicationId as a new app: the installed users of the old one get no more "
                + "updates, and its listing, ratings and reviews stay with it; an upload with another package "
                + "name is refused.",
            releaseBound: true, examples: ReleaseDiffExample.self,
            passing: [.releases("v1", then: "v2")], failing: [.releases("v1", then: "renamed")])
    ) { releases, finding in
        var reported = Set<String>()
        let sinceReference = (releases.reference?.build.applications ?? []).flatMap { before -> [Diagnostic] in
            let module = releases.current.applications.first { $0.name == before.name }
            let nowVariants = module?.releaseVariants ?? []
            // An id playprep cannot evaluate may be the old one: no error on a guess (PRJ002 says why).
            guard nowVariants.allSatisfy({ $0.applicationID.value != nil }) else { return [] }
            let nowIDs = Set(releases.current.applications.flatMap(\.releaseVariants).compactMap(\.applicationID.value))
            return before.releaseVariants.compactMap { variant -> Diagnostic? in
                let successor = nowVariants.first { $0.name == variant.name }
                // The successor's upload proves the new id reaches Play; a variant gone, the module's uploads.
                let delivery =
                    module.flatMap { module in
                        successor.map { releases.delivery(module, $0) } ?? releases.strongestDelivery(of: module)
                    }
                guard let id = variant.applicationID.value, !nowIDs.contains(id), let delivery,
                    reported.insert(id).inserted
                else { return nil }
                let now =
                    successor.map { renamed in
                        "builds \(renamed.applicationID.value ?? "") instead "
                            + "(\(releases.currentPlace(renamed.applicationID.location)))"
                    } ?? "is no longer built"
                let location = successor?.applicationID.location
                let file =
                    module.map { releases.file(location, module: $0) } ?? releases.current.root
                var diagnostic = finding.diagnostic(
                    file: file, severity: delivery.severity,
                    at: location.map { .text(line: $0.line, column: $0.column) },
                    "applicationId \(id) (\(before.name) \(variant.name), "
                        + "\(releases.previousPlace(variant.applicationID.location))) \(now): Play takes it for "
                        + "another app, and users of \(id) get no more updates; \(delivery.proof)",
                    hint: "keep applicationId \(id) for the app on Play")
                diagnostic.related = delivery.related
                return diagnostic
            }
        }
        return sinceReference + applicationIDSincePreviousArtifact(releases, finding)
    }

    public static let minSdkRaised = ReleaseRule(
        Rule(
            "REL003", "min-sdk-raised", .warning,
            "A release variant's minSdk is not higher than at the compared release (--since REF): devices below "
                + "the new level stop getting updates.",
            why: "Users on the dropped API levels keep the old version without being told; deliberate, but "
                + "worth a decision.",
            releaseBound: true, examples: ReleaseDiffExample.self,
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
            releaseBound: true, examples: ReleaseDiffExample.self,
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
            releaseBound: true, examples: ReleaseDiffExample.self,
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
            releaseBound: true, examples: ReleaseDiffExample.self,
            passing: [.releases("listing-en", then: "listing-en-de")],
            failing: [.releases("listing-en-de", then: "listing-en")])
    ) { releases, finding in
        releases.listings.flatMap { tree -> [Diagnostic] in
            let reference = releases.reference?.name ?? ""
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
                    "\(part) was in this tree at \(reference) and is gone: Play keeps the old one, since "
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

    /// The one judgement of "versionCode must rise" for a release variant: this release's code against `before`
    /// (`was` says it and where it was released). The code is the one given for this release (`--artifact`,
    /// `--version-code`) when there is one, else the build's as the uploading lane leaves it (`delivery`, whose
    /// proof the finding names and whose strength is its severity); a code playprep cannot evaluate, on either
    /// side, is a note.
    private static func versionCodeRise(
        _ releases: ReleaseComparison, _ module: AndroidModule, _ variant: BuildVariant, above before: Int,
        was: String, delivery: ReleaseComparison.Delivery?, _ finding: RuleOutput
    ) -> Diagnostic? {
        let id = variant.applicationID.value ?? module.name
        let location = variant.versionCode?.location
        let file = releases.file(location, module: module)
        let at = location.map { Location.text(line: $0.line, column: $0.column) }
        if let released = releases.releasedVersionCode, variant.applicationID.value != nil {
            return notRaised(
                released.code, of: id, set: released.source, above: before, was: was, file: file, at: at,
                hint: "release with a versionCode above \(before)", finding)
        }
        let proof = delivery.map { "; " + $0.proof } ?? ""
        if let now = variant.versionCode?.value {
            let place = "\(module.name) \(variant.name), \(releases.currentPlace(location))"
            var set = place
            var seen = now
            if let change = delivery?.versionCodeChange {
                let readsProperties = location?.file.hasSuffix("gradle.properties") == true
                guard let applied = change.applied(to: now, buildReadsProperties: readsProperties) else {
                    return finding.diagnostic(
                        file: file, severity: .note, at: at,
                        "versionCode \(now) of \(id) (\(place)) is changed by \(change.step) before the upload, to a "
                            + "code computed when the lane runs: playprep cannot compare the code Play receives with "
                            + "\(was)" + proof,
                        hint: "--version-code N or --artifact FILE compares the code this release uploads")
                }
                seen = applied
                if case .gradleProperty(let name, _) = change.effect, !readsProperties {
                    set +=
                        "; \(change.step) does not change it: the build sets versionCode itself and AGP reads "
                        + "only android.injected.version.code, not \(name)"
                } else if applied != now {
                    set = "the build's \(now) (\(place)) as \(change.step) leaves it"
                }
            }
            guard
                var diagnostic = notRaised(
                    seen, of: id, set: set, above: before, was: was, file: file, at: at,
                    hint: "raise versionCode above \(before)", finding)
            else { return nil }
            if let delivery {
                diagnostic.message += proof
                diagnostic.severity = delivery.severity
                diagnostic.related = delivery.related
            }
            return diagnostic
        }
        guard case .unknown(let expression)? = variant.versionCode else { return nil }
        return finding.diagnostic(
            file: file, severity: .note, at: .text(line: expression.location.line),
            "versionCode of \(id) (\(module.name)) is computed (`\(expression.expression)`, "
                + "\(expression.reason)): playprep cannot compare it with \(was); the code CI gives must be above "
                + "\(before)" + proof,
            hint: "--version-code N or --artifact FILE compares the code this release uploads")
    }

    /// REL001's note when the versionCode at REF cannot be evaluated: this release's is not compared.
    private static func previousUnknown(
        _ releases: ReleaseComparison, _ pair: ReleaseComparison.VariantPair, _ expression: UnresolvedExpression,
        delivery: ReleaseComparison.Delivery?, _ finding: RuleOutput
    ) -> Diagnostic {
        let location = pair.current.versionCode?.location
        return finding.diagnostic(
            file: releases.file(location, module: pair.module), severity: .note,
            at: location.map { .text(line: $0.line, column: $0.column) },
            "versionCode of \(pair.current.applicationID.value ?? pair.module.name) (\(pair.module.name)) at "
                + "\(releases.previousPlace(expression.location)) is `\(expression.expression)` "
                + "(\(expression.reason)): playprep cannot compare this release's with it"
                + (delivery.map { "; " + $0.proof } ?? ""),
            hint: "--previous OLD.apk|aab compares with the previous release's artifact")
    }

    /// REL001's error when `now` (of `id`, set where `set` says) is not above `before`.
    private static func notRaised(
        _ now: Int, of id: String, set: String, above before: Int, was: String, file: String, at: Location?,
        hint: String, _ finding: RuleOutput
    ) -> Diagnostic? {
        guard now <= before else { return nil }
        return finding.diagnostic(
            file: file, at: at,
            "versionCode \(now) of \(id) (\(set)) is not greater than \(was): Play refuses it (\"Version code "
                + "\(now) has already been used\")", hint: hint)
    }

    /// REL001 against the previous release's artifact (`--previous`): this release's artifact when it is given
    /// (of the same app: another app is REL002's), else each release variant building the previous one's
    /// applicationId.
    private static func versionCodesSincePreviousArtifact(_ releases: ReleaseComparison, _ finding: RuleOutput)
        -> [Diagnostic]
    {
        guard let previous = releases.previousArtifact, let before = previous.versionCode else { return [] }
        let was = "\(before) of the previous release (--previous \(previous.place))"
        if let artifact = releases.artifact {
            guard let now = artifact.versionCode, artifact.applicationID == previous.applicationID else { return [] }
            return notRaised(
                now, of: artifact.applicationID ?? "the artifact", set: "--artifact \(artifact.place)", above: before,
                was: was, file: artifact.file, at: nil, hint: "build this release with a versionCode above \(before)",
                finding
            ).map { [$0] } ?? []
        }
        return releases.current.applications.flatMap { module in
            module.releaseVariants.filter { $0.applicationID.value == previous.applicationID }.compactMap { variant in
                versionCodeRise(
                    releases, module, variant, above: before, was: was,
                    delivery: releases.delivery(module, variant), finding)
            }
        }
    }

    /// REL002 against the previous release's artifact (`--previous`): this release's artifact must carry its
    /// applicationId; without one, some release variant must build it (when every release id is known).
    private static func applicationIDSincePreviousArtifact(_ releases: ReleaseComparison, _ finding: RuleOutput)
        -> [Diagnostic]
    {
        guard let previous = releases.previousArtifact, let id = previous.applicationID else { return [] }
        let was = "applicationId \(id) of the previous release (--previous \(previous.place))"
        if let artifact = releases.artifact {
            guard let now = artifact.applicationID, now != id else { return [] }
            return [
                finding.diagnostic(
                    file: artifact.file,
                    "\(was) is not the artifact's \(now) (--artifact \(artifact.place)): Play refuses the upload "
                        + "(\"Your APK or Android App Bundle needs to have the package name \(id)\"), or takes "
                        + "\(now) for another app",
                    hint: "upload the build of \(id), or give the previous release of \(now) with --previous")
            ]
        }
        let variants = releases.current.applications.flatMap(\.releaseVariants)
        let ids = Set(variants.compactMap(\.applicationID.value))
        // An id playprep cannot evaluate may be the old one: no error on a guess (PRJ002 says why).
        guard !variants.isEmpty, variants.allSatisfy({ $0.applicationID.value != nil }), !ids.contains(id) else {
            return []
        }
        return [
            finding.diagnostic(
                file: previous.file,
                "\(was) is no release variant's now (they build \(ids.sorted().joined(separator: ", "))): Play "
                    + "takes this build for another app, and users of \(id) get no more updates",
                hint: "keep applicationId \(id) for the app on Play, or give the previous release of this app "
                    + "with --previous")
        ]
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
