public import Diagnostics
public import FileAccess
import PackageNameKit

/// What `playprep package check NAME...` is asked, as a front end gives it: each argument is a package name,
/// judged in the role asked, or a build file or manifest, whose declared names are judged as `playprep check`
/// judges them (``BuildFilePackageCheck``).
public struct PackageCheckRequest: Sendable {
    /// Package names, and paths of build files or manifests.
    public var names: [String]
    /// Judge plain names as a namespace (a Java keyword segment is then an error) rather than an applicationId.
    public var asNamespace: Bool
    /// The applicationId already on Play (`--expect`, PKG013).
    public var expected: String?

    public init(names: [String], asNamespace: Bool = false, expected: String? = nil) {
        self.names = names
        self.asNamespace = asNamespace
        self.expected = expected
    }

    /// The arguments that are files: inputs an output must never replace.
    public var inputFiles: [InputFile] {
        names.filter { PathKind(path: $0) == .file }.map { InputFile($0, role: .buildFile) }
    }

    /// One report per argument, in order; a build file or manifest that does not exist is an error naming it.
    public func run() throws(ProjectCheckError) -> Report {
        var files = [FileReport]()
        for name in names {
            let namesBuildFile = [".gradle", ".gradle.kts", ".xml"].contains { name.hasSuffix($0) }
            switch (namesBuildFile, PathKind(path: name) == .file) {
            case (true, true):
                let check = BuildFilePackageCheck(expected: expected)
                files.append(FileReport(file: name, diagnostics: check.diagnostics(forFileAt: name)))
            case (true, false):
                throw .notFound(name)
            case (false, _):
                let input = PackageNameCase(name, role: asNamespace ? .namespace : .applicationID, expected: expected)
                let diagnostics = PackageNameChecker().check(input).map { $0.diagnostic(file: name) }
                files.append(FileReport(file: name, diagnostics: diagnostics))
            }
        }
        return Report(files: files)
    }
}
