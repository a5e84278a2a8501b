/// Which declaration a package name comes from; the rules differ slightly between them.
public enum PackageNameRole: String, Sendable, Hashable, CaseIterable {
    /// Gradle `applicationId` (what Play and the device know the app by).
    case applicationID = "applicationId"
    /// Gradle `namespace`: the Java package of R and BuildConfig, so Java keywords are fatal here.
    case namespace
    /// `package=` in AndroidManifest.xml (the namespace before AGP 7).
    case manifestPackage = "manifest package"
}

/// One name to check, with what it is and what it must agree with.
public struct PackageNameCase: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var name: String
    public var role: PackageNameRole
    /// The namespace declared beside an applicationId (PKG012 compares them).
    public var namespace: String?
    /// The ID the app was published under, when known (PKG013).
    public var expected: String?

    public init(_ name: String, role: PackageNameRole = .applicationID, namespace: String? = nil, expected: String? = nil) {
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
        var text = "\(role.rawValue) '\(name)'"
        if let namespace { text += " (namespace '\(namespace)')" }
        if let expected { text += " (published as '\(expected)')" }
        return text
    }
}
