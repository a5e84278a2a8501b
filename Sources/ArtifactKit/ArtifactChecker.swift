public import Diagnostics
import NinePatchKit
public import PackageNameKit

/// What one artifact check found.
public struct ArtifactCheck: Sendable {
    /// The manifest as the artifact carries it.
    public var manifest: AppManifest
    /// The artifact's findings: the manifest's at the artifact's path, each entry's at `ARTIFACT!/ENTRY`.
    public var files: [FileReport]
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
        let manifest = try archive.parse(layout.manifest) { bytes throws(ArtifactParseError) in
            try AppManifest(elements: layout == .bundle ? BundleFormat.elements(bytes) : BinaryXML(bytes).elements)
        }
        let table =
            archive.contains(layout.resources)
            ? try archive.parse(layout.resources) { bytes throws(ArtifactParseError) in
                layout == .bundle ? try ResourceTable(protobuf: bytes) : try ResourceTable(bytes)
            } : nil
        var diagnostics =
            identity(manifest, file: path) + sdkLevels(manifest, file: path) + flags(manifest, file: path)
            + resources(manifest, table: table, file: path, tableName: layout.resources)
        diagnostics += try NativeLibraryCheck(
            requires16KB: manifest.effectiveTargetSdk >= policy.pageSize16KBFromTargetSdk.value,
            checksZipAlignment: layout == .apk
        ).diagnostics(archive, libraryFolder: layout.libraries, artifact: path)
        diagnostics += try compiledNinePatches(archive, folder: layout.resourceFiles, artifact: path)
        var byFile = [String: [Diagnostic]]()
        for diagnostic in diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        let files =
            [FileReport(file: path, diagnostics: byFile.removeValue(forKey: path) ?? [])]
            + byFile.keys.sorted().map { FileReport(file: $0, diagnostics: byFile[$0] ?? []) }
        return ArtifactCheck(manifest: manifest, files: files)
    }

    /// The applicationId by Play's package-name rules, and the version Play orders updates by.
    private func identity(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        var found = [Diagnostic]()
        if let package = manifest.package {
            found += packageNames.check(PackageNameCase(package, role: .applicationID, expected: expectedApplicationID))
                .map { $0.diagnostic(file: file) }
        }
        if (manifest.versionCode ?? 0) <= 0 {
            let value = manifest.versionCode.map { "android:versionCode is \($0)" } ?? "there is no android:versionCode"
            found.append(
                ArtifactRules.missingVersionCode.diagnostic(
                    file: file, "\(value): Play refuses an upload without a positive versionCode",
                    hint: "set versionCode in the module's defaultConfig (a positive integer above the last release's)")
            )
        }
        if (manifest.versionName ?? "").isEmpty {
            found.append(
                ArtifactRules.missingVersionName.diagnostic(
                    file: file,
                    "there is no android:versionName: users see no version in Play or in the app's settings",
                    hint: "set versionName in the module's defaultConfig, e.g. \"1.2.0\""))
        }
        return found
    }

    private func sdkLevels(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        var found = [Diagnostic]()
        let target = manifest.effectiveTargetSdk
        if let (level, basis) = policy.requirement(on: date, otherFormFactor: manifest.isOtherFormFactor),
            target < level
        {
            let declared =
                manifest.targetSdkVersion.map { "targetSdkVersion is \($0)" }
                ?? "there is no targetSdkVersion, so the platform takes \(target)"
            found.append(
                ArtifactRules.targetSdkTooLow.diagnostic(
                    file: file,
                    "\(declared); Play requires \(level) or higher for new apps and updates "
                        + "\(manifest.isOtherFormFactor ? "for Wear OS, TV and Automotive " : "")\(basis)",
                    hint:
                        "raise targetSdk to \(level) in the module's build file and test the behaviour changes of each level"
                ))
        }
        if let min = manifest.minSdkVersion, let declaredTarget = manifest.targetSdkVersion, min > declaredTarget {
            found.append(
                ArtifactRules.minSdkAboveTargetSdk.diagnostic(
                    file: file, "minSdkVersion \(min) is above targetSdkVersion \(declaredTarget)",
                    hint: "raise targetSdk to at least \(min)"))
        }
        return found
    }

    private func flags(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        var found = [Diagnostic]()
        if manifest.isDebuggable {
            found.append(
                ArtifactRules.debuggable.diagnostic(
                    file: file, "the application is android:debuggable=\"true\": Play refuses debuggable artifacts",
                    hint: "upload a release build (debuggable false), and remove android:debuggable from the manifest"))
        }
        if manifest.isTestOnly {
            found.append(
                ArtifactRules.testOnly.diagnostic(
                    file: file, "the application is android:testOnly=\"true\": Play refuses test-only artifacts",
                    hint: "build the upload with ./gradlew bundleRelease or assembleRelease, not Android Studio's Run"))
        }
        return found
    }

    /// The icon and label the manifest refers to, looked up in resources.arsc (framework resources are the
    /// platform's and are not in it).
    private func resources(
        _ manifest: AppManifest, table: ResourceTable?, file: String, tableName: String
    ) -> [Diagnostic] {
        [("android:icon", manifest.icon), ("android:label", manifest.label)].compactMap { attribute, value in
            guard case .reference(let id) = value, id >> 24 != 0x01, !(table?.contains(id) ?? false) else { return nil }
            let hex = "0x" + String(id, radix: 16)
            return ArtifactRules.unresolvedManifestResource.diagnostic(
                file: file,
                "application \(attribute) refers to resource \(hex), which "
                    + (table == nil
                        ? "cannot exist: the artifact has no \(tableName)" : "\(tableName) does not define"),
                hint: "check the resource shrinker's keep rules and that the resource exists in the release variant")
        }
    }

    /// Every `*.9.png` under `folder`: the compiled chunks must decode and fit the image.
    private func compiledNinePatches(
        _ archive: SafeArchive, folder: String, artifact: String
    ) throws(ArtifactError) -> [Diagnostic] {
        let decompiler = NinePatchDecompiler()
        var found = [Diagnostic]()
        for entry in archive.entries where entry.path.hasPrefix(folder) && entry.path.lowercased().hasSuffix(".9.png") {
            let bytes = try archive.read(entry.path)
            do {
                _ = try decompiler.decompile(png: bytes)
            } catch .chunks(.missingPatchChunk) {
                continue
            } catch {
                var hint = "rebuild it from its source; `playprep ninepatch check` on the source names the problem"
                if case .chunks(.unexpectedLength(chunk: "npTc", _, _)) = error {
                    hint =
                        "more than 127 stretch runs on an axis overflow npTc's one-byte counts (NP104): "
                        + "join the runs in the source"
                }
                found.append(
                    ArtifactRules.invalidCompiledNinePatch.diagnostic(
                        file: artifact + "!/" + entry.path, "the compiled NinePatch cannot be drawn: \(error)",
                        hint: hint))
            }
        }
        return found
    }
}
