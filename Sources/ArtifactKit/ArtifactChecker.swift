public import Diagnostics
public import PackageNameKit

/// What one artifact check found.
public struct ArtifactCheck: Sendable {
    /// The manifest as the artifact carries it.
    public var manifest: AppManifest
    /// The artifact's findings: the manifest's at the artifact's path (which carries ``facts``), each entry's at
    /// `ARTIFACT!/ENTRY`.
    public var files: [FileReport]
    /// The App content declarations the artifact needs (DCL).
    public var declarations: DeclarationChecklist
    /// What the artifact is: identity, SDK levels, ABIs, signers, size.
    public var facts: ArtifactFacts
    /// The manifest's entry in the archive: `AndroidManifest.xml` (APK), `base/manifest/AndroidManifest.xml` (AAB).
    public var manifestEntry: String
}

/// Where an artifact keeps what Play reads: an APK at its root in Android's binary formats, an Android App
/// Bundle in its base module in aapt2's protobuf formats.
enum ArtifactLayout: CaseIterable {
    case apk
    case bundle

    var manifest: String { self == .apk ? "AndroidManifest.xml" : "base/manifest/AndroidManifest.xml" }
    var resources: String { self == .apk ? "resources.arsc" : "base/resources.pb" }
    var libraries: String { self == .apk ? "lib/" : "base/lib/" }
    var resourceFiles: String { self == .apk ? "res/" : "base/res/" }
}

/// Judges a release APK or AAB as Play and devices receive it: identity and version, target API level, the
/// flags Play refuses, native libraries (64-bit and 16 KB pages), compiled NinePatches and the launcher icon and
/// label.
public struct ArtifactChecker: Sendable {
    public var limits: ArchiveLimits
    public var policy: TargetAPIPolicy
    public var packageNames: PackageNameChecker
    /// The applicationId the app is published under (PKG013).
    public var expectedApplicationID: String?
    /// The day of the check (`YYYY-MM-DD`), which picks the target API requirement.
    public var date: String
    /// The record of filed declarations and the previous release, which make DCL findings provable.
    public var declarationEvidence = DeclarationEvidence()
    /// The SHA-256 fingerprint of the upload certificate the artifact must be signed with (ART015).
    public var uploadCertificate: String?
    /// The budgets within which the signatures are read (untrusted input, like the archive).
    public var signingLimits = SigningLimits()

    public init(
        date: String, limits: ArchiveLimits = ArchiveLimits(), policy: TargetAPIPolicy = .play2026,
        packageNames: PackageNameChecker = PackageNameChecker(), expectedApplicationID: String? = nil
    ) {
        self.date = date
        self.limits = limits
        self.policy = policy
        self.packageNames = packageNames
        self.expectedApplicationID = expectedApplicationID
    }

    /// Opens the artifact at `path` and checks it; throws when it cannot be read at all.
    public func check(path: String) throws(ArtifactError) -> ArtifactCheck {
        let archive = try SafeArchive(path: path, limits: limits)
        return try check(archive, path: path)
    }

    /// Checks an opened archive, reported as `path`: an APK, or the base module of an Android App Bundle.
    public func check(_ archive: SafeArchive, path: String) throws(ArtifactError) -> ArtifactCheck {
        guard let layout = ArtifactLayout.allCases.first(where: { archive.contains($0.manifest) }) else {
            throw .missingEntry("AndroidManifest.xml (APK) or base/manifest/AndroidManifest.xml (AAB)")
        }
        let (manifest, facts) = try archive.parse(layout.manifest) { bytes throws(ArtifactParseError) in
            let elements = try layout == .bundle ? BundleFormat.elements(bytes) : BinaryXML(bytes).elements
            let manifest = try AppManifest(elements: elements)
            return (manifest, DeclarationFacts(elements: elements, manifest: manifest))
        }
        let table =
            archive.contains(layout.resources)
            ? try archive.parse(layout.resources) { bytes throws(ArtifactParseError) in
                layout == .bundle ? try ResourceTable(protobuf: bytes) : try ResourceTable(bytes)
            } : nil
        let contents = ArtifactContents(
            path: path, archive: archive, layout: layout, manifest: manifest, table: table,
            nativeLibraries: try NativeLibrary.all(in: archive, folder: layout.libraries, artifact: path),
            policy: policy, date: date,
            signing: ArtifactSigning(archive, readsSigningBlock: layout == .apk, limits: signingLimits),
            uploadCertificate: uploadCertificate)
        var diagnostics = packageNameFindings(manifest, file: path)
        for rule in ArtifactRules.all { diagnostics += try rule.findings(on: contents) }
        let declarations = DeclarationChecklist(artifact: path, facts: facts)
        diagnostics += DeclarationRules.findings(declarations, evidence: declarationEvidence, file: path)
        var byFile = [String: [Diagnostic]]()
        for diagnostic in diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        let artifactFacts = ArtifactFacts(contents)
        let files =
            [FileReport(file: path, diagnostics: byFile.removeValue(forKey: path) ?? [], artifact: artifactFacts)]
            + byFile.keys.sorted().map { FileReport(file: $0, diagnostics: byFile[$0] ?? []) }
        return ArtifactCheck(
            manifest: manifest, files: files, declarations: declarations, facts: artifactFacts,
            manifestEntry: layout.manifest)
    }

    /// The applicationId by Play's package-name rules.
    private func packageNameFindings(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        guard let package = manifest.package else { return [] }
        return packageNames.check(PackageNameCase(package, role: .applicationID, expected: expectedApplicationID))
            .map { $0.diagnostic(file: file) }
    }
}
