public import AndroidBuild
public import Diagnostics

/// This release and the ones before it that playprep can see: the release at a git reference (`--since REF`),
/// read by the same build reader as the working tree, and the APKs or AABs given for this release and the one
/// before (`--artifact`, `--previous`), with what names each side's files in a finding.
public struct ReleaseComparison: Sendable {
    /// The release at a git reference (`--since REF`): the reference as a finding names it (`v1.2.0`) and its
    /// build, read from a copy of its files under `root`.
    public struct Reference: Sendable {
        public var name: String
        public var build: AndroidBuildModel
        public var root: String

        public init(name: String, build: AndroidBuildModel, root: String) {
            self.name = name
            self.build = build
            self.root = root
        }
    }

    /// The release at `--since REF`, when one is compared.
    public var reference: Reference?
    /// The working tree's build (its files start with `current.root`).
    public var current: AndroidBuildModel
    /// The versionCode this release uploads when it is given outside the build (`--artifact`, `--version-code`),
    /// with what gave it, over the build's.
    public var releasedVersionCode: (code: Int, source: String)?
    /// This release's APK or AAB (`--artifact`) and the previous release's (`--previous`).
    public var artifact: ArtifactRelease?
    public var previousArtifact: ArtifactRelease?
    /// The listing trees the repository shows are uploaded to Play, with their files then and now.
    public var listings: [ListingTreeFiles]
    /// The release variants the repository shows reaching Play, each with its proof: against `--since REF`, REL001
    /// and REL002 judge only these (a variant no upload sends, an `fdroidRelease` beside the Play flavour, is
    /// refused by nobody).
    public var deliveries: [Delivery]

    /// How the repository shows one release variant reaching Play, as the REL rules weigh a finding on it.
    public struct Delivery: Sendable {
        /// The application module (``AndroidModule/name``) and the variant's name.
        public var module: String
        public var variant: String
        /// `.error` where the repository shows Play receiving the variant, `.warning` where only partly.
        public var severity: Severity
        /// The sentence a finding ends with: `Play receives it: supply (lane deploy) at fastlane/Fastfile:9 (…)`.
        public var proof: String
        /// The lines that show it, as places of the finding.
        public var related: [RelatedLocation]
        /// What the uploading lane does to the versionCode before the upload.
        public var versionCodeChange: VersionCodeChange?

        public init(
            module: String, variant: String, severity: Severity, proof: String, related: [RelatedLocation] = [],
            versionCodeChange: VersionCodeChange? = nil
        ) {
            self.module = module
            self.variant = variant
            self.severity = severity
            self.proof = proof
            self.related = related
            self.versionCodeChange = versionCodeChange
        }
    }

    public init(
        reference: Reference?, current: AndroidBuildModel, releasedVersionCode: (code: Int, source: String)? = nil,
        artifact: ArtifactRelease? = nil, previousArtifact: ArtifactRelease? = nil, listings: [ListingTreeFiles] = [],
        deliveries: [Delivery] = []
    ) {
        self.reference = reference
        self.current = current
        self.releasedVersionCode = releasedVersionCode
        self.artifact = artifact
        self.previousArtifact = previousArtifact
        self.listings = listings
        self.deliveries = deliveries
    }

    /// How `variant` of `module` reaches Play, when the repository shows it.
    func delivery(_ module: AndroidModule, _ variant: BuildVariant) -> Delivery? {
        deliveries.first { $0.module == module.name && $0.variant == variant.name }
    }

    /// The strongest delivery of any release variant of `module`.
    func strongestDelivery(of module: AndroidModule) -> Delivery? {
        deliveries.filter { $0.module == module.name }.max { $0.severity < $1.severity }
    }

    /// One release variant in both releases: the module's path and the variant at the reference and now.
    struct VariantPair {
        var module: AndroidModule
        var previous: BuildVariant
        var current: BuildVariant
    }

    /// Release variants of application modules present in both: the same module path and variant name.
    var variantPairs: [VariantPair] {
        (reference?.build.applications ?? []).flatMap { before in
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
        let name = reference?.name ?? ""
        guard let location, let root = reference?.root else { return "\(name): set by AGP's default" }
        return "\(name):\(relative(location.file, to: root)):\(location.line)"
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

/// An APK or AAB as the REL rules compare it: the applicationId and versionCode its manifest holds, and where
/// they were read.
public struct ArtifactRelease: Sendable, Hashable {
    /// The archive's path, as it was given.
    public var file: String
    /// The manifest entry inside it: `AndroidManifest.xml` (APK), `base/manifest/AndroidManifest.xml` (AAB).
    public var manifest: String
    public var applicationID: String?
    public var versionCode: Int?

    public init(file: String, manifest: String, applicationID: String?, versionCode: Int?) {
        self.file = file
        self.manifest = manifest
        self.applicationID = applicationID
        self.versionCode = versionCode
    }

    /// The manifest inside the archive, as findings name an archive's entries:
    /// `app-release.aab!/base/manifest/AndroidManifest.xml`.
    public var place: String { "\(file)!/\(manifest)" }
}
