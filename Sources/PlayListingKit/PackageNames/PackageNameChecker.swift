import Diagnostics

/// Checks one package name against PKG001–PKG013 and explains each refusal in plain words, naming the layer
/// that refuses it (aapt2 and the installer, Play at upload, or AGP).
public struct PackageNameChecker: Sendable {
    public var limits: ListingLimits

    public init(limits: ListingLimits = .play2026) {
        self.limits = limits
    }

    /// Every finding for `input`, in rule order. An empty result means Play, aapt2 and AGP accept the name.
    public func check(_ input: PackageNameCase) -> [Finding] {
        let name = input.name
        guard !name.isEmpty else {
            return [Finding(PackageNameRules.invalidCharacter.descriptor, "the package name is empty",
                            hint: "use a reverse-domain name such as 'com.yourcompany.yourapp'")]
        }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let build = invalidCharacters(name) + emptySegments(name, segments) + segmentStarts(segments)
            + keywords(segments, role: input.role)
        guard input.role.isApplicationID else { return build }
        let installer = segmentCount(name, segments)
        guard input.role.reachesPlay else { return build + installer }
        return build + installer + length(name) + firstCharacter(name) + reservedPrefix(segments) + brandPrefix(segments)
            + conventions(name) + identity(input)
    }

    private static let permanence = "choose it before the first upload: Play never lets a published app change it"

    private func invalidCharacters(_ name: String) -> [Finding] {
        guard let (offset, scalar) = name.unicodeScalars.enumerated().first(where: { !Self.isAllowed($0.element) })
        else { return [] }
        let shown = scalar.isASCII && scalar.value >= 0x21 ? "'\(scalar)'" : "U+\(String(scalar.value, radix: 16, uppercase: true)) '\(scalar)'"
        return [Finding(
            PackageNameRules.invalidCharacter.descriptor,
            "character \(shown) at position \(offset + 1) is not allowed: package names use only ASCII letters, "
                + "digits, '_' and '.' (aapt2 and the installer refuse it: 'bad character')",
            hint: scalar == "-" ? "replace '-' with '_' or drop it" : "replace or drop the character")]
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".": true
        default: false
        }
    }

    private func segmentCount(_ name: String, _ segments: [String]) -> [Finding] {
        guard segments.count < 2, name != "android" else { return [] }
        return [Finding(
            PackageNameRules.singleSegment.descriptor,
            "'\(name)' has a single segment: Android needs at least two, separated by '.' "
                + "(the installer: \"must have at least one '.' separator\")",
            hint: "use a reverse-domain name such as 'com.yourcompany.\(name.lowercased())'")]
    }

    private func emptySegments(_ name: String, _ segments: [String]) -> [Finding] {
        guard segments.count > 1, segments.contains(where: \.isEmpty) else { return [] }
        let what =
            if name.hasPrefix(".") { "starts with '.'" } else if name.hasSuffix(".") { "ends with '.'" } else {
                "contains '..'"
            }
        return [Finding(
            PackageNameRules.emptySegment.descriptor,
            "'\(name)' \(what), which leaves an empty segment (aapt2 refuses it: 'not a valid Android package name')",
            hint: "remove the stray '.'")]
    }

    private func segmentStarts(_ segments: [String]) -> [Finding] {
        segments.enumerated().compactMap { index, segment in
            guard let first = segment.unicodeScalars.first, first == "_" || ("0"..."9").contains(first) else {
                return nil
            }
            let kind = first == "_" ? "an underscore" : "a digit"
            return Finding(
                PackageNameRules.segmentStart.descriptor,
                "segment \(index + 1) '\(segment)' starts with \(kind): each segment becomes part of a Java package "
                    + "name and must start with a letter (aapt2 and the installer refuse it)",
                hint: "start the segment with a letter, e.g. '\(Self.letterFirst(segment))'")
        }
    }

    private static func letterFirst(_ segment: String) -> String {
        let trimmed = segment.drop { $0 == "_" || $0.isNumber }
        return trimmed.isEmpty ? "v" + segment : String(trimmed) + segment.prefix(segment.count - trimmed.count)
    }

    private func length(_ name: String) -> [Finding] {
        let limit = limits.packageNameMaxLength.value
        let count = name.unicodeScalars.count
        guard count > limit else { return [] }
        return [Finding(
            PackageNameRules.tooLong.descriptor,
            "the name is \(count) characters, over Play's limit of \(limit) (the platform's own limit is 223)",
            hint: "shorten it by \(count - limit) characters; \(Self.permanence)")]
    }

    private func firstCharacter(_ name: String) -> [Finding] {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return [] }
        return [Finding(
            PackageNameRules.uppercaseStart.descriptor,
            "the name starts with upper-case '\(first)': Play requires a lowercase first letter "
                + "(\"It must start with a lowercase character\")",
            hint: "use '\(name.prefix(1).lowercased() + name.dropFirst())'")]
    }

    private func reservedPrefix(_ segments: [String]) -> [Finding] {
        guard let prefix = Self.matchingPrefix(segments, limits.reservedPackagePrefixes.value) else { return [] }
        return [Finding(
            PackageNameRules.reservedPrefix.descriptor,
            "'\(prefix)' is reserved: Play refuses the upload (\"You need to use a different package name because "
                + "\"\(prefix)\" is restricted\")",
            hint: "use a domain you own, e.g. 'com.yourcompany.\(segments.last ?? "app")'; \(Self.permanence)")]
    }

    private func brandPrefix(_ segments: [String]) -> [Finding] {
        guard let prefix = Self.matchingPrefix(segments, limits.brandPackagePrefixes.value) else { return [] }
        return [Finding(
            PackageNameRules.brandPrefix.descriptor,
            "'\(prefix)' belongs to another brand: Play will not let a third party publish under it",
            hint: "use a domain you own")]
    }

    /// The first prefix the name equals or starts with, compared segment by segment.
    private static func matchingPrefix(_ segments: [String], _ prefixes: [String]) -> String? {
        prefixes.first { prefix in
            let parts = prefix.split(separator: ".").map(String.init)
            return segments.count >= parts.count && Array(segments.prefix(parts.count)) == parts
        }
    }

    private func keywords(_ segments: [String], role: PackageNameRole) -> [Finding] {
        segments.filter(JavaKeywords.all.contains).map { keyword in
            let isFatal = !role.isApplicationID
            return Finding(
                PackageNameRules.javaKeyword.descriptor, severity: isFatal ? .error : .warning,
                isFatal
                    ? "'\(keyword)' is a Java keyword, so the \(role.rawValue) is not a valid Java package name "
                        + "(AGP refuses it: \"'\(keyword)' is a Java keyword\")"
                    : "'\(keyword)' is a Java keyword: fine in an applicationId, but AGP refuses it in the namespace, "
                        + "which the applicationId usually equals",
                hint: "rename the segment, e.g. '\(keyword)x' or '\(keyword)app'")
        }
    }

    private func conventions(_ name: String) -> [Finding] {
        var findings: [Finding] = []
        if name.unicodeScalars.dropFirst().contains(where: { ("A"..."Z").contains($0) }) {
            findings.append(Finding(
                PackageNameRules.uppercaseLetters.descriptor,
                "'\(name)' has upper-case letters: legal, but IDs are case-sensitive and tools assume lower case",
                hint: "prefer '\(name.lowercased())' for a new app; \(Self.permanence)"))
        }
        if name.contains("_") {
            findings.append(Finding(
                PackageNameRules.underscore.descriptor,
                "'\(name)' contains '_': legal, but unconventional, and some tools have mishandled it"))
        }
        return findings
    }

    private func identity(_ input: PackageNameCase) -> [Finding] {
        var findings: [Finding] = []
        if let namespace = input.namespace, namespace != input.name {
            findings.append(Finding(
                PackageNameRules.namespaceMismatch.descriptor,
                "it differs from the namespace '\(namespace)': legal, but Google recommends keeping them equal",
                hint: "set applicationId explicitly so a later namespace change cannot silently change the app's identity"))
        }
        if let expected = input.expected, expected != input.name {
            findings.append(Finding(
                PackageNameRules.identityChanged.descriptor,
                "it differs from the published '\(expected)': Play treats it as a new app and the upload fails with "
                    + "'Package not found'",
                hint: "restore '\(expected)': a package name can never change after the first release"))
        }
        return findings
    }
}
