/// What a report is about, for the HTML report's header: the project, when it was checked, and the release as
/// playprep read it (release variants, listings and their stores). Made by the command that ran the check;
/// reporters stay free of clocks and builds.
public struct ReportHeader: Sendable, Hashable {
    /// The project as the user named it (a folder).
    public var project: String
    /// When the check ran, as the command formats it (ISO 8601).
    public var date: String
    /// One line per release variant: `app proRelease: com.example.app, versionCode 12`.
    public var releaseVariants: [String]
    /// One line per listing, its store and the proof of its upload, as the summary line gives it:
    /// `fastlane/metadata/android: Play via supply (lane release) [shown: …]`.
    public var listings: [String]
    /// With `--since REF`: the release compared with (`v1.2.0 (commit 1a2b3c4d5e6f)`), then its release variants
    /// as `releaseVariants` gives them; empty without.
    public var comparedRelease: [String]

    public init(
        project: String, date: String, releaseVariants: [String] = [], listings: [String] = [],
        comparedRelease: [String] = []
    ) {
        self.project = project
        self.date = date
        self.releaseVariants = releaseVariants
        self.listings = listings
        self.comparedRelease = comparedRelease
    }
}
