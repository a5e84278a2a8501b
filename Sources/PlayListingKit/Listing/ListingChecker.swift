public import Diagnostics
import FileAccess
public import PNGKit

/// Checks a Play store listing tree (fastlane supply or Gradle Play Publisher) against the TXT, LOC, LAY, IMG and
/// CON rules, reading files through a ``ListingFileSource``.
public struct ListingChecker: Sendable {
    /// Locale folders read from one listing; Play has fewer than 100 languages and the largest real trees hold
    /// about 90, so more is not a listing anyone uploads, and reading 100,000 of them cost minutes.
    public static let maximumLocaleFolders = 1_000
    public var limits: ListingLimits
    let locales = PlayLocales.play2026
    var probe: ImageProbe

    public init(limits: ListingLimits = .play2026, decoder: PNGDecoder = PNGDecoder()) {
        self.limits = limits
        self.probe = ImageProbe(decoder: decoder)
    }

    /// Why the first of `count` locale folders past `maximumLocaleFolders` (in name order) is not read, nor the
    /// ones after it: the reason of its PRJ001, whether the checker or the project walk left them out.
    public static func localeFoldersOverLimit(_ count: Int) -> String {
        "locale folder \(maximumLocaleFolders + 1) of \(maximumLocaleFolders + count) in name order, over playprep's "
            + "limit of \(maximumLocaleFolders) a listing; the \(count - 1) after it are skipped too"
    }

    /// A report with one entry per file (and per locale folder or root that has findings), in path order. A file
    /// that cannot be read is an entry with ``FileReport/unreadable`` set and no findings of its own, for the
    /// caller to report (PRJ001); the other files are still checked.
    /// - Parameter displayRoot: how the user named the folder; report paths start with it.
    /// - Throws: ``ListingReadError`` when the folder's files cannot be listed.
    public func check(_ source: some ListingFileSource, options: ListingOptions = ListingOptions(), displayRoot: String)
        throws(ListingReadError) -> Report
    {
        let paths = try source.filePaths()
        let display = { (path: String) in source.displayPath(of: path, displayRoot: displayRoot) }
        let found = ListingRootFinder().root(of: paths, options: options)
        guard let root = found else {
            let findings = LayoutRules.rootChecks.flatMap { $0.findings(on: found) }
            return Report(
                files: [FileReport(file: displayRoot, diagnostics: findings.map { $0.diagnostic(file: displayRoot) })])
        }
        let (classified, beyondLimit) = classify(paths, root: root, options: options).keepingLocaleFolders(
            Self.maximumLocaleFolders)
        var texts: [String: CountedText] = [:]
        var images: [String: ListingTree.Image] = [:]
        var findings = UploadFilter(options: options).received(
            LayoutChecker.check(classified.facts), in: classified.layout)
        var unreadable = [String: String]()
        if let beyondLimit, let first = beyondLimit.first {
            // The caller reports it (PRJ001) as it does an unreadable file; the trailing `/` names a folder.
            unreadable[classified.localeFolder(first) + "/"] = Self.localeFoldersOverLimit(beyondLimit.count)
        }
        let read = { (path: String) -> [UInt8]? in
            switch Result(catching: { () throws(ListingReadError) in try source.contents(of: root.prefix + path) }) {
            case .success(let bytes): return bytes
            case .failure(let error):
                unreadable[path] = error.reason
                return nil
            }
        }
        for file in classified.files where file.isUploaded {
            switch file.role {
            case .text(let field):
                guard let bytes = read(file.path) else { continue }
                let text = ListingTextFile(
                    bytes, field: field, layout: root.layout, store: options.store, locale: file.locale, limits: limits)
                findings[file.path, default: []] += TextChecker.check(text)
                texts[file.path] = text.counted
            case .image(let type) where options.store == .play:
                guard let bytes = read(file.path) else { continue }
                let (info, imageFindings) = ImageChecker.check(
                    ListingImage(bytes, type: type, limits: limits, probe: probe))
                findings[file.path, default: []] += imageFindings.map { finding in
                    var scoped = finding
                    scoped.cause?.scope = file.locale.map { Cause.Scope(kind: "locales", value: $0) }
                    return scoped
                }
                if let info { images[file.path] = ListingTree.Image(info: info, digest: Self.digest(bytes)) }
            case .image, .ignored:
                break
            }
        }
        if options.store == .play {
            let tree = ListingTree(classified, texts: texts, images: images, options: options, limits: limits)
            for (path, treeFindings) in TreeChecker(resolver: LocaleResolver(locales: locales)).check(tree) {
                findings[path, default: []] += treeFindings
            }
        }
        let reported = Set(classified.files.filter(\.isUploaded).map(\.path)).union(findings.keys).union(
            unreadable.keys)
        return Report(
            files: reported.sorted().map { path in
                let file = display(root.prefix + path)
                return FileReport(
                    file: file, diagnostics: (findings[path] ?? []).map { $0.diagnostic(file: file) },
                    unreadable: unreadable[path])
            })
    }

    /// The changelogs judged when `options` give no versionCode and a fastlane tree is read for its current
    /// release: ``ReleaseNotesChoice`` among the tree's files, as `playprep check` decides it. `nil` when a
    /// versionCode is given, every changelog is checked, or the tree is GPP's (GPP sends every track's notes).
    public func releaseNotesChoice(_ source: some ListingFileSource, options: ListingOptions)
        throws(ListingReadError) -> ReleaseNotesChoice?
    {
        guard options.versionCodes.isEmpty, !options.checksAllChangelogs else { return nil }
        let paths = try source.filePaths()
        guard let root = ListingRootFinder().root(of: paths, layout: options.layout), root.layout == .fastlane else {
            return nil
        }
        return ReleaseNotesChoice(
            withoutVersionCodeIn: paths.compactMap { $0.droppingPrefix(root.prefix).map(String.init) }, tree: "")
    }

    /// What the store receives from the tree, slot by slot per locale, with `displayRoot`-based paths (`nil` when
    /// the folder holds no listing): ``ListingDelivery``.
    public func delivery(_ source: some ListingFileSource, options: ListingOptions, displayRoot: String)
        throws(ListingReadError) -> ListingDelivery?
    {
        let paths = try source.filePaths()
        guard let root = ListingRootFinder().root(of: paths, options: options) else { return nil }
        let classified = classify(paths, root: root, options: options)
        let declared: String? =
            if root.layout == .gpp, classified.files.contains(where: { $0.path == "default-language.txt" }),
                let bytes = try? source.contents(of: root.prefix + "default-language.txt"),
                case .success(let text) = TextDecoding.decode(bytes)
            {
                text.split(whereSeparator: \.isWhitespace).first.map(String.init)
            } else {
                nil
            }
        let planner = DeliveryPlanner(
            options: options,
            display: { source.displayPath(of: root.prefix + $0, displayRoot: displayRoot) },
            defaultLanguage: declared)
        return planner.delivery(of: classified)
    }

    /// The tree classified as its uploader reads it, with what the store does not receive marked.
    private func classify(_ paths: [String], root: ListingRoot, options: ListingOptions) -> ClassifiedListing {
        let relative = paths.compactMap { $0.droppingPrefix(root.prefix).map(String.init) }
        return UploadFilter(options: options).apply(
            to: root.layout == .fastlane
                ? FastlaneClassifier(store: options.store).classify(relative) : GPPClassifier().classify(relative))
    }

    /// Size and content hash, to spot the same image twice (IMG022).
    private static func digest(_ bytes: [UInt8]) -> [Int] {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return [bytes.count, hasher.finalize()]
    }
}
