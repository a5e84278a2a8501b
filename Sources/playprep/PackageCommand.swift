import ArgumentParser
import Diagnostics
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
        let request = PackageCheckRequest(names: names, asNamespace: namespace, expected: expectation.expected)
        try report.refuse(overwriting: request.inputFiles)
        let checked: Report
        do {
            checked = try request.run()
        } catch {
            throw CLIError(error)
        }
        try report.finish(with: report.selected(checked))
    }
}
