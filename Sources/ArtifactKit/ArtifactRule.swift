public import Diagnostics
public import NinePatchKit

/// Rules on the release artifact itself (APK or AAB), as Play and devices receive it.
public enum ArtifactRule: String, Sendable, CaseIterable {
    case missingVersionCode = "ART001"
    case missingVersionName = "ART002"
    case targetSdkTooLow = "ART003"
    case minSdkAboveTargetSdk = "ART004"
    case debuggable = "ART005"
    case testOnly = "ART006"
    case missing64BitLibraries = "ART007"
    case segmentNot16KBAligned = "ART008"
    case zipEntryNot16KBAligned = "ART009"
    case invalidCompiledNinePatch = "ART010"
    case unresolvedManifestResource = "ART011"
    case malformedNativeLibrary = "ART012"

    public var id: String { rawValue }

    public var descriptor: RuleDescriptor {
        switch self {
        case .missingVersionCode:
            rule("missing-version-code", .error,
                 "The manifest has no positive android:versionCode: Play refuses the upload, and updates are ordered by it.")
        case .missingVersionName:
            rule("missing-version-name", .warning,
                 "The manifest has no android:versionName: Play and the device show users an empty version.")
        case .targetSdkTooLow:
            rule("target-sdk-too-low", .error,
                 "targetSdkVersion is below Play's target API level requirement for new apps and updates on the day "
                    + "of the check (a dated, sourced table; artifact.targetSdk in playprep.yml overrides it).")
        case .minSdkAboveTargetSdk:
            rule("min-sdk-above-target-sdk", .warning,
                 "minSdkVersion is above targetSdkVersion: the app claims to be built for a platform it cannot run on.")
        case .debuggable:
            rule("debuggable-artifact", .error,
                 "android:debuggable=\"true\": Play refuses to publish a debuggable APK or bundle.")
        case .testOnly:
            rule("test-only-artifact", .error,
                 "android:testOnly=\"true\": Play refuses test-only artifacts (what Android Studio's Run button builds).")
        case .missing64BitLibraries:
            rule("missing-64-bit-native-code", .error,
                 "Native libraries for a 32-bit ABI without the 64-bit one (armeabi-v7a without arm64-v8a, x86 "
                    + "without x86_64): Play refuses apps without 64-bit versions of their native code.")
        case .segmentNot16KBAligned:
            rule("elf-segment-not-16kb-aligned", .error,
                 "A 64-bit native library has a PT_LOAD segment aligned to less than 16 KB: it does not load on 16 KB "
                    + "page devices, and Play refuses updates targeting Android 15+ since 2025-11-01.")
        case .zipEntryNot16KBAligned:
            rule("zip-entry-not-16kb-aligned", .error,
                 "An uncompressed 64-bit native library does not start on a 16 KB boundary in the APK: 16 KB page "
                    + "devices cannot map it in place (zipalign -P 16, or AGP 8.5.1+).")
        case .invalidCompiledNinePatch:
            rule("invalid-compiled-ninepatch", .error,
                 "A compiled NinePatch in the artifact has npTc/npLb chunks that do not decode or do not fit its "
                    + "image: the device draws it wrongly or throws at inflation.")
        case .unresolvedManifestResource:
            rule("unresolved-manifest-resource", .error,
                 "The application's icon or label refers to a resource id that resources.arsc does not define: the "
                    + "launcher shows no icon or name, and Play rejects the upload.")
        case .malformedNativeLibrary:
            rule("malformed-native-library", .error,
                 "A lib/<abi>/*.so entry is not a readable ELF shared library for that ABI.")
        }
    }

    /// The APKs of `scripts/make-artifacts.sh` that fail and pass the rule; `nil` when none is recorded.
    public var fixtures: RuleFixtures? {
        let apk = { (name: String) in "TestImages/artifacts/\(name).apk" }
        let failing: String? = switch self {
        case .missingVersionCode, .missingVersionName: "no-version"
        case .targetSdkTooLow: "old-target"
        case .minSdkAboveTargetSdk: "min-above-target"
        case .debuggable: "debuggable"
        case .testOnly: "test-only"
        case .missing64BitLibraries: "only-32-bit"
        case .segmentNot16KBAligned, .zipEntryNot16KBAligned: "page-4k"
        case .invalidCompiledNinePatch: "ninepatch-mismatch"
        case .unresolvedManifestResource: "unresolved-icon"
        case .malformedNativeLibrary: "corrupt-native"
        }
        return failing.map { RuleFixtures(failing: [apk($0)], passing: [apk("release")]) }
    }

    private func rule(_ name: String, _ severity: Severity, _ summary: String) -> RuleDescriptor {
        RuleDescriptor(id: rawValue, name: name, defaultSeverity: severity, summary: summary)
    }

    func diagnostic(file: String, severity: Severity? = nil, _ message: String, hint: String) -> Diagnostic {
        Diagnostic(ruleID: rawValue, severity: severity ?? descriptor.defaultSeverity, file: file, message: message,
                   hint: hint)
    }
}
