/// What a build file line declares.
public enum PackageDeclarationKind: String, Sendable, Hashable {
    case applicationID = "applicationId"
    case applicationIDSuffix = "applicationIdSuffix"
    case namespace
    case manifestPackage = "package"
}

/// A package name (or suffix) as written in a build file, with where it was written.
public struct DeclaredPackageName: Sendable, Hashable {
    public var kind: PackageDeclarationKind
    public var value: String
    /// 1-based line and column of the value's first character.
    public var line: Int
    public var column: Int
    /// Names of the enclosing blocks, outermost first, e.g. `["android", "productFlavors", "nightly"]`.
    public var scope: [String]

    public init(kind: PackageDeclarationKind, value: String, line: Int, column: Int, scope: [String] = []) {
        self.kind = kind
        self.value = value
        self.line = line
        self.column = column
        self.scope = scope
    }

    /// The build type or flavour this declaration belongs to, if it sits in `buildTypes {}` or `productFlavors {}`.
    var variantBlock: (group: String, name: String)? {
        guard let index = scope.lastIndex(where: { $0 == "buildTypes" || $0 == "productFlavors" }),
            index + 1 < scope.count
        else { return nil }
        return (scope[index], scope[index + 1])
    }
}
