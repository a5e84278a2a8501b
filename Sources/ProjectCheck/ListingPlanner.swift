import AndroidBuild
import Diagnostics
import FileAccess
import PlayListingKit
import UploadWiring

/// One listing as one store receives it: the folders it is read from, and how.
struct ListingTarget: Sendable, Hashable {
    /// How reports name the tree's root (its folder; for GPP the most specific source set's).
    var displayRoot: String
    /// The folders merged into it, least specific first: one for a fastlane tree, a variant's source sets for GPP.
    var layers: [String]
    var options: ListingOptions
    /// Who receives it, in a few words, for the run's summary line.
    var summary: String
    /// Who reads it and what shows it.
    var readers: ListingReaders
    /// Which release notes are judged, and why (`changelogs/1234.txt: the build's versionCode`).
    var releaseNotes: String

    /// Files a step copies into the tree before uploading it: path in the tree → the full path of the project
    /// file copied there.
    var copies: [String: String] = [:]
    /// The project: a copied file that a link or `..` takes out of it is refused unread.
    var project: ProjectBoundary?

    /// The tree as its uploads send it, from the walked files: the locales its uploads send (only the shown and
    /// live ones' when `proven`), and the files copied into it.
    func source(
        in walked: ListingFileIndex, proven: Bool = false, maxFileBytes: Int = DirectoryFileSource.defaultMaxFileBytes
    ) -> SentListingSource {
        let locales = proven ? readers.provenLocales : readers.locales
        let folders = layers.flatMap { layer in locales?.map { layer + "/" + $0 } ?? [layer] }
        return SentListingSource(
            committed: LayeredFileSource(
                layers: layers, files: folders.flatMap(walked.files(under:)), maxFileBytes: maxFileBytes),
            copies: copies, reader: FileReader(maxBytes: maxFileBytes, within: project))
    }

    /// Whether some of what Play receives is sent only by uploads the repository cannot decide: parts or locale
    /// folders beyond what shown and live uploads send.
    var isPartlyUndecided: Bool {
        readers.store == .play
            && (!options.uploads.subtracting(readers.provenParts).isEmpty
                || readers.provenLocales.map { proven in readers.locales.map { Set($0) != Set(proven) } ?? true }
                    == true)
    }
}

/// The listings of a project with who reads each, and what the upload readers could not read.
struct ListingPlan: Sendable {
    var targets: [ListingTarget]
    /// Fastfile imports (and other wiring) that were not read, each with why.
    var unread: [UnreadWiring]
    /// The Fastfiles read (and the files they import), relative to the project.
    var fastfiles: [String]
    /// Trees in fastlane's layout that no store reads, one line each: no upload names them, and they are not where
    /// F-Droid looks.
    var unjudged: [String] = []
    /// The release variants the uploads send to Play, each with its strongest proof (the TGT and REL rules').
    var variantUploads: [VariantUpload] = []
}

/// Decides, from the project's files and build, which listings are uploaded where and which release they belong
/// to: a fastlane tree goes to Play when an upload sends it (CI, or a hand-run lane that is live; the parts its
/// `skip_upload_*` options leave in), otherwise it is F-Droid's; a GPP tree is merged per release variant as GPP
/// merges it; the changelog checked is the one for the versionCode of the app the tree belongs to.
struct ListingPlanner: Sendable {
    var configuration: ProjectConfiguration
    var reader = FileReader(maxBytes: 1 << 20)

    func plan(for inventory: ProjectInventory, build: AndroidBuildModel, ci: ContinuousIntegration) -> ListingPlan {
        let repository = ProjectFiles(
            root: inventory.root, walked: inventory.files, maxBytes: FastlaneFiles.Limits.fileBytes)
        let evidence = UploadEvidence(input: UploaderInput(ci: ci, build: build, repository: repository))
        let fdroid = FDroidListing(root: inventory.root, files: inventory.files, reader: reader)
        var targets = [ListingTarget]()
        let files = Set(inventory.files)
        var listings = inventory.listings
        for tree in evidence.namedTrees().map(repository.path) where !listings.contains(where: { $0.path == tree }) {
            listings.append(DiscoveredListing(path: tree, kind: .fastlane))
        }
        for configured in configuration.listingRoots {
            let path = inventory.root + "/" + configured.path
            if !listings.contains(where: { $0.path == path }) {
                listings.append(DiscoveredListing(path: path, kind: configured.layout == .gpp ? .gpp : .fastlane))
            }
        }
        var gppFolders = [String]()
        var unjudged = [String]()
        for listing in listings {
            let configured = configuration.listingRoots.first { inventory.root + "/" + $0.path == listing.path }
            if listing.kind == .gpp && configured?.store != .fdroid {
                gppFolders.append(listing.path)
                continue
            }
            let found = fastlaneTargets(
                listing, configured: configured, inventory: inventory, files: files, build: build,
                evidence: evidence, fdroid: fdroid)
            // fdroidserver reads `…/fastlane/metadata/android`, never another `metadata/android` (a flavour copied
            // over the tree by a lane, a supply metadata_path): such a tree nothing uploads is nobody's.
            if configured == nil, listing.kind == .fastlane, !listing.path.hasSuffix("/fastlane/metadata/android"),
                found.allSatisfy({ $0.readers.store == .fdroid && $0.readers.senders.isEmpty })
            {
                unjudged.append(
                    inventory.relative(listing.path)
                        + ": no store reads it (no upload names it, and F-Droid reads only …/fastlane/metadata/android)"
                )
                continue
            }
            targets += found
        }
        targets += gppTargets(gppFolders, build: build, inventory: inventory, evidence: evidence)
        let variantUploads = evidence.variantUploads { module in
            evidence.gppReaders(
                module: module, mention: pluginMention(in: module, inventory: inventory),
                evidence: { pluginEvidence($0, inventory: inventory) })
        }
        return ListingPlan(
            targets: targets, unread: evidence.unread, fastfiles: evidence.fastfiles, unjudged: unjudged,
            variantUploads: variantUploads)
    }

    // MARK: fastlane trees

    /// The stores that read a fastlane tree: Play as its uploads show (or F-Droid when none does), and also
    /// F-Droid when the tree goes to Play and the repository links F-Droid's page of the app.
    private func fastlaneTargets(
        _ listing: DiscoveredListing, configured: ProjectConfiguration.ListingRootSetting?, inventory: ProjectInventory,
        files: Set<String>, build: AndroidBuildModel, evidence: UploadEvidence, fdroid: FDroidListing
    ) -> [ListingTarget] {
        let tree = inventory.relative(listing.path)
        // A tree named after the app it describes (`app-metadata/<applicationId>`) belongs to that app.
        let uploadedPackage = evidence.uploadedPackage(forTree: tree)
        let packageName = uploadedPackage ?? listing.path.split(separator: "/").last.map(String.init)
        let variants = releaseVariants(
            for: listing.path, packageName: packageName, build: build,
            laneOptions: evidence.laneOptionValues(forTree: tree))
        let readers: ListingReaders
        switch (configured?.store, listing.kind) {
        case (.fdroid?, _):
            readers = ListingReaders(
                proof: .none, store: .fdroid, reason: "F-Droid (configured)",
                evidence: [Self.configurationEvidence(configured)], parts: [.text, .changelogs])
        case (nil, .fDroid):
            readers = ListingReaders(
                proof: .none, store: .fdroid, reason: "F-Droid (a layout only F-Droid reads)", evidence: [],
                parts: [.text, .changelogs])
        case (.play?, _):
            let named = evidence.fastlaneReaders(
                tree: tree, locales: [], versionCodes: [], newestChangelog: nil)
            readers = ListingReaders(
                proof: .shown, store: .play, reason: "Play (configured)",
                evidence: [Self.configurationEvidence(configured)],
                parts: named.store == .play && !named.parts.isEmpty ? named.parts : .all)
        case (nil, _):
            readers = evidence.fastlaneReaders(
                tree: tree, locales: Self.localeFolders(in: listing.path, files: files),
                versionCodes: Self.versionCodes(of: variants),
                newestChangelog: ReleaseNotesChoice(withoutVersionCodeIn: files, tree: listing.path).versionCodes.first)
        }
        var stores = [readers]
        let ids = variants.compactMap(\.applicationID.value) + (uploadedPackage.map { [$0] } ?? [])
        let link = configured?.store == nil ? fdroid.evidence(forAny: ids) : nil
        if readers.store == .fdroid, let link {
            // The repository's link to F-Droid's page of the app is the first proof that F-Droid reads the tree.
            stores[0].evidence.insert(link, at: 0)
        } else if readers.store == .play, let link {
            stores.append(
                ListingReaders(
                    proof: .none, store: .fdroid,
                    reason: "also F-Droid (the repository links F-Droid's page of the app)",
                    evidence: [link], parts: [.text, .changelogs]))
        }
        return stores.map { readers in
            fastlaneTarget(
                listing, readers: readers, layout: configured?.layout ?? .fastlane, variants: variants,
                inventory: inventory, files: files)
        }
    }

    /// The locale folders of a fastlane tree: the folders directly under it that hold walked files.
    private static func localeFolders(in tree: String, files: Set<String>) -> [String] {
        let prefix = tree + "/"
        var locales = Set<String>()
        for file in files {
            guard let rest = file.droppingPrefix(prefix) else { continue }
            if let slash = rest.firstIndex(of: "/") { locales.insert(String(rest[..<slash])) }
        }
        return locales.sorted()
    }

    /// The tree as `readers`' store reads it, with the release notes of the release `variants` build.
    private func fastlaneTarget(
        _ listing: DiscoveredListing, readers: ListingReaders, layout: ListingLayout, variants: [BuildVariant],
        inventory: ProjectInventory, files: Set<String>
    ) -> ListingTarget {
        var options = configuration.listingOptions
        options.layout = layout
        options.store = readers.store
        if readers.store == .play {
            options.uploads = readers.parts
            // supply sends each folder directly under its metadata_path as a language.
            options.rootIsExact = true
        }
        var releaseNotes = "changelogs/default.txt: no changelog is uploaded"
        var versionUnknown = false
        let readsChangelogs = options.store == .fdroid || options.uploads.contains(.changelogs)
        if readsChangelogs {
            if !options.versionCodes.isEmpty {
                releaseNotes = Self.changelogNames(options.versionCodes) + ": the version being released (configured)"
            } else {
                options.versionCodes = Self.versionCodes(of: variants)
                if !options.versionCodes.isEmpty {
                    releaseNotes = Self.changelogNames(options.versionCodes) + ": the build's versionCode"
                } else {
                    let choice = ReleaseNotesChoice(withoutVersionCodeIn: files, tree: listing.path)
                    versionUnknown = true
                    if let floor = Self.minimumVersionCode(of: variants),
                        let newest = choice.versionCodes.first, newest < floor
                    {
                        // Every numbered changelog is below the least versionCode the build can have: supply
                        // sends default.txt.
                        releaseNotes =
                            "changelogs/default.txt: the versionCode is at least \(floor), above every numbered changelog"
                    } else {
                        options.versionCodes = choice.versionCodes
                        releaseNotes = choice.description
                    }
                }
            }
        }
        // Without a versionCode the judged changelog is a guess: the run's listing line says which.
        let summary =
            readers.reason + Self.describe(readers) + (versionUnknown ? "; release notes: " + releaseNotes : "")
        return ListingTarget(
            displayRoot: listing.path, layers: [listing.path], options: options,
            summary: inventory.relative(listing.path) + ": " + summary, readers: readers,
            releaseNotes: releaseNotes, copies: readers.copies.mapValues { inventory.root + "/" + $0 },
            project: ProjectBoundary(root: inventory.root))
    }

    /// `playprep.yml`'s `listing.roots` entry as evidence.
    private static func configurationEvidence(_ configured: ProjectConfiguration.ListingRootSetting?) -> Evidence {
        Evidence(file: "playprep.yml", line: configured?.line ?? 1, quote: "path: \(configured?.path ?? "")")
    }

    /// ` (shown: file:line `quote`)` for the summary line.
    static func describe(_ readers: ListingReaders) -> String {
        guard let first = readers.evidence.first else { return "" }
        let parts = readers.store == .play && readers.parts != .all ? "; " + describe(readers.parts) : ""
        return " [\(readers.proof.rawValue): \(first)\(parts)]"
    }

    private static func changelogNames(_ versionCodes: [Int]) -> String {
        versionCodes.map { "changelogs/\($0).txt" }.joined(separator: ", ")
    }

    /// The release variants a fastlane tree belongs to: those of the application module it sits in, else of the
    /// app the Fastfile uploads (by package name), else of every application module; a flavour tree
    /// (`src/<flavour>/fastlane/…`) keeps that flavour's. An app another embeds (a Wear app) shares its listing:
    /// the embedding app's versionCode picks the release notes (``AndroidBuildModel/releaseNotesOwner(of:)``). A
    /// tree that sits in no module but is sent by runs whose lane option names one application module
    /// (`app:WooCommerce-Wear` → `:WooCommerce-Wear`, uploaded as its own app) belongs to that module.
    private func releaseVariants(
        for path: String, packageName: String?, build: AndroidBuildModel, laneOptions: [String]
    ) -> [BuildVariant] {
        let owner = build.applications
            .filter { $0.gradlePath != ":" && path.hasPrefix($0.directory + "/") }
            .max { $0.directory.count < $1.directory.count }
        let named = build.applications.filter { module in
            laneOptions.contains { $0 == module.gradlePath.split(separator: ":").last.map(String.init) }
        }
        let modules =
            owner.map { [build.releaseNotesOwner(of: $0)] }
            ?? (named.count == 1 ? named : build.releaseNotesApplications)
        var variants = modules.flatMap(\.releaseVariants)
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

    /// The least versionCode every one of `variants` can have, when each is only known as a floor an environment
    /// variable may raise (``BuildVariant/minimumVersionCode``); nil when any may be lower.
    private static func minimumVersionCode(of variants: [BuildVariant]) -> Int? {
        let floors = variants.map(\.minimumVersionCode)
        guard !floors.isEmpty, !floors.contains(nil) else { return nil }
        return floors.compactMap { $0 }.min()
    }

    /// The known versionCodes of those variants: each one's changelog is current. `UnresolvedBuildValues` names the
    /// modules whose versionCode is not known.
    private static func versionCodes(of variants: [BuildVariant]) -> [Int] {
        Set(variants.compactMap { $0.versionCode?.value }).sorted()
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
    /// debuggable-only source set of a known app, which GPP never uploads. Without Gradle Play Publisher applied
    /// to the module, the folder is F-Droid's (fdroidserver reads the Triple-T layout).
    private func gppTargets(
        _ folders: [String], build: AndroidBuildModel, inventory: ProjectInventory, evidence: UploadEvidence
    ) -> [ListingTarget] {
        var targets = [ListingTarget]()
        var used = Set<String>()
        for module in build.applications {
            let own = folders.filter { $0.hasPrefix(module.directory + "/src/") }
            guard !own.isEmpty else { continue }
            let readers = evidence.gppReaders(
                module: module, mention: pluginMention(in: module, inventory: inventory),
                evidence: { pluginEvidence($0, inventory: inventory) })
            var merges = [[String]: [String]]()
            var order = [[String]]()
            // A variant GPP's configuration does not publish (`play { enabled }`, `playConfigs`) is F-Droid's only.
            let unpublished = ""
            for variant in module.releaseVariants {
                let layers = variant.sourceSets.map { module.directory + "/src/" + $0 + "/play" }.filter(own.contains)
                guard !layers.isEmpty else { continue }
                let key = layers + (readers.store == .play && !variant.isPublishedByGPP ? [unpublished] : [])
                if merges[key] == nil { order.append(key) }
                merges[key, default: []].append(variant.name)
            }
            for key in order {
                let layers = key.filter { $0 != unpublished }
                used.formUnion(layers)
                let variants = (merges[key] ?? []).joined(separator: ", ")
                targets.append(
                    gppTarget(
                        layers,
                        readers: key.count == layers.count
                            ? readers
                            : ListingReaders(
                                proof: .none, store: .fdroid,
                                reason: "F-Droid (Triple-T layout; GPP's configuration does not publish \(variants))",
                                evidence: [], parts: [.text, .changelogs]),
                        inventory: inventory, evidence: evidence, forVariants: variants))
            }
            used.formUnion(own)
        }
        for folder in folders where !used.contains(folder) {
            let owner = build.modules.filter { folder.hasPrefix($0.directory + "/src/") }
                .max { $0.directory.count < $1.directory.count }
            targets.append(
                gppTarget(
                    [folder],
                    readers: evidence.gppReaders(
                        module: owner, mention: owner.flatMap { pluginMention(in: $0, inventory: inventory) },
                        evidence: { pluginEvidence($0, inventory: inventory) }),
                    inventory: inventory, evidence: evidence, forVariants: nil))
        }
        return targets
    }

    /// The line of the build file that applies `plugin` (or the convention plugin that applies it).
    private func pluginEvidence(_ plugin: AppliedPlugin, inventory: ProjectInventory) -> Evidence {
        let lines = (try? reader.read(plugin.location.file)).map {
            String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        let line = lines.flatMap { $0.indices.contains(plugin.location.line - 1) ? $0[plugin.location.line - 1] : nil }
        return Evidence(
            file: inventory.relative(plugin.location.file), line: plugin.location.line,
            quote: line.map(String.init) ?? plugin.id)
    }

    /// The first line of the module's build file that names Gradle Play Publisher.
    private func pluginMention(in module: AndroidModule, inventory: ProjectInventory) -> Evidence? {
        guard let file = module.buildFile, let bytes = try? reader.read(file) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains("com.github.triplet.play") || $0.contains("plugins.triplet") }.map {
            Evidence(file: inventory.relative(file), line: $0 + 1, quote: String(lines[$0]))
        }
    }

    private func gppTarget(
        _ layers: [String], readers: ListingReaders, inventory: ProjectInventory, evidence: UploadEvidence,
        forVariants variants: String?
    ) -> ListingTarget {
        var readers = readers
        if readers.store == .play {
            // Files a step or script copies into the folders before the task runs (release notes put in place).
            let (copies, lines) = evidence.gppCopies(into: layers.map(inventory.relative))
            readers.copies = copies
            readers.evidence += lines.filter { !readers.evidence.contains($0) }
        }
        var options = configuration.listingOptions
        options.layout = .gpp
        options.store = readers.store
        let suffix = readers.store == .play ? variants.map { " for " + $0 } ?? "" : ""
        return ListingTarget(
            displayRoot: layers[layers.count - 1], layers: layers, options: options,
            summary: layers.map(inventory.relative).joined(separator: " + ") + ": " + readers.reason + suffix
                + Self.describe(readers),
            readers: readers,
            releaseNotes: readers.store == .play
                ? "release-notes/<locale>/<track>.txt: GPP sends every track's notes"
                : "release-notes/<locale>/default.txt: the only notes fdroidserver reads",
            copies: readers.copies.mapValues { inventory.root + "/" + $0 },
            project: ProjectBoundary(root: inventory.root))
    }
}
