/// An App content form every app files, whatever its manifest holds: listed once in `playprep plan`, never a
/// finding, because whether it is filed cannot be seen offline and it does not change from release to release.
public struct AppLevelForm: Sendable, Hashable, Codable {
    /// The form's name in Policy › App content.
    public var form: String
    /// Who must file it and what Play does without it.
    public var requirement: String
    /// Play's words when it is missing, where a refusal is documented.
    public var playText: String?

    /// The forms of Play Console's App content page that every published app answers (sources in
    /// docs/declarations.md: Play Console Help answer 10787469, Triple-T/gradle-play-publisher#1064).
    public static let play2026 = [
        AppLevelForm(
            form: "Data safety",
            requirement: "every app, also private and internal ones; Play refuses the commit without it",
            playText: "This app has no data safety declaration."),
        AppLevelForm(
            form: "Privacy policy",
            requirement: "every app (the Data safety form links it); apps with sensitive permissions were refused "
                + "at upload without one",
            playText: nil),
        AppLevelForm(
            form: "Health apps",
            requirement: "every published app answers whether it is a health app (since 2024-08-31)",
            playText: nil),
    ]
}
