import Diagnostics

/// The package-name rules PKG001–PKG013 with examples. PKG001–PKG004 are exactly aapt2's `IsAndroidPackageName`;
/// PKG005–PKG008 are Play policy; PKG009 is AGP's namespace check.
public enum PackageNameRules {
    public static let invalidCharacter = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG001", "package-name-invalid-character", .error,
            "A package name is non-empty and uses only ASCII letters, digits, '_' and '.'."),
        passing: ["com.example2.app_x", "org.connectbot"],
        failing: ["", "com.mycompany.test-78", "com.my app.x", "com.café.app", "com.a$b.c"])

    public static let singleSegment = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG002", "package-name-single-segment", .error,
            "A package name has at least two segments separated by '.'."),
        passing: ["de.markusfisch", "net.gsantner.markor"],
        failing: ["omrecorder", "app"])

    public static let emptySegment = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG003", "package-name-empty-segment", .error,
            "A package name has no empty segment: no leading or trailing '.', no '..'."),
        passing: ["com.v2ray.ang"],
        failing: ["com.adventiste_ccp.twa.", ".com.app", "com..app"])

    public static let segmentStart = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG004", "package-name-segment-start", .error,
            "Every segment of a package name starts with an ASCII letter; digits and '_' may only follow."),
        passing: ["com.kylecorry.trail_sense", "com.app2.x9"],
        failing: ["cz.slunecno.2.m.twa", "com._private.app", "com.example.1app"])

    public static let tooLong = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG005", "package-name-too-long", .error,
            "A package name is at most 150 characters long (Play's limit; the platform allows 223)."),
        passing: [PackageNameCase("com." + String(repeating: "a", count: 146))],
        failing: [PackageNameCase("com." + String(repeating: "a", count: 147))])

    public static let uppercaseStart = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG006", "package-name-uppercase-start", .error,
            "A package name starts with a lowercase letter a–z; Play refuses one that starts upper-case."),
        passing: ["com.CompanyName.game"],
        failing: ["AndroClient.AndroClient", "Com.example2.app"])

    public static let reservedPrefix = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG007", "package-name-reserved-prefix", .error,
            "An applicationId Play receives is not in a namespace Play reserves: com.example, com.android or android."),
        passing: [
            "com.examples.app", "com.androidx.tool", "org.android.app",
            PackageNameCase("com.android.launcher3", role: .namespace),
            PackageNameCase("com.example.app.debug", role: .debugApplicationID),
        ],
        failing: ["com.example.x", "com.android.taraashna", "android", "android.app.mine"])

    public static let brandPrefix = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG008", "package-name-brand-prefix", .warning,
            "A package name does not start with a brand namespace such as com.google that Play will not grant."),
        passing: ["com.googly.eyes"],
        failing: ["com.google.myapp"])

    public static let javaKeyword = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG009", "package-name-java-keyword", .error,
            "No segment is a Java keyword: an error in a namespace (AGP refuses it), a warning in an applicationId."),
        passing: ["com.voidistaken.steam", "com.example2.record", PackageNameCase("com.test.var", role: .namespace)],
        failing: [
            "de.cbre.break", PackageNameCase("com.doit.package", role: .namespace),
            PackageNameCase("dev.brickvpn.native.harness", role: .manifestPackage),
        ])

    public static let uppercaseLetters = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG010", "package-name-uppercase", .warning,
            "Opt-in: an applicationId is all lowercase; IDs are case-sensitive, so com.Foo.app and com.foo.app are two apps.",
            optIn: true),
        passing: ["com.foo.app"],
        failing: ["com.CompanyName.game"])

    public static let underscore = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG011", "package-name-underscore", .note,
            "Opt-in: an applicationId without '_' is conventional; some tools have mishandled underscores.", optIn: true),
        passing: ["com.kylecorry.trailsense"],
        failing: ["com.kylecorry.trail_sense"])

    public static let namespaceMismatch = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG012", "application-id-differs-from-namespace", .warning,
            "Opt-in: the applicationId equals the namespace, as Google recommends.", optIn: true),
        passing: [PackageNameCase("org.connectbot", namespace: "org.connectbot")],
        failing: [PackageNameCase("dev.brickvpn.nativeharness", namespace: "dev.brickvpn.harness")])

    public static let identityChanged = DocumentedRule<PackageNameCase>(
        RuleDescriptor(
            "PKG013", "application-id-changed", .error,
            "A release build still has the applicationId the app was published under: Play ties updates to it forever."),
        passing: [PackageNameCase("com.v2ray.ang", expected: "com.v2ray.ang")],
        failing: [PackageNameCase("com.v2ray.angng", expected: "com.v2ray.ang")])

    /// Every package-name rule, in id order.
    public static let all = [
        invalidCharacter, singleSegment, emptySegment, segmentStart, tooLong, uppercaseStart, reservedPrefix,
        brandPrefix, javaKeyword, uppercaseLetters, underscore, namespaceMismatch, identityChanged,
    ]
}
