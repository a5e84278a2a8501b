import Diagnostics

/// The package-name rules PKG001–PKG013, each with its examples and its check, so a new rule is one entry in
/// this file and its name in ``all``. PKG001–PKG004 are exactly aapt2's `IsAndroidPackageName`; PKG005–PKG008 are Play policy; PKG009 is
/// AGP's namespace check.
public enum PackageNameRules {
    /// The limits the summaries and examples quote, so they cannot drift from what the checker enforces.
    private static let limits = PackageNameLimits.play2026
    private static let permanence = "choose it before the first upload: Play never lets a published app change it"

    public static let invalidCharacter = PackageNameRule(
        Rule(
            "PKG001", "package-name-invalid-character", .error,
            "A package name is non-empty and uses only ASCII letters, digits, '_' and '.'.",
            why: "aapt2 and the package installer refuse the name.",
            examples: PackageNameCase.self, passing: ["com.example2.app_x", "org.connectbot"],
            failing: ["", "com.mycompany.test-78", "com.my app.x", "com.café.app", "com.a$b.c"]),
        judge: .build
    ) { name, finding in
        guard !name.name.isEmpty else {
            return [
                finding(
                    "the package name is empty", hint: "use a reverse-domain name such as 'com.yourcompany.yourapp'")
            ]
        }
        guard let (offset, scalar) = name.name.unicodeScalars.enumerated().first(where: { !isAllowed($0.element) })
        else { return [] }
        let shown =
            scalar.isASCII && scalar.value >= 0x21
            ? "'\(scalar)'" : "U+\(String(scalar.value, radix: 16, uppercase: true)) '\(scalar)'"
        return [
            finding(
                "character \(shown) at position \(offset + 1) is not allowed: package names use only ASCII letters, "
                    + "digits, '_' and '.' (aapt2 and the installer refuse it: 'bad character')",
                hint: scalar == "-" ? "replace '-' with '_' or drop it" : "replace or drop the character")
        ]
    }

    public static let singleSegment = PackageNameRule(
        Rule(
            "PKG002", "package-name-single-segment", .error,
            "A package name has at least two segments separated by '.'.",
            why: "aapt2 and the package installer refuse the name.",
            examples: PackageNameCase.self, passing: ["de.markusfisch", "net.gsantner.markor"],
            failing: ["omrecorder", "app"]),
        judge: .installer
    ) { name, finding in
        guard name.segments.count < 2, name.name != "android" else { return [] }
        return [
            finding(
                "'\(Excerpt.of(name.name))' has a single segment: Android needs at least two, separated by '.' "
                    + "(the installer: \"must have at least one '.' separator\")",
                hint: "use a reverse-domain name such as 'com.yourcompany.\(Excerpt.of(name.name.lowercased()))'")
        ]
    }

    public static let emptySegment = PackageNameRule(
        Rule(
            "PKG003", "package-name-empty-segment", .error,
            "A package name has no empty segment: no leading or trailing '.', no '..'.",
            why: "aapt2 and the package installer refuse the name.",
            examples: PackageNameCase.self, passing: ["com.v2ray.ang"],
            failing: ["com.adventiste_ccp.twa.", ".com.app", "com..app"]),
        judge: .build
    ) { name, finding in
        guard name.segments.count > 1, name.segments.contains(where: \.isEmpty) else { return [] }
        let what =
            if name.name.hasPrefix(".") { "starts with '.'" } else if name.name.hasSuffix(".") { "ends with '.'" } else
            {
                "contains '..'"
            }
        return [
            finding(
                "'\(Excerpt.of(name.name))' \(what), which leaves an empty segment (aapt2 refuses it: 'not a valid Android package name')",
                hint: "remove the stray '.'")
        ]
    }

    public static let segmentStart = PackageNameRule(
        Rule(
            "PKG004", "package-name-segment-start", .error,
            "Every segment of a package name starts with an ASCII letter; digits and '_' may only follow.",
            why: "aapt2 and the package installer refuse the name.",
            examples: PackageNameCase.self, passing: ["com.kylecorry.trail_sense", "com.app2.x9"],
            failing: ["cz.slunecno.2.m.twa", "com._private.app", "com.example.1app"]),
        judge: .build
    ) { name, finding in
        name.segments.enumerated().compactMap { index, segment in
            guard let first = segment.unicodeScalars.first, first == "_" || ("0"..."9").contains(first) else {
                return nil
            }
            let kind = first == "_" ? "an underscore" : "a digit"
            return finding(
                "segment \(index + 1) '\(Excerpt.of(segment))' starts with \(kind): each segment becomes part of a Java package "
                    + "name and must start with a letter (aapt2 and the installer refuse it)",
                hint: "start the segment with a letter, e.g. '\(Excerpt.of(letterFirst(segment)))'")
        }
    }

    public static let tooLong = PackageNameRule(
        Rule(
            "PKG005", "package-name-too-long", .error,
            "A package name is at most \(limits.maxLength.value) characters long (Play's limit; the platform allows 223).",
            why: "Play refuses the upload.",
            examples: PackageNameCase.self,
            passing: [PackageNameCase("com." + String(repeating: "a", count: limits.maxLength.value - 4))],
            failing: [PackageNameCase("com." + String(repeating: "a", count: limits.maxLength.value - 3))]),
        judge: .play
    ) { name, finding in
        let limit = name.limits.maxLength.value
        let count = name.name.unicodeScalars.count
        guard count > limit else { return [] }
        return [
            finding(
                "the name is \(count) characters, over Play's limit of \(limit) (the platform's own limit is 223)",
                hint: "shorten it by \(count - limit) characters; \(permanence)")
        ]
    }

    public static let uppercaseStart = PackageNameRule(
        Rule(
            "PKG006", "package-name-uppercase-start", .error,
            "A package name starts with a lowercase letter a–z; Play refuses one that starts upper-case.",
            why: "Play refuses the upload.",
            examples: PackageNameCase.self, passing: ["com.CompanyName.game"],
            failing: ["AndroClient.AndroClient", "Com.example2.app"]),
        judge: .play
    ) { name, finding in
        guard let first = name.name.unicodeScalars.first, ("A"..."Z").contains(first) else { return [] }
        return [
            finding(
                "the name starts with upper-case '\(first)': Play requires a lowercase first letter "
                    + "(\"It must start with a lowercase character\")",
                hint: "use '\(Excerpt.of(name.name.prefix(1).lowercased() + name.name.dropFirst()))'")
        ]
    }

    public static let reservedPrefix = PackageNameRule(
        Rule(
            "PKG007", "package-name-reserved-prefix", .error,
            "An applicationId Play receives is not in a namespace Play reserves: "
                + either(limits.reservedPrefixes.value) + ".", why: "Play refuses the upload.",
            examples: PackageNameCase.self,
            passing: [
                "com.examples.app", "com.androidx.tool", "org.android.app",
                PackageNameCase("com.android.launcher3", role: .namespace),
                PackageNameCase("com.example.app.debug", role: .debugApplicationID),
            ],
            failing: ["com.example.x", "com.android.taraashna", "android", "android.app.mine"]),
        judge: .play
    ) { name, finding in
        guard let prefix = name.firstPrefix(of: name.limits.reservedPrefixes.value) else { return [] }
        return [
            finding(
                "'\(prefix)' is reserved: Play refuses the upload (\"You need to use a different package name because "
                    + "\"\(prefix)\" is restricted\")",
                hint:
                    "use a domain you own, e.g. 'com.yourcompany.\(Excerpt.of(name.segments.last ?? "app"))'; \(permanence)"
            )
        ]
    }

    public static let brandPrefix = PackageNameRule(
        Rule(
            "PKG008", "package-name-brand-prefix", .warning,
            "A package name does not start with a brand namespace such as \(limits.brandPrefixes.value[0]) that Play will not grant.",
            why:
                "Play's review rejects or removes apps that use a brand's namespace; no upload check catches it first.",
            examples: PackageNameCase.self, passing: ["com.googly.eyes"],
            failing: ["com.google.myapp"]),
        judge: .play
    ) { name, finding in
        guard let prefix = name.firstPrefix(of: name.limits.brandPrefixes.value) else { return [] }
        return [
            finding(
                "'\(prefix)' belongs to another brand: Play will not let a third party publish under it",
                hint: "use a domain you own")
        ]
    }

    public static let javaKeyword = PackageNameRule(
        Rule(
            "PKG009", "package-name-java-keyword", .error,
            "No segment is a Java keyword: an error in a namespace (AGP refuses it), a warning in an applicationId.",
            why:
                "AGP fails the build on a keyword in a namespace; in an applicationId it only breaks generated code names.",
            examples: PackageNameCase.self,
            passing: [
                "com.voidistaken.steam", "com.example2.record", PackageNameCase("com.test.var", role: .namespace),
            ],
            failing: [
                "de.cbre.break", PackageNameCase("com.doit.package", role: .namespace),
                PackageNameCase("dev.brickvpn.native.harness", role: .manifestPackage),
            ]),
        judge: .build
    ) { name, finding in
        name.segments.filter(JavaKeywords.all.contains).map { keyword in
            let isFatal = !name.role.isApplicationID
            return finding(
                severity: isFatal ? .error : .warning,
                isFatal
                    ? "'\(keyword)' is a Java keyword, so the \(name.role.rawValue) is not a valid Java package name "
                        + "(AGP refuses it: \"'\(keyword)' is a Java keyword\")"
                    : "'\(keyword)' is a Java keyword: fine in an applicationId, but AGP refuses it in the namespace, "
                        + "which the applicationId usually equals",
                hint: "rename the segment, e.g. '\(Excerpt.of(keyword))x' or '\(Excerpt.of(keyword))app'")
        }
    }

    public static let uppercaseLetters = PackageNameRule(
        Rule(
            "PKG010", "package-name-uppercase", .warning,
            "Opt-in: an applicationId is all lowercase; IDs are case-sensitive, so com.Foo.app and com.foo.app are two apps.",
            why: "Style: Play accepts mixed case; opt-in advice.",
            optIn: true,
            examples: PackageNameCase.self, passing: ["com.foo.app"],
            failing: ["com.CompanyName.game"]),
        judge: .play
    ) { name, finding in
        guard name.name.unicodeScalars.dropFirst().contains(where: { ("A"..."Z").contains($0) }) else { return [] }
        return [
            finding(
                "'\(Excerpt.of(name.name))' has upper-case letters: legal, but IDs are case-sensitive and tools assume lower case",
                hint: "prefer '\(Excerpt.of(name.name.lowercased()))' for a new app; \(permanence)")
        ]
    }

    public static let underscore = PackageNameRule(
        Rule(
            "PKG011", "package-name-underscore", .note,
            "Opt-in: an applicationId without '_' is conventional; some tools have mishandled underscores.",
            why: "Style: Play accepts '_'; opt-in advice.",
            optIn: true,
            examples: PackageNameCase.self, passing: ["com.kylecorry.trailsense"],
            failing: ["com.kylecorry.trail_sense"]),
        judge: .play
    ) { name, finding in
        guard name.name.contains("_") else { return [] }
        return [
            finding(
                "'\(Excerpt.of(name.name))' contains '_': legal, but unconventional, and some tools have mishandled it")
        ]
    }

    public static let namespaceMismatch = PackageNameRule(
        Rule(
            "PKG012", "application-id-differs-from-namespace", .warning,
            "Opt-in: the applicationId equals the namespace, as Google recommends.",
            why: "Style: Google's recommendation, not a requirement; opt-in advice.", optIn: true,
            examples: PackageNameCase.self, passing: [PackageNameCase("org.connectbot", namespace: "org.connectbot")],
            failing: [PackageNameCase("dev.brickvpn.nativeharness", namespace: "dev.brickvpn.harness")]),
        judge: .play
    ) { name, finding in
        guard let namespace = name.namespace, namespace != name.name else { return [] }
        return [
            finding(
                "it differs from the namespace '\(Excerpt.of(namespace))': legal, but Google recommends keeping them equal",
                hint:
                    "set applicationId explicitly so a later namespace change cannot silently change the app's identity"
            )
        ]
    }

    public static let identityChanged = PackageNameRule(
        Rule(
            "PKG013", "application-id-changed", .error,
            "A release build still has the applicationId the app was published under: Play ties updates to it forever.",
            why: "Play treats a changed applicationId as a new app: the upload cannot update the published one.",
            examples: PackageNameCase.self, passing: [PackageNameCase("com.v2ray.ang", expected: "com.v2ray.ang")],
            failing: [PackageNameCase("com.v2ray.angng", expected: "com.v2ray.ang")]),
        judge: .play
    ) { name, finding in
        guard let expected = name.expected, expected != name.name else { return [] }
        return [
            finding(
                "it differs from the published '\(expected)': Play treats it as a new app and the upload fails with "
                    + "'Package not found'",
                hint: "restore '\(expected)': a package name can never change after the first release")
        ]
    }

    /// Every package-name rule, in id order; ``PackageNameChecker`` runs them.
    public static let all: [PackageNameRule] = [
        invalidCharacter, singleSegment, emptySegment, segmentStart, tooLong, uppercaseStart, reservedPrefix,
        brandPrefix, javaKeyword, uppercaseLetters, underscore, namespaceMismatch, identityChanged,
    ]

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".": true
        default: false
        }
    }

    /// `_1app` → `app_1`: a segment's leading digits and underscores moved behind its letters.
    private static func letterFirst(_ segment: String) -> String {
        let trimmed = segment.drop { $0 == "_" || $0.isNumber }
        return trimmed.isEmpty ? "v" + segment : String(trimmed) + segment.prefix(segment.count - trimmed.count)
    }

    /// `a, b or c`.
    private static func either(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
