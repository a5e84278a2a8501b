public import Diagnostics

/// Checks the package names a build file or manifest declares: the namespace, the applicationId, and every
/// applicationId a flavour or build type derives from it (`applicationIdSuffix`), each reported at the line that
/// produced it.
public struct BuildFileChecker: Sendable {
    public var checker: PackageNameChecker
    public var reader: BuildFileReader

    public init(checker: PackageNameChecker = PackageNameChecker(), reader: BuildFileReader = BuildFileReader()) {
        self.checker = checker
        self.reader = reader
    }

    /// Diagnostics for `text`, the contents of `file`.
    /// - Parameter expected: the applicationId the app was published under (PKG013), when known.
    public func check(_ text: String, kind: BuildFileReader.FileKind, file: String, expected: String? = nil)
        -> [Diagnostic]
    {
        let declarations = reader.declarations(in: text, kind: kind)
        var diagnostics: [Diagnostic] = []
        func report(_ input: PackageNameCase, at declaration: DeclaredPackageName, skipping: Set<String> = []) -> Set<String> {
            let findings = checker.check(input).filter { !skipping.contains($0.ruleID) }
            let location = Location.text(line: declaration.line, column: declaration.column)
            diagnostics += findings.map { finding in
                var described = finding
                described.message = "\(input.role.rawValue) '\(input.name)': " + finding.message
                return described.diagnostic(file: file, location: location)
            }
            return skipping.union(findings.map(\.ruleID))
        }
        let namespace = declarations.first { $0.kind == .namespace }
        for manifest in declarations where manifest.kind == .manifestPackage {
            _ = report(PackageNameCase(manifest.value, role: .manifestPackage), at: manifest)
        }
        let explicitID = declarations.first { $0.kind == .applicationID && $0.variantBlock == nil }
        var baseReported: Set<String> = []
        if let namespace {
            baseReported = report(PackageNameCase(namespace.value, role: .namespace), at: namespace)
        }
        guard let base = explicitID ?? namespace else { return diagnostics }
        if let explicitID {
            baseReported = report(
                PackageNameCase(explicitID.value, namespace: namespace?.value, expected: expected), at: explicitID)
        }
        for variant in derivedIDs(base: base, declarations: declarations) {
            _ = report(PackageNameCase(variant.name), at: variant.declaration, skipping: baseReported)
        }
        return diagnostics
    }

    /// Flavour applicationIds and suffixed IDs, each with the declaration that produced it (the most specific one).
    private func derivedIDs(base: DeclaredPackageName, declarations: [DeclaredPackageName])
        -> [(name: String, declaration: DeclaredPackageName)]
    {
        let inGroup = { (group: String) in declarations.filter { $0.variantBlock?.group == group } }
        let flavourIDs = inGroup("productFlavors").filter { $0.kind == .applicationID }
        let flavourSuffixes = inGroup("productFlavors").filter { $0.kind == .applicationIDSuffix }
        let typeSuffixes = inGroup("buildTypes").filter { $0.kind == .applicationIDSuffix }
        let flavoured = flavourIDs.map { ($0.value, $0) } + flavourSuffixes.map { (base.value + $0.value, $0) }
        let roots = [(base.value, base)] + flavoured
        let suffixed = roots.flatMap { root in typeSuffixes.map { (root.0 + $0.value, $0) } }
        return (flavoured + suffixed).map { (name: $0.0, declaration: $0.1) }
    }
}
