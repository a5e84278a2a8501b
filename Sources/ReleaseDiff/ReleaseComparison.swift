public import AndroidBuild

/// Two releases of one project as the build reader read them: the one at a git reference (`--since REF`) and
/// the working tree's, with what names each side's files in a finding.
public struct ReleaseComparison: Sendable {
    /// The reference as a finding names it (`v1.2.0`).
    public var reference: String
    /// The build at the reference, read from a copy of its files under `previousRoot`.
    public var previous: AndroidBuildModel
    public var previousRoot: String
    /// The working tree's build (its files start with `current.root`).
    public var current: AndroidBuildModel
    /// The versionCode this release uploads when it is given outside the build (`--artifact`, `--version-code`),
    /// with what gave it, over the build's.
    public var releasedVersionCode: (code: Int, source: String)?
    /// The listing trees the repository shows are uploaded to Play, with their files then and now.
    public var listings: [ListingTreeFiles]

    public init(
        reference: String, previous: AndroidBuildModel, previousRoot: String, current: AndroidBuildModel,
        releasedVersionCode: (code: Int, source: String)? = nil, listings: [ListingTreeFiles] = []
    ) {
        self.reference = reference
        self.previous = previous
        self.previousRoot = previousRoot
        self.current = current
        self.releasedVersionCode = releasedVersionCode
        self.listings = listings
    }

    /// One release variant in both releases: the module's path and the variant at the reference and now.
    struct VariantPair {
        var module: AndroidModule
        var previous: BuildVariant
        var current: BuildVariant
    }

    /// Release variants of application modules present in both: the same module path and variant name.
    var variantPairs: [VariantPair] {
        previous.applications.flatMap { before in
            guard let now = current.applications.first(where: { $0.name == before.name }) else {
                return [VariantPair]()
            }
            return before.releaseVariants.compactMap { variant in
                now.releaseVariants.first { $0.name == variant.name }.map {
                    VariantPair(module: now, previous: variant, current: $0)
                }
            }
        }
    }

    /// Where a value of the reference's build is set: `v1.2:app/build.gradle:12`.
    func previousPlace(_ location: SourceLocation?) -> String {
        guard let location else { return "\(reference): set by AGP's default" }
        return "\(reference):\(relative(location.file, to: previousRoot)):\(location.line)"
    }

    /// Where a value of the working tree's build is set: `app/build.gradle:12`.
    func currentPlace(_ location: SourceLocation?) -> String {
        guard let location else { return "AGP's default" }
        return "\(relative(location.file, to: current.root)):\(location.line)"
    }

    /// The file a finding about `pair` is reported in: where `location` is, else the module's build file.
    func file(_ location: SourceLocation?, module: AndroidModule) -> String {
        location?.file ?? module.buildFile ?? module.directory
    }

    private func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
