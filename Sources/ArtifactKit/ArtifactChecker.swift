public import Diagnostics
import NinePatchKit
public import PlayListingKit

/// What one artifact check found.
public struct ArtifactCheck: Sendable {
    /// The manifest as the artifact carries it.
    public var manifest: AppManifest
    /// The artifact's findings: the manifest's at the artifact's path, each entry's at `ARTIFACT!/ENTRY`.
    public var files: [FileReport]
}

/// Judges a release APK as Play and devices receive it: identity and version, target API level, the flags Play
/// refuses, native libraries (64-bit and 16 KB pages), compiled NinePatches and the launcher icon and label.
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

    /// Checks an opened archive, reported as `path`.
    public func check(_ archive: SafeArchive, path: String) throws(ArtifactError) -> ArtifactCheck {
        let manifestPath = "AndroidManifest.xml"
        guard archive.contains(manifestPath) else {
            throw archive.contains("base/manifest/AndroidManifest.xml") ? .bundleNotSupported : .missingEntry(manifestPath)
        }
        let manifest = try archive.parse(manifestPath) { bytes throws(ArtifactParseError) in
            try AppManifest(elements: BinaryXML(bytes).elements)
        }
        let table = archive.contains("resources.arsc")
            ? try archive.parse("resources.arsc") { bytes throws(ArtifactParseError) in try ResourceTable(bytes) } : nil
        var diagnostics = identity(manifest, file: path) + sdkLevels(manifest, file: path) + flags(manifest, file: path)
            + resources(manifest, table: table, file: path)
        diagnostics += try NativeLibraryCheck(
            requires16KB: manifest.effectiveTargetSdk >= policy.pageSize16KBFromTargetSdk.value, checksZipAlignment: true
        ).diagnostics(archive, libraryFolder: "lib/", artifact: path)
        diagnostics += try compiledNinePatches(archive, artifact: path)
        var byFile = [String: [Diagnostic]]()
        for diagnostic in diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        let files = [FileReport(file: path, diagnostics: byFile.removeValue(forKey: path) ?? [])]
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
            found.append(ArtifactRule.missingVersionCode.diagnostic(
                file: file, "\(value): Play refuses an upload without a positive versionCode",
                hint: "set versionCode in the module's defaultConfig (a positive integer above the last release's)"))
        }
        if (manifest.versionName ?? "").isEmpty {
            found.append(ArtifactRule.missingVersionName.diagnostic(
                file: file, "there is no android:versionName: users see no version in Play or in the app's settings",
                hint: "set versionName in the module's defaultConfig, e.g. \"1.2.0\""))
        }
        return found
    }

    private func sdkLevels(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        var found = [Diagnostic]()
        let target = manifest.effectiveTargetSdk
        if let (level, basis) = policy.requirement(on: date, otherFormFactor: manifest.isOtherFormFactor), target < level {
            let declared = manifest.targetSdkVersion.map { "targetSdkVersion is \($0)" }
                ?? "there is no targetSdkVersion, so the platform takes \(target)"
            found.append(ArtifactRule.targetSdkTooLow.diagnostic(
                file: file, "\(declared); Play requires \(level) or higher for new apps and updates "
                    + "\(manifest.isOtherFormFactor ? "for Wear OS, TV and Automotive " : "")\(basis)",
                hint: "raise targetSdk to \(level) in the module's build file and test the behaviour changes of each level"))
        }
        if let min = manifest.minSdkVersion, let declaredTarget = manifest.targetSdkVersion, min > declaredTarget {
            found.append(ArtifactRule.minSdkAboveTargetSdk.diagnostic(
                file: file, "minSdkVersion \(min) is above targetSdkVersion \(declaredTarget)",
                hint: "raise targetSdk to at least \(min)"))
        }
        return found
    }

    private func flags(_ manifest: AppManifest, file: String) -> [Diagnostic] {
        var found = [Diagnostic]()
        if manifest.isDebuggable {
            found.append(ArtifactRule.debuggable.diagnostic(
                file: file, "the application is android:debuggable=\"true\": Play refuses debuggable artifacts",
                hint: "upload a release build (debuggable false), and remove android:debuggable from the manifest"))
        }
        if manifest.isTestOnly {
            found.append(ArtifactRule.testOnly.diagnostic(
                file: file, "the application is android:testOnly=\"true\": Play refuses test-only artifacts",
                hint: "build the upload with ./gradlew bundleRelease or assembleRelease, not Android Studio's Run"))
        }
        return found
    }

    /// The icon and label the manifest refers to, looked up in resources.arsc (framework resources are the
    /// platform's and are not in it).
    private func resources(_ manifest: AppManifest, table: ResourceTable?, file: String) -> [Diagnostic] {
        [("android:icon", manifest.icon), ("android:label", manifest.label)].compactMap { attribute, value in
            guard case .reference(let id) = value, id >> 24 != 0x01, !(table?.contains(id) ?? false) else { return nil }
            let hex = "0x" + String(id, radix: 16)
            return ArtifactRule.unresolvedManifestResource.diagnostic(
                file: file,
                "application \(attribute) refers to resource \(hex), which "
                    + (table == nil ? "cannot exist: the artifact has no resources.arsc" : "resources.arsc does not define"),
                hint: "check the resource shrinker's keep rules and that the resource exists in the release variant")
        }
    }

    /// Every `res/**/*.9.png`: the compiled chunks must decode and fit the image.
    private func compiledNinePatches(_ archive: SafeArchive, artifact: String) throws(ArtifactError) -> [Diagnostic] {
        let decompiler = NinePatchDecompiler()
        var found = [Diagnostic]()
        for entry in archive.entries where entry.path.hasPrefix("res/") && entry.path.lowercased().hasSuffix(".9.png") {
            let bytes = try archive.read(entry.path)
            do {
                _ = try decompiler.decompile(png: bytes)
            } catch .chunks(.missingPatchChunk) {
                continue
            } catch {
                var hint = "rebuild it from its source; `playprep ninepatch check` on the source names the problem"
                if case .chunks(.unexpectedLength(chunk: "npTc", _, _)) = error {
                    hint = "more than 127 stretch runs on an axis overflow npTc's one-byte counts (NP104): "
                        + "join the runs in the source"
                }
                found.append(ArtifactRule.invalidCompiledNinePatch.diagnostic(
                    file: artifact + "!/" + entry.path, "the compiled NinePatch cannot be drawn: \(error)", hint: hint))
            }
        }
        return found
    }
}
