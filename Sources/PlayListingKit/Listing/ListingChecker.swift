public import Diagnostics
public import PNGKit

/// Checks a Play store listing tree (fastlane supply or Gradle Play Publisher) against the TXT, LOC, LAY, IMG and
/// CON rules, reading files through a ``ListingFileSource``.
public struct ListingChecker: Sendable {
    public var limits: ListingLimits
    let locales = PlayLocales.play2026
    var probe: ImageProbe

    public init(limits: ListingLimits = .play2026, decoder: PNGDecoder = PNGDecoder()) {
        self.limits = limits
        self.probe = ImageProbe(decoder: decoder)
    }

    /// A report with one entry per file (and per locale folder or root that has findings), in path order.
    /// - Parameter displayRoot: how the user named the folder; report paths start with it.
    /// - Throws: ``ListingReadError`` when the folder or a file cannot be read at all.
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
        let classified = classify(paths, root: root, options: options)
        var texts: [String: CountedText] = [:]
        var images: [String: ListingTree.Image] = [:]
        var findings = UploadFilter(options: options).received(
            LayoutChecker.check(classified.facts), in: classified.layout)
        for file in classified.files where file.isUploaded {
            switch file.role {
            case .text(let field):
                let text = ListingTextFile(
                    try source.contents(of: root.prefix + file.path), field: field, layout: root.layout,
                    store: options.store, locale: file.locale, limits: limits)
                findings[file.path, default: []] += TextChecker.check(text)
                texts[file.path] = text.counted
            case .image(let type) where options.store == .play:
                let bytes = try source.contents(of: root.prefix + file.path)
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
        let reported = Set(classified.files.filter(\.isUploaded).map(\.path)).union(findings.keys)
        return Report(
            files: reported.sorted().map { path in
                let file = display(root.prefix + path)
                return FileReport(file: file, diagnostics: (findings[path] ?? []).map { $0.diagnostic(file: file) })
            })
    }

    /// The files the store receives from the tree, as `displayRoot`-based paths, in path order (empty when the
    /// folder holds no listing).
    public func receivedFiles(_ source: some ListingFileSource, options: ListingOptions, displayRoot: String)
        throws(ListingReadError) -> [String]
    {
        let paths = try source.filePaths()
        guard let root = ListingRootFinder().root(of: paths, options: options) else { return [] }
        return classify(paths, root: root, options: options).files.filter(\.isUploaded).map {
            source.displayPath(of: root.prefix + $0.path, displayRoot: displayRoot)
        }.sorted()
    }

    /// The tree classified as its uploader reads it, with what the store does not receive marked.
    private func classify(_ paths: [String], root: ListingRoot, options: ListingOptions) -> ClassifiedListing {
        let relative = paths.filter { $0.hasPrefix(root.prefix) }.map { String($0.dropFirst(root.prefix.count)) }
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
