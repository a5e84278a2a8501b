public import Diagnostics

/// Rules on the release artifact itself (APK or AAB), as Play and devices receive it, each with the APKs of
/// `scripts/make-artifacts.sh` that fail it; `release.apk` passes them all.
public enum ArtifactRules {
    public static let missingVersionCode = Rule.artifact(
        "ART001", "missing-version-code", .error,
        "The manifest has no positive android:versionCode: Play refuses the upload, and updates are ordered by it.",
        failing: "no-version")

    public static let missingVersionName = Rule.artifact(
        "ART002", "missing-version-name", .warning,
        "The manifest has no android:versionName: Play and the device show users an empty version.",
        failing: "no-version")

    public static let targetSdkTooLow = Rule.artifact(
        "ART003", "target-sdk-too-low", .error,
        "targetSdkVersion is below Play's target API level requirement for new apps and updates on the day "
            + "of the check (a dated, sourced table; artifact.targetSdk in playprep.yml overrides it).",
        failing: "old-target")

    public static let minSdkAboveTargetSdk = Rule.artifact(
        "ART004", "min-sdk-above-target-sdk", .warning,
        "minSdkVersion is above targetSdkVersion: the app claims to be built for a platform it cannot run on.",
        failing: "min-above-target")

    public static let debuggable = Rule.artifact(
        "ART005", "debuggable-artifact", .error,
        "android:debuggable=\"true\": Play refuses to publish a debuggable APK or bundle.",
        failing: "debuggable")

    public static let testOnly = Rule.artifact(
        "ART006", "test-only-artifact", .error,
        "android:testOnly=\"true\": Play refuses test-only artifacts (what Android Studio's Run button builds).",
        failing: "test-only")

    public static let missing64BitLibraries = Rule.artifact(
        "ART007", "missing-64-bit-native-code", .error,
        "Native libraries for a 32-bit ABI without the 64-bit one (armeabi-v7a without arm64-v8a, x86 "
            + "without x86_64): Play refuses apps without 64-bit versions of their native code.",
        failing: "only-32-bit")

    public static let segmentNot16KBAligned = Rule.artifact(
        "ART008", "elf-segment-not-16kb-aligned", .error,
        "A 64-bit native library has a PT_LOAD segment aligned to less than 16 KB: it does not load on 16 KB "
            + "page devices, and Play refuses updates targeting Android 15+ since 2025-11-01.",
        failing: "page-4k")

    public static let zipEntryNot16KBAligned = Rule.artifact(
        "ART009", "zip-entry-not-16kb-aligned", .error,
        "An uncompressed 64-bit native library does not start on a 16 KB boundary in the APK: 16 KB page "
            + "devices cannot map it in place (zipalign -P 16, or AGP 8.5.1+).",
        failing: "page-4k")

    public static let invalidCompiledNinePatch = Rule.artifact(
        "ART010", "invalid-compiled-ninepatch", .error,
        "A compiled NinePatch in the artifact has npTc/npLb chunks that do not decode or do not fit its "
            + "image: the device draws it wrongly or throws at inflation.",
        failing: "ninepatch-mismatch")

    public static let unresolvedManifestResource = Rule.artifact(
        "ART011", "unresolved-manifest-resource", .error,
        "The application's icon or label refers to a resource id that resources.arsc does not define: the "
            + "launcher shows no icon or name, and Play rejects the upload.",
        failing: "unresolved-icon")

    public static let malformedNativeLibrary = Rule.artifact(
        "ART012", "malformed-native-library", .error,
        "A lib/<abi>/*.so entry is not a readable ELF shared library for that ABI.",
        failing: "corrupt-native")

    /// Every artifact rule, in id order.
    public static let all: [Rule] = [
        missingVersionCode, missingVersionName, targetSdkTooLow, minSdkAboveTargetSdk, debuggable, testOnly,
        missing64BitLibraries, segmentNot16KBAligned, zipEntryNot16KBAligned, invalidCompiledNinePatch,
        unresolvedManifestResource, malformedNativeLibrary,
    ]
}
