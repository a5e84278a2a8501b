public import Diagnostics

/// Google Play's target API level requirement, in one dated, sourced table: from each deadline on, new apps and
/// app updates must target at least the given API level (within one year of the latest major Android release).
/// Wear OS, Android TV and Android Automotive OS apps have a lower level.
public struct TargetAPIPolicy: Sendable, Hashable {
    /// One step of the policy.
    public struct Deadline: Sendable, Hashable {
        /// The first day the level applies (`YYYY-MM-DD`).
        public var date: String
        public var minimumTargetSdk: SourcedLimit<Int>
        /// For Wear OS, Android TV and Android Automotive OS apps.
        public var minimumTargetSdkOtherFormFactors: Int

        public init(date: String, minimumTargetSdk: SourcedLimit<Int>, otherFormFactors: Int) {
            self.date = date
            self.minimumTargetSdk = minimumTargetSdk
            self.minimumTargetSdkOtherFormFactors = otherFormFactors
        }
    }

    /// Oldest first.
    public var deadlines: [Deadline]
    /// A level the project pins in `playprep.yml` (`artifact.targetSdk`), which replaces the table.
    public var override: Int?
    /// Play's 16 KB page-size requirement applies to apps targeting this level or higher.
    public var pageSize16KBFromTargetSdk: SourcedLimit<Int>

    public init(deadlines: [Deadline], override: Int? = nil, pageSize16KBFromTargetSdk: SourcedLimit<Int>) {
        self.deadlines = deadlines
        self.override = override
        self.pageSize16KBFromTargetSdk = pageSize16KBFromTargetSdk
    }

    private static let helpCenter =
        "Play Console Help: Target API level requirements for Google Play apps "
        + "(support.google.com/googleplay/android-developer/answer/11926878)"

    /// The table as read on 2026-11-23.
    public static let play2026 = TargetAPIPolicy(
        deadlines: [
            Deadline(
                date: "2024-08-31", minimumTargetSdk: SourcedLimit(34, source: helpCenter, asOf: "2024-08"),
                otherFormFactors: 33),
            Deadline(
                date: "2025-08-31", minimumTargetSdk: SourcedLimit(35, source: helpCenter, asOf: "2025-08"),
                otherFormFactors: 34),
            Deadline(
                date: "2026-08-31",
                minimumTargetSdk: SourcedLimit(
                    36,
                    source: "Play policy: within one year of the latest major release (Android 16, API 36); "
                        + "Bayton, 'Google Play target API requirements' (bayton.org), read 2026-11", asOf: "2026-11"),
                otherFormFactors: 35),
        ],
        pageSize16KBFromTargetSdk: SourcedLimit(
            35,
            source: "Android Developers: Support 16 KB page sizes (developer.android.com/16kb-page-size): from "
                + "2025-11-01, apps targeting Android 15+ must support 16 KB pages on 64-bit devices", asOf: "2025-11"))

    /// The level required on `date` (`YYYY-MM-DD`), and why (`since 2026-08-31`, or the pinned level); `nil`
    /// before the first deadline.
    public func requirement(on date: String, otherFormFactor: Bool) -> (level: Int, basis: String)? {
        if let override { return (override, "as pinned by artifact.targetSdk") }
        guard let deadline = deadlines.last(where: { $0.date <= date }) else { return nil }
        let level = otherFormFactor ? deadline.minimumTargetSdkOtherFormFactors : deadline.minimumTargetSdk.value
        return (level, "since \(deadline.date)")
    }
}
