import ArgumentParser
import Diagnostics
import FileAccess
import PackageNameKit
import ProjectCheck

/// `playprep package …`
struct PackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract:
            "Check Android package names (applicationId, namespace, manifest package) against Play, aapt2 and AGP.",
        subcommands: [CheckPackage.self]
    )
}

/// `playprep package check NAME...`
struct CheckPackage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Explain whether Google Play, aapt2 and AGP accept a package name, and why not.",
        discussion: """
            NAME is a package name, or a build.gradle, build.gradle.kts or AndroidManifest.xml: the project around it \
            is read as `playprep check` reads it, and the names that file declares are judged at their line: the \
            applicationId of every release variant by Play's rules, debug variants by aapt2's, namespaces and \
            manifest packages by the build's. Choose the name before the first release: Play never lets a \
            published app change it.
            """
    )

    @Argument(help: "Package names or build files to check.")
    var names: [String]

    @Flag(help: "Check plain names as a namespace (a Java keyword segment is then an error, not a warning).")
    var namespace = false

    @OptionGroup var expectation: ExpectOption

    @OptionGroup var report: ReportOptions

    func run() throws {
        try report.refuse(
            overwriting: names.filter { PathKind(path: $0) == .file }.map { InputFile($0, role: .buildFile) })
        let files = try names.map { name in
            let isBuildFile = name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") || name.hasSuffix(".xml")
            guard isBuildFile, PathKind(path: name) == .file else {
                if isBuildFile, PathKind(path: name) != .file { throw CLIError.inputNotFound(name) }
                let input = PackageNameCase(
                    name, role: namespace ? .namespace : .applicationID, expected: expectation.expected)
                return FileReport(
                    file: name, diagnostics: PackageNameChecker().check(input).map { $0.diagnostic(file: name) })
            }
            let check = BuildFilePackageCheck(expected: expectation.expected)
            return FileReport(file: name, diagnostics: check.diagnostics(forFileAt: name))
        }
        try report.finish(with: report.selected(Report(files: files)))
    }
}
