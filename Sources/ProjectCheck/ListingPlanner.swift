import AndroidBuild
import Diagnostics
import FileAccess
import PlayListingKit

/// One listing as one store receives it: the folders it is read from, and how.
struct ListingTarget: Sendable, Hashable {
    /// How reports name the tree's root (its folder; for GPP the most specific source set's).
    var displayRoot: String
    /// The folders merged into it, least specific first: one for a fastlane tree, a variant's source sets for GPP.
    var layers: [String]
    var options: ListingOptions
    /// Who receives it, in a few words, for the run's summary line.
    var summary: String
}

/// Decides, from the project's files and build, which listings are uploaded where and which release they belong
/// to: a fastlane tree goes to Play when a Fastfile uploads it (the parts its `skip_upload_*` options leave in),
/// otherwise it is F-Droid's; a GPP tree is merged per release variant as GPP merges it; the changelog checked is
/// the one for the versionCode of the app the tree belongs to.
struct ListingPlanner: Sendable {
    var configuration: ProjectConfiguration
    var reader = FileReader(maxBytes: 1 << 20)

    func targets(for inventory: ProjectInventory, build: AndroidBuildModel) -> (
        targets: [ListingTarget], notes: [Diagnostic]
    ) {
        var targets = [ListingTarget]()
        var notes = [Diagnostic]()
        let files = Set(inventory.files)
        var listings = inventory.listings
        for configured in configuration.listingRoots {
            let path = inventory.root + "/" + configured.path
            if !listings.contains(where: { $0.path == path }) {
                listings.append(DiscoveredListing(path: path, kind: configured.layout == .gpp ? .gpp : .fastlane))
            }
        }
        var gppFolders = [String]()
        for listing in listings {
            let configured = configuration.listingRoots.first { inventory.root + "/" + $0.path == listing.path }
            if listing.kind == .gpp && configured?.store != .fdroid {
                gppFolders.append(listing.path)
                continue
            }
            let (target, targetNotes) = fastlaneTarget(
                listing, configured: configured, inventory: inventory, files: files, build: build)
            targets.append(target)
            notes += targetNotes
        }
        targets += gppTargets(gppFolders, build: build, inventory: inventory)
        return (targets, notes)
    }

    // MARK: fastlane trees

    private func fastlaneTarget(
        _ listing: DiscoveredListing, configured: ProjectConfiguration.ListingRootSetting?, inventory: ProjectInventory,
        files: Set<String>, build: AndroidBuildModel
    ) -> (ListingTarget, [Diagnostic]) {
        var options = configuration.listingOptions
        options.layout = configured?.layout ?? .fastlane
        // fastlane runs in the folder above `fastlane/` (or above `metadata/android` without one).
        let runFolder: String
        let treeInRunFolder: String
        if listing.path.hasSuffix("/fastlane/metadata/android") {
            runFolder = String(listing.path.dropLast("/fastlane/metadata/android".count))
            treeInRunFolder = "fastlane/metadata/android"
        } else if listing.path.hasSuffix("/metadata/android") {
            runFolder = String(listing.path.dropLast("/metadata/android".count))
            treeInRunFolder = "metadata/android"
        } else {
            runFolder = inventory.root
            treeInRunFolder = inventory.relative(listing.path)
        }
        let read = { (name: String) -> String? in
            let path = runFolder + "/fastlane/" + name
            guard files.contains(path), let bytes = try? reader.read(path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let fastlane = FastlaneFiles(fastfile: read("Fastfile"), appfile: read("Appfile"))
        let uploads = fastlane.uploadedParts(ofTreeAt: treeInRunFolder)
        let summary: String
        switch (configured?.store, listing.kind) {
        case (.fdroid?, _), (nil, .fDroid):
            options.store = .fdroid
            summary = "F-Droid"
        case (.play?, _):
            options.store = .play
            options.uploads = uploads.isEmpty ? .all : uploads
            summary = "Play (configured)"
        case (nil, _) where uploads.isEmpty:
            options.store = .fdroid
            summary = "F-Droid (no Fastfile uploads it to Play)"
        case (nil, _):
            options.store = .play
            options.uploads = uploads
            summary = "Play via supply" + (uploads == .all ? "" : " (\(Self.describe(uploads)))")
        }
        var notes = [Diagnostic]()
        let readsChangelogs = options.store == .fdroid || options.uploads.contains(.changelogs)
        if options.versionCodes.isEmpty, readsChangelogs {
            let variants = releaseVariants(for: listing.path, packageName: fastlane.uploadedPackage, build: build)
            (options.versionCodes, notes) = Self.versionCodes(of: variants)
        }
        let target = ListingTarget(
            displayRoot: listing.path, layers: [listing.path], options: options,
            summary: inventory.relative(listing.path) + ": " + summary)
        return (target, notes)
    }

    /// The release variants a fastlane tree belongs to: those of the application module it sits in, else of the
    /// app the Fastfile uploads (by package name), else of every application module; a flavour tree
    /// (`src/<flavour>/fastlane/…`) keeps that flavour's.
    private func releaseVariants(for path: String, packageName: String?, build: AndroidBuildModel) -> [BuildVariant] {
        let owner = build.applications
            .filter { $0.gradlePath != ":" && path.hasPrefix($0.directory + "/") }
            .max { $0.directory.count < $1.directory.count }
        var variants = (owner.map { [$0] } ?? build.applications).flatMap(\.releaseVariants)
        if owner == nil, let packageName {
            let matching = variants.filter { $0.applicationID.value == packageName }
            if !matching.isEmpty { variants = matching }
        }
        let parts = path.split(separator: "/").map(String.init)
        if let src = parts.lastIndex(of: "src"), src + 1 < parts.count, parts.dropFirst(src + 2).first == "fastlane" {
            let flavour = parts[src + 1]
            variants = variants.filter { $0.flavors.contains(flavour) }
        }
        return variants
    }

    /// The versionCodes of those variants (each one's changelog is current), and a note for each that cannot be
    /// evaluated.
    private static func versionCodes(of variants: [BuildVariant]) -> ([Int], [Diagnostic]) {
        var known = Set<Int>()
        var unknown = [UnresolvedExpression]()
        for variant in variants {
            switch variant.versionCode {
            case .known(let value, _)?: known.insert(value)
            case .unknown(let expression)?: if !unknown.contains(expression) { unknown.append(expression) }
            case nil: break
            }
        }
        let notes = unknown.map { expression in
            ProjectRules.unresolvedBuildValue.diagnostic(
                file: expression.location.file,
                at: .text(line: expression.location.line, column: expression.location.column),
                "versionCode is `\(expression.expression)`, which playprep cannot evaluate (\(expression.reason)), so the "
                    + "changelog checked is changelogs/default.txt; pass --version-code or set listing.versionCode in playprep.yml"
            )
        }
        return (known.sorted(), notes)
    }

    private static func describe(_ parts: UploadedParts) -> String {
        let names: [(UploadedParts, String)] = [
            (.text, "text"), (.changelogs, "changelogs"), (.images, "images"), (.screenshots, "screenshots"),
        ]
        return names.filter { parts.contains($0.0) }.map(\.1).joined(separator: ", ") + " only"
    }

    // MARK: Gradle Play Publisher

    /// One target per distinct merge of source-set folders over the release variants of each module; a folder
    /// no modelled variant uses is checked on its own (its module was not understood), unless it belongs to a
    /// debuggable-only source set of a known app, which GPP never uploads.
    private func gppTargets(_ folders: [String], build: AndroidBuildModel, inventory: ProjectInventory)
        -> [ListingTarget]
    {
        var targets = [ListingTarget]()
        var used = Set<String>()
        for module in build.applications {
            let own = folders.filter { $0.hasPrefix(module.directory + "/src/") }
            guard !own.isEmpty else { continue }
            var merges = [[String]: [String]]()
            var order = [[String]]()
            for variant in module.releaseVariants {
                let layers = variant.sourceSets.map { module.directory + "/src/" + $0 + "/play" }.filter(own.contains)
                guard !layers.isEmpty else { continue }
                if merges[layers] == nil { order.append(layers) }
                merges[layers, default: []].append(variant.name)
            }
            for layers in order {
                used.formUnion(layers)
                var options = configuration.listingOptions
                options.layout = .gpp
                options.store = .play
                targets.append(
                    ListingTarget(
                        displayRoot: layers[layers.count - 1], layers: layers, options: options,
                        summary: layers.map(inventory.relative).joined(separator: " + ") + ": Play via GPP for "
                            + (merges[layers] ?? []).joined(separator: ", ")))
            }
            used.formUnion(own)
        }
        for folder in folders where !used.contains(folder) {
            var options = configuration.listingOptions
            options.layout = .gpp
            options.store = .play
            targets.append(
                ListingTarget(
                    displayRoot: folder, layers: [folder], options: options,
                    summary: inventory.relative(folder) + ": Play via GPP"))
        }
        return targets
    }
}
