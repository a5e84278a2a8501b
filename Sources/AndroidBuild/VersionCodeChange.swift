/// What a release step does to the build's versionCode before Play sees it: a fastlane lane's
/// `increment_version_code`, `android_set_version_code`, or AGP's injected `android.injected.version.code` passed
/// through `gradle(properties:)`. The upload wiring reads it; the versionCode rule (REL001) judges the code Play
/// receives with it.
public struct VersionCodeChange: Sendable, Hashable {
    /// How the code Play receives follows from the build's.
    public enum Effect: Sendable, Hashable {
        /// The build's code plus this (`increment_version_code` without `version_code:` adds 1).
        case raised(by: Int)
        /// This code, whatever the build says (`version_code: 42`).
        case set(Int)
        /// A code computed when the lane runs (`google_play_track_version_codes(…)[0] + 1`), as written.
        case computed(String)
        /// A Gradle property (`gradle(properties: { "versionCode" => … })`) with its value as written: it changes
        /// the code only where the build script reads that property (AGP itself reads only
        /// `android.injected.version.code`).
        case gradleProperty(String, value: String)
    }

    public var effect: Effect
    /// The step in words with where it is written: `increment_version_code (fastlane/Fastfile:12)`.
    public var step: String

    public init(_ effect: Effect, step: String) {
        self.effect = effect
        self.step = step
    }

    /// The code Play receives for a build whose code is `code`; `nil` when it is computed at run time. A Gradle
    /// property leaves `code` as it is unless `buildReadsProperties` (the build's code comes from a
    /// `gradle.properties` value the property overrides), and then it is the property's literal value.
    public func applied(to code: Int, buildReadsProperties: Bool) -> Int? {
        switch effect {
        case .raised(let amount): code + amount
        case .set(let value): value
        case .computed: nil
        case .gradleProperty(_, let value): buildReadsProperties ? Int(value) : code
        }
    }
}
