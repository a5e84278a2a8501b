public import Diagnostics

/// One artifact rule: the rule with its example APKs, and its check on what the artifact contains, which
/// names the entries it finds problems in (typed throws: a part of the archive that cannot be read).
public typealias ArtifactRule = RuleCheck<ArtifactContents, Diagnostic, ArtifactError>

/// What the artifact rules look at, read once: the archive, where its parts are, the manifest, the resource
/// table, the native libraries, and the day and policy that decide the target API requirement. Filled by
/// ``ArtifactChecker``; its fields are the library's own.
public struct ArtifactContents {
    /// The artifact as the user named it; findings in an entry are at `path!/entry`.
    var path: String
    var archive: SafeArchive
    var layout: ArtifactLayout
    var manifest: AppManifest
    var table: ResourceTable?
    var nativeLibraries: [NativeLibrary]
    var policy: TargetAPIPolicy
    /// The day of the check (`YYYY-MM-DD`).
    var date: String
    /// The v1 JAR signature and, for an APK, the APK Signing Block's signers.
    var signing: ArtifactSigning
    /// The expected upload certificate's SHA-256 fingerprint, when configured.
    var uploadCertificate: String?

    /// 16 KB page findings are errors when the app targets the level from which Play requires them, else warnings.
    var pageSizeSeverity: Severity {
        manifest.effectiveTargetSdk >= policy.pageSize16KBFromTargetSdk.value ? .error : .warning
    }
}

/// A `lib/<abi>/*.so` entry with its ELF headers read (or why they could not be).
struct NativeLibrary: Sendable {
    var abi: AndroidABI
    var name: String
    /// Where findings about it go: `ARTIFACT!/ENTRY`.
    var file: String
    var elf: Result<ELFFile, ArtifactParseError>
    /// The offset of its data in the archive when it is stored uncompressed.
    var storedOffset: Int?

    /// Every library directly in an ABI folder of `folder`, in archive order.
    static func all(in archive: SafeArchive, folder: String, artifact: String) throws(ArtifactError) -> [NativeLibrary]
    {
        var libraries = [NativeLibrary]()
        for entry in archive.entries where entry.path.hasPrefix(folder) && entry.path.hasSuffix(".so") {
            let parts = entry.path.dropFirst(folder.count).split(separator: "/")
            guard parts.count == 2, let abi = AndroidABI(rawValue: String(parts[0])) else { continue }
            let bytes = try archive.read(entry.path)
            libraries.append(
                NativeLibrary(
                    abi: abi, name: String(parts[1]), file: artifact + "!/" + entry.path,
                    elf: Result { () throws(ArtifactParseError) in try ELFFile(bytes) },
                    storedOffset: entry.isCompressed ? nil : archive.storedDataOffsets[entry.path]))
        }
        return libraries
    }
}
