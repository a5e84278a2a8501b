public import ArtifactKit
import Diagnostics
import Foundation
public import PlayListingKit
public import UploadWiring

/// The release as playprep understands it, before anything is judged (`playprep plan`): the application modules
/// and their release variants, each listing tree with who reads it and the evidence, and the files each store
/// receives; with an artifact, the Play Console declarations it needs, and the forms every app files. A value
/// with a text and a JSON rendering.
public struct ReleasePlan: Sendable, Hashable, Codable {
    /// A value read from the build, or why it could not be.
    public struct BuildFact: Sendable, Hashable, Codable {
        public var value: String?
        /// A whole number known only as a floor an environment variable may raise (`max(env, 100000)`).
        public var atLeast: Int?
        /// Where it is set (`app/build.gradle:12`), or the expression and why it cannot be evaluated.
        public var source: String
    }

    public struct Variant: Sendable, Hashable, Codable {
        public var name: String
        public var applicationId: BuildFact
        public var versionCode: BuildFact
        /// The targetSdk Play's target API level requirement judges (TGT001).
        public var targetSdk: BuildFact
    }

    public struct Module: Sendable, Hashable, Codable {
        /// The module as reports name it: its Gradle path, after its build's folder below the project root
        /// (`android/:app`).
        public var name: String
        public var gradlePath: String
        public var buildFile: String?
        /// The plugins that make it an app (and GPP), with where they are applied.
        public var plugins: [String]
        public var releaseVariants: [Variant]
    }

    public struct Listing: Sendable, Hashable, Codable {
        /// The tree's folders, least specific first (GPP merges several).
        public var folders: [String]
        /// The layout as the store reads it (`fastlane supply`, `Gradle Play Publisher (Triple-T)`, `F-Droid, …`).
        public var layout: String
        /// `play` or `fdroid`: whose rules judge it.
        public var store: String
        public var proof: PlayProof
        public var readers: String
        public var evidence: [Evidence]
        /// Every upload found for the tree, strongest first: which parts each sends and what proves it.
        public var senders: [PartSender]
        /// Which release notes are judged, and why.
        public var releaseNotes: String
        /// The files the store receives, relative to the project, in path order.
        public var receives: [String]
        /// What the store receives slot by slot per locale, and what it gets where a file is missing.
        public var delivery: ListingDelivery?
    }

    /// The CI configurations read (relative to the project).
    var ciFiles: [String]
    /// The CI configurations read, as a count per folder (a folder's only file by its path), as `text` words them.
    var ciFolders: [String] { Self.countedByFolder(ciFiles) }
    /// The Gradle builds read and not read, and the modules not read.
    var builds: BuildSummary
    /// The Fastfiles read, with the files they import.
    var fastfiles: [String] = []
    /// What the upload readers did not read (an `import_from_git`, a missing import), each with why: a tree no
    /// upload is found for may still be sent by them.
    public var unread: [String] = []
    /// Listing trees no store reads, one line each.
    public var unjudged: [String] = []
    public var modules: [Module]
    public var listings: [Listing]
    /// The App content declarations the released artifact's merged manifest makes Play ask for (`--artifact`).
    public var declarations: DeclarationChecklist?
    /// Without an artifact, the declarations each group of release variants may need by its source manifests
    /// (merged as the merger does) or the manifest merger's report.
    public var sourceDeclarations: [DeclarationChecklist] = []
    /// The forms every app files, listed when the plan has an app or an artifact.
    var appLevelForms: [AppLevelForm] = []

    /// The release `--since REF` compared with: its reference and commit, its release variants, and what the REL
    /// rules find (`check --since` reports the same).
    public struct Comparison: Sendable, Hashable, Codable {
        public var release: String
        public var variants: [String]
        public var findings: [String]
    }

    public var comparison: Comparison?

    /// For people: one block per module and listing.
    public var text: String { text(verbose: false) }

    /// For people: one block per module and listing; `verbose` lists every CI configuration read rather than a
    /// count per folder.
    public func text(verbose: Bool) -> String {
        var lines = [
            "CI configurations read: "
                + (ciFiles.isEmpty ? "none" : (verbose ? ciFiles : ciFolders).joined(separator: ", "))
        ]
        if !fastfiles.isEmpty { lines.append("Fastfiles read: " + fastfiles.joined(separator: ", ")) }
        if !unread.isEmpty {
            lines.append("Not read (uploads may hide there):")
            lines += unread.map { "  \($0)" }
        }
        lines.append("")
        if !builds.builds.isEmpty { lines.append("Gradle builds: " + builds.builds.joined(separator: ", ")) }
        lines.append(modules.isEmpty ? "Application modules: none found" : "Application modules:")
        for module in modules {
            lines.append("  \(module.name) (\(module.buildFile ?? "no build file"))")
            if !module.plugins.isEmpty { lines.append("    plugins: " + module.plugins.joined(separator: ", ")) }
            if module.releaseVariants.isEmpty { lines.append("    no release variant") }
            for variant in module.releaseVariants {
                lines.append(
                    "    \(variant.name): applicationId \(Self.render(variant.applicationId)), versionCode "
                        + Self.render(variant.versionCode) + ", targetSdk " + Self.render(variant.targetSdk))
            }
        }
        lines += builds.lines
        lines.append("")
        lines.append(listings.isEmpty && unjudged.isEmpty ? "Listings: none found" : "Listings:")
        lines += unjudged.map { "  " + $0 }
        for listing in listings {
            lines.append("  \(listing.folders.joined(separator: " + ")) (\(listing.layout))")
            lines.append("    read by: \(listing.readers) [proof: \(listing.proof.rawValue)]")
            for evidence in listing.evidence { lines.append("      evidence: \(evidence)") }
            if !listing.senders.isEmpty {
                lines.append("    uploads:")
                for sender in listing.senders {
                    lines.append(
                        "      \(sender.what): \(sender.parts.joined(separator: ", ")) [\(sender.proof.rawValue)]"
                            + (sender.why.isEmpty ? "" : " (\(sender.why))"))
                    lines += sender.evidence.prefix(4).map { "        \($0)" }
                }
            }
            if listing.store == "fdroid", listing.proof == .none, !unread.isEmpty {
                lines.append("    (no upload found, but \(unread.count) wiring files were not read: see above)")
            }
            lines.append("    release notes: \(listing.releaseNotes)" + Self.missingNotes(listing.delivery))
            let count = listing.receives.count
            lines.append(
                "    \(listing.store == "play" ? "Play" : "F-Droid") receives \(count) \(count == 1 ? "file" : "files")"
                    + (listing.delivery.map { " (\($0.layout))" } ?? "") + (count == 0 ? "" : ":"))
            lines += listing.delivery.map(Self.lines(of:)) ?? listing.receives.map { "      " + $0 }
        }
        if let declarations {
            lines.append("")
            lines.append("Play Console declarations of \(declarations.artifact):")
            lines += declarations.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                "  " + $0
            }
        } else if !modules.isEmpty {
            lines.append("")
            lines.append(
                "Play Console declarations by the source manifests (the release's merged manifest decides: give its "
                    + "APK or AAB with --artifact):")
            for checklist in sourceDeclarations {
                lines += checklist.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                    "  " + $0
                }
            }
        }
        if let comparison {
            lines.append("")
            lines.append("Compared with \(comparison.release):")
            lines += comparison.variants.map { "  " + $0 }
            lines +=
                comparison.findings.isEmpty
                ? ["  no change the REL rules report"] : comparison.findings.map { "  " + $0 }
        }
        if !appLevelForms.isEmpty {
            lines.append("")
            lines.append("App content forms every app files (not visible offline; playprep never reports them):")
            for form in appLevelForms {
                lines.append(
                    "  - \(form.form): \(form.requirement)" + (form.playText.map { " (Play: \"\($0)\")" } ?? ""))
            }
        }
        // Each entry is one line: a line break or control character from the repository is shown, not obeyed.
        return lines.map(ConsoleText.field).joined(separator: "\n") + "\n"
    }

    /// For tools: the same, as pretty-printed JSON with sorted keys (`JSONReporter.encode`).
    public var json: String { JSONReporter.encode(self) }

    /// A delivery's lines: per locale, each slot with its files (named from the locale folder; a folder's files
    /// after it once), then the missing slots, one line per what is sent instead.
    private static func lines(of delivery: ListingDelivery) -> [String] {
        var lines = [String]()
        let present = { (slot: ListingDelivery.Slot, folder: String) -> String in
            let files = slot.files.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }
            let parent = files.first.map { Self.parent(of: $0) } ?? ""
            let named =
                files.count > 1 && !parent.isEmpty && files.allSatisfy({ Self.parent(of: $0) == parent })
                ? "\(parent)/ \(files.map { String($0.dropFirst(parent.count + 1)) }.joined(separator: ", "))"
                : files.joined(separator: ", ")
            return "\(slot.name): \(named)" + (slot.instead.map { " (\($0))" } ?? "")
        }
        let missing = { (slots: [ListingDelivery.Slot]) -> [String] in
            var order = [String]()
            var names = [String: [String]]()
            for slot in slots where slot.files.isEmpty {
                let why = slot.instead ?? "missing"
                if names[why] == nil { order.append(why) }
                names[why, default: []].append(slot.name)
            }
            return order.map { "missing (\($0)): " + (names[$0] ?? []).joined(separator: ", ") }
        }
        if !delivery.details.isEmpty {
            let sent = delivery.details.filter { !$0.files.isEmpty }
            let folder = sent.first.map { Self.parent(of: $0.files[0]) }
            lines.append("      app details" + (folder.map { " (\($0))" } ?? "") + ":")
            lines += sent.map { "        " + present($0, folder ?? "") }
            lines += missing(delivery.details).map { "        " + $0 }
        }
        for locale in delivery.locales {
            lines.append("      \(locale.locale) (\(locale.folder)):")
            lines += locale.slots.filter { !$0.files.isEmpty }.map { "        " + present($0, locale.folder) }
            lines += missing(locale.slots).map { "        " + $0 }
        }
        return lines
    }

    /// How many locales lack the release's own supply changelog (and get `default.txt` or an empty text), so
    /// the release notes line never names a file as if every locale had it.
    static func missingNotes(_ delivery: ListingDelivery?) -> String {
        guard let locales = delivery?.locales else { return "" }
        let lacking = locales.filter { locale in
            locale.slots.contains { $0.name.hasPrefix("changelogs (") && $0.instead != nil }
        }
        return lacking.isEmpty ? "" : " (\(lacking.count) of \(locales.count) locales lack it: see below)"
    }

    /// Files as a count per folder (its first two levels: `.github/actions/x/action.yml` counts under
    /// `.github/actions`), in first-seen order: `.github/workflows/ (5 files)`; a folder's only file by its path.
    static func countedByFolder(_ files: [String]) -> [String] {
        var order = [String]()
        var byFolder = [String: [String]]()
        for file in files {
            let folder = Self.parent(of: file).split(separator: "/").prefix(2).joined(separator: "/")
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(file)
        }
        return order.map { folder in
            let files = byFolder[folder] ?? []
            return files.count == 1 ? files[0] : "\(folder.isEmpty ? "." : folder)/ (\(files.count) files)"
        }
    }

    /// The folder part of a `/`-separated path; empty for a file at the top.
    private static func parent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    private static func render(_ fact: BuildFact) -> String {
        if let floor = fact.atLeast { return "≥ \(floor) (\(fact.source))" }
        return fact.value.map { "\($0) (\(fact.source))" } ?? "unknown (\(fact.source))"
    }
}
