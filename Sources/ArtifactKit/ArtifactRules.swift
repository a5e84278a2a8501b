public import Diagnostics
import NinePatchKit

/// Rules on the release artifact itself (APK or AAB), as Play and devices receive it: each one entry with the
/// APKs of `scripts/make-artifacts.sh` that fail it (`release.apk` passes them all) and its check on the
/// artifact's contents, so a new rule is one entry in this file and its name in ``all``.
public enum ArtifactRules {
    /// The page size Android 15+ devices may use.
    static let pageSize = 16_384

    public static let missingVersionCode = ArtifactRule(
        .artifact(
            "ART001", "missing-version-code", .error,
            "The manifest has no positive android:versionCode: Play refuses the upload, and updates are ordered by it.",
            why: "Play refuses the upload.",
            failing: "no-version")
    ) { artifact, finding throws(ArtifactError) in
        guard (artifact.manifest.versionCode ?? 0) <= 0 else { return [] }
        let value =
            artifact.manifest.versionCode.map { "android:versionCode is \($0)" } ?? "there is no android:versionCode"
        return [
            finding.diagnostic(
                file: artifact.path, "\(value): Play refuses an upload without a positive versionCode",
                hint: "set versionCode in the module's defaultConfig (a positive integer above the last release's)")
        ]
    }

    public static let missingVersionName = ArtifactRule(
        .artifact(
            "ART002", "missing-version-name", .warning,
            "The manifest has no android:versionName: Play and the device show users an empty version.",
            why: "Users see an empty version on Play and in the device's settings.",
            failing: "no-version")
    ) { artifact, finding throws(ArtifactError) in
        guard (artifact.manifest.versionName ?? "").isEmpty else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path,
                "there is no android:versionName: users see no version in Play or in the app's settings",
                hint: "set versionName in the module's defaultConfig, e.g. \"1.2.0\"")
        ]
    }

    public static let targetSdkTooLow = ArtifactRule(
        .artifact(
            "ART003", "target-sdk-too-low", .error,
            "targetSdkVersion is below Play's target API level requirement for new apps and updates on the day "
                + "of the check (a dated, sourced table; artifact.targetSdk in playprep.yml overrides it).",
            why: "Play refuses the upload.", releaseBound: true, failing: "old-target")
    ) { artifact, finding throws(ArtifactError) in
        let manifest = artifact.manifest
        let target = manifest.effectiveTargetSdk
        let declared =
            manifest.targetSdkVersion.map { "targetSdkVersion is \($0)" }
            ?? "there is no targetSdkVersion, so the platform takes \(target)"
        guard
            let refusal = artifact.policy.refusal(
                of: target, declared: declared, on: artifact.date, otherFormFactor: manifest.isOtherFormFactor)
        else { return [] }
        return [finding.diagnostic(file: artifact.path, refusal.message, hint: refusal.hint)]
    }

    public static let minSdkAboveTargetSdk = ArtifactRule(
        .artifact(
            "ART004", "min-sdk-above-target-sdk", .warning,
            "minSdkVersion is above targetSdkVersion: the app claims to be built for a platform it cannot run on.",
            why: "No install refuses it, but the app declares compatibility behaviour it will never run with.",
            failing: "min-above-target")
    ) { artifact, finding throws(ArtifactError) in
        guard let min = artifact.manifest.minSdkVersion, let target = artifact.manifest.targetSdkVersion, min > target
        else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path, "minSdkVersion \(min) is above targetSdkVersion \(target)",
                hint: "raise targetSdk to at least \(min)")
        ]
    }

    public static let debuggable = ArtifactRule(
        .artifact(
            "ART005", "debuggable-artifact", .error,
            "android:debuggable=\"true\": Play refuses to publish a debuggable APK or bundle.",
            why: "Play refuses the upload.",
            failing: "debuggable")
    ) { artifact, finding throws(ArtifactError) in
        guard artifact.manifest.isDebuggable else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path,
                "the application is android:debuggable=\"true\": Play refuses debuggable artifacts",
                hint: "upload a release build (debuggable false), and remove android:debuggable from the manifest")
        ]
    }

    public static let testOnly = ArtifactRule(
        .artifact(
            "ART006", "test-only-artifact", .error,
            "android:testOnly=\"true\": Play refuses test-only artifacts (what Android Studio's Run button builds).",
            why: "Play refuses the upload.",
            failing: "test-only")
    ) { artifact, finding throws(ArtifactError) in
        guard artifact.manifest.isTestOnly else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path, "the application is android:testOnly=\"true\": Play refuses test-only artifacts",
                hint: "build the upload with ./gradlew bundleRelease or assembleRelease, not Android Studio's Run")
        ]
    }

    public static let missing64BitLibraries = ArtifactRule(
        .artifact(
            "ART007", "missing-64-bit-native-code", .error,
            "Native libraries for a 32-bit ABI without the 64-bit one (armeabi-v7a without arm64-v8a, x86 "
                + "without x86_64): Play refuses apps without 64-bit versions of their native code.",
            why: "Play refuses the upload.",
            failing: "only-32-bit")
    ) { artifact, finding throws(ArtifactError) in
        let folder = artifact.layout.libraries
        let librariesByABI = Dictionary(grouping: artifact.nativeLibraries, by: \.abi).mapValues { $0.map(\.name) }
        return librariesByABI.sorted(by: { $0.key.rawValue < $1.key.rawValue }).compactMap { abi, names in
            guard let counterpart = abi.sixtyFourBitCounterpart else { return nil }
            let missing = names.filter { !(librariesByABI[counterpart] ?? []).contains($0) }.sorted()
            guard !missing.isEmpty else { return nil }
            return finding.diagnostic(
                file: artifact.path,
                "\(folder)\(abi.rawValue)/ has \(missing.joined(separator: ", ")) but \(folder)"
                    + "\(counterpart.rawValue)/ does not: Play requires 64-bit versions of native code",
                hint: "build \(counterpart.rawValue) too (abiFilters), or drop \(abi.rawValue)")
        }
    }

    public static let segmentNot16KBAligned = ArtifactRule(
        .artifact(
            "ART008", "elf-segment-not-16kb-aligned", .error,
            "A 64-bit native library has a PT_LOAD segment aligned to less than 16 KB: it does not load on 16 KB "
                + "page devices, and Play refuses updates targeting Android 15+ since 2025-11-01.",
            why: "Play refuses the update, and 16 KB page devices cannot load the library.",
            failing: "page-4k")
    ) { artifact, finding throws(ArtifactError) in
        artifact.nativeLibraries.compactMap { library in
            guard library.abi.is64Bit, case .success(let elf) = library.elf, let alignment = elf.minimumLoadAlignment,
                alignment < UInt64(pageSize)
            else { return nil }
            return finding.diagnostic(
                file: library.file, severity: artifact.pageSizeSeverity,
                "a PT_LOAD segment is aligned to \(alignment) bytes (\(alignment / 1024) KB), under 16 KB: the "
                    + "library does not load on 16 KB page devices",
                hint: "link with -Wl,-z,max-page-size=16384 (NDK r28+ does by default) or update the SDK that ships it")
        }
    }

    public static let zipEntryNot16KBAligned = ArtifactRule(
        .artifact(
            "ART009", "zip-entry-not-16kb-aligned", .error,
            "An uncompressed 64-bit native library does not start on a 16 KB boundary in the APK: 16 KB page "
                + "devices cannot map it in place (zipalign -P 16, or AGP 8.5.1+).",
            why:
                "Devices with 16 KB pages cannot map the library in place, and Play requires 16 KB support for Android 15+ targets.",
            failing: "page-4k")
    ) { artifact, finding throws(ArtifactError) in
        // bundletool aligns a bundle's libraries itself; only an APK's offsets are final.
        artifact.nativeLibraries.compactMap { library in
            guard artifact.layout == .apk, library.abi.is64Bit, case .success = library.elf,
                let offset = library.storedOffset, offset % pageSize != 0
            else { return nil }
            return finding.diagnostic(
                file: library.file, severity: artifact.pageSizeSeverity,
                "stored uncompressed at offset \(offset), which is not a multiple of 16384 (\(offset % pageSize) "
                    + "bytes past a 16 KB boundary): 16 KB page devices cannot map it from the APK",
                hint: "align with zipalign -P 16 (build-tools 35+) or build with AGP 8.5.1 or newer")
        }
    }

    public static let invalidCompiledNinePatch = ArtifactRule(
        .artifact(
            "ART010", "invalid-compiled-ninepatch", .error,
            "A compiled NinePatch in the artifact has npTc/npLb chunks that do not decode or do not fit its "
                + "image: the device draws it wrongly or throws at inflation.",
            why: "The app draws the drawable wrongly or crashes inflating it on every device.",
            failing: "ninepatch-mismatch")
    ) { artifact, finding throws(ArtifactError) in
        try compiledNinePatchFindings(artifact, finding)
    }

    public static let unresolvedManifestResource = ArtifactRule(
        .artifact(
            "ART011", "unresolved-manifest-resource", .error,
            "The application's icon or label refers to a resource id that resources.arsc does not define: the "
                + "launcher shows no icon or name, and Play rejects the upload.", why: "Play refuses the upload.",
            failing: "unresolved-icon")
    ) { artifact, finding throws(ArtifactError) in
        // Framework resources (package 0x01) are the platform's and are not in the artifact's table.
        let manifest = artifact.manifest
        return [("android:icon", manifest.icon), ("android:label", manifest.label)].compactMap { attribute, value in
            guard case .reference(let id) = value, id >> 24 != 0x01, !(artifact.table?.contains(id) ?? false) else {
                return nil
            }
            let hex = "0x" + String(id, radix: 16)
            let tableName = artifact.layout.resources
            return finding.diagnostic(
                file: artifact.path,
                "application \(attribute) refers to resource \(hex), which "
                    + (artifact.table == nil
                        ? "cannot exist: the artifact has no \(tableName)" : "\(tableName) does not define"),
                hint: "check the resource shrinker's keep rules and that the resource exists in the release variant")
        }
    }

    public static let malformedNativeLibrary = ArtifactRule(
        .artifact(
            "ART012", "malformed-native-library", .error,
            "A lib/<abi>/*.so entry is not a readable ELF shared library for that ABI.",
            why: "The app crashes when it loads the library.",
            failing: "corrupt-native")
    ) { artifact, finding throws(ArtifactError) in
        artifact.nativeLibraries.flatMap { library -> [Diagnostic] in
            switch library.elf {
            case .failure(let error):
                return [
                    finding.diagnostic(
                        file: library.file, "not a readable shared library: \(error)", hint: "rebuild it with the NDK")
                ]
            case .success(let elf) where elf.is64Bit != library.abi.is64Bit:
                return [
                    finding.diagnostic(
                        file: library.file,
                        "a \(elf.is64Bit ? 64 : 32)-bit library in the \(library.abi.rawValue) folder",
                        hint: "package each ABI's build in its own lib/<abi>/ folder")
                ]
            case .success:
                return []
            }
        }
    }

    /// Every artifact rule, in the order their findings are reported: the manifest's, then the native
    /// libraries', then the compiled NinePatches'.
    public static let all: [ArtifactRule] = [
        missingVersionCode, missingVersionName, targetSdkTooLow, minSdkAboveTargetSdk, debuggable, testOnly,
        unresolvedManifestResource, malformedNativeLibrary, segmentNot16KBAligned, zipEntryNot16KBAligned,
        missing64BitLibraries, invalidCompiledNinePatch,
        unsigned, debugCertificate, wrongUploadCertificate, certificateExpiresTooSoon, v1OnlySignature,
        missingNativeDebugSymbols, missingDeobfuscationFile,
    ]

    /// ART010: every `*.9.png` under the artifact's resource folder; the compiled chunks must decode and fit the
    /// image.
    private static func compiledNinePatchFindings(
        _ artifact: ArtifactContents, _ finding: RuleOutput
    ) throws(ArtifactError) -> [Diagnostic] {
        let decompiler = NinePatchDecompiler()
        var found = [Diagnostic]()
        for entry in artifact.archive.entries
        where entry.path.hasPrefix(artifact.layout.resourceFiles) && entry.path.lowercased().hasSuffix(".9.png") {
            let bytes = try artifact.archive.read(entry.path)
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
                    finding.diagnostic(
                        file: artifact.path + "!/" + entry.path, "the compiled NinePatch cannot be drawn: \(error)",
                        hint: hint))
            }
        }
        return found
    }
}
