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

    private static let history =
        "Android Developers Blog: 'Improving app security and performance on Google Play for years to come' "
        + "(2017-12) and the yearly target API announcements; app updates' dates"

    /// The table as read on 2026-11-23. Before 2023-08-31, Wear OS, TV and Automotive apps were outside the
    /// requirement (level 1).
    public static let play2026 = TargetAPIPolicy(
        deadlines: [
            Deadline(
                date: "2018-11-01", minimumTargetSdk: SourcedLimit(26, source: history, asOf: "2018-11"),
                otherFormFactors: 1),
            Deadline(
                date: "2019-11-01", minimumTargetSdk: SourcedLimit(28, source: history, asOf: "2019-11"),
                otherFormFactors: 1),
            Deadline(
                date: "2020-11-02", minimumTargetSdk: SourcedLimit(29, source: history, asOf: "2020-11"),
                otherFormFactors: 1),
            Deadline(
                date: "2021-11-01", minimumTargetSdk: SourcedLimit(30, source: history, asOf: "2021-11"),
                otherFormFactors: 1),
            Deadline(
                date: "2022-11-01", minimumTargetSdk: SourcedLimit(31, source: helpCenter, asOf: "2022-11"),
                otherFormFactors: 1),
            Deadline(
                date: "2023-08-31", minimumTargetSdk: SourcedLimit(33, source: helpCenter, asOf: "2023-08"),
                otherFormFactors: 30),
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
    /// What Play says of a target level below the requirement on `date`, in the words ART003 (the artifact) and
    /// TGT001 (the build) share: `declared` names the level (`targetSdkVersion is 33`). `nil` when the level is met
    /// or no requirement applies yet.
    public func refusal(of targetSdk: Int, declared: String, on date: String, otherFormFactor: Bool) -> (
        level: Int, message: String, hint: String
    )? {
        guard let (level, basis) = requirement(on: date, otherFormFactor: otherFormFactor), targetSdk < level else {
            return nil
        }
        return (
            level,
            "\(declared); Play requires \(level) or higher for new apps and updates "
                + "\(otherFormFactor ? "for Wear OS, TV and Automotive " : "")\(basis)",
            "raise targetSdk to \(level) in the module's build file and test the behaviour changes of each level"
        )
    }

    /// The next deadline after `date`, at most `days` later, whose level `targetSdk` is below, in the words of
    /// ``refusal(of:declared:on:otherFormFactor:)``; `nil` without one (or with a pinned level).
    public func upcoming(
        _ targetSdk: Int, declared: String, on date: String, within days: Int, otherFormFactor: Bool
    ) -> (level: Int, message: String, hint: String)? {
        guard override == nil, let today = Self.dayNumber(date),
            let next = deadlines.first(where: { $0.date > date }), let day = Self.dayNumber(next.date),
            day - today <= days
        else { return nil }
        let level = otherFormFactor ? next.minimumTargetSdkOtherFormFactors : next.minimumTargetSdk.value
        guard targetSdk < level else { return nil }
        return (
            level,
            "\(declared); from \(next.date) (in \(day - today) days) Play requires \(level) or higher for new apps "
                + "and updates\(otherFormFactor ? " for Wear OS, TV and Automotive" : "")",
            "raise targetSdk to \(level) before \(next.date) and test the behaviour changes of each level"
        )
    }

    /// Whether `text` is a day as `YYYY-MM-DD`.
    public static func isDay(_ text: String) -> Bool { dayNumber(text) != nil }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` date (the proleptic Gregorian calendar); `nil` for another form.
    static func dayNumber(_ date: String) -> Int? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, date.utf8.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
            return nil
        }
        // Howard Hinnant's days_from_civil.
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] + (parts[1] > 2 ? -3 : 9)) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
