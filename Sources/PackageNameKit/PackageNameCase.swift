public import Diagnostics

/// Which declaration a package name comes from, which decides who judges it: Play sees only the applicationId of
/// a build it can take; aapt2 and the installer see every applicationId; a namespace or a manifest `package` is
/// only a Java package to the build.
public enum PackageNameRole: String, Sendable, Hashable, CaseIterable {
    /// Gradle `applicationId` of a release build (what Play and the device know the app by): every rule.
    case applicationID = "applicationId"
    /// The applicationId of a debuggable variant, which Play never receives: aapt2's and the installer's rules.
    case debugApplicationID = "debug applicationId"
    /// Gradle `namespace`: the Java package of R and BuildConfig: the build's rules, Java keywords fatal.
    case namespace
    /// `package=` in AndroidManifest.xml (the namespace before AGP 7): as a namespace.
    case manifestPackage = "manifest package"

    /// Whether Play receives the name (Play's rules apply: PKG005–PKG008 and PKG010–PKG013).
    public var reachesPlay: Bool { self == .applicationID }
    /// Whether the name becomes an applicationId that aapt2 and the installer validate (PKG002).
    public var isApplicationID: Bool { self == .applicationID || self == .debugApplicationID }
}

/// One name to check, with what it is and what it must agree with. As a rule example it is checked by
/// ``PackageNameChecker``.
public struct PackageNameCase: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible, RuleExample {
    public var name: String
    public var role: PackageNameRole
    /// The namespace declared beside an applicationId (PKG012 compares them).
    public var namespace: String?
    /// The ID the app was published under, when known (PKG013).
    public var expected: String?

    public init(
        _ name: String, role: PackageNameRole = .applicationID, namespace: String? = nil, expected: String? = nil
    ) {
        self.name = name
        self.role = role
        self.namespace = namespace
        self.expected = expected
    }

    /// A plain applicationId.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String {
        var text = "\(role.rawValue) '\(Excerpt.of(name))'"
        if let namespace { text += " (namespace '\(Excerpt.of(namespace))')" }
        if let expected { text += " (published as '\(Excerpt.of(expected))')" }
        return text
    }
}

extension PackageNameCase {
    public var title: String { description }

    public func reportedRuleIDs(repository: String) -> Set<String> {
        Set(PackageNameChecker().check(self).map(\.ruleID))
    }
}
