import ArgumentParser
import Diagnostics
import Foundation
import PlayListingKit

/// `playprep package …`
struct PackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Check Android package names (applicationId, namespace, manifest package) against Play, aapt2 and AGP.",
        subcommands: [CheckPackage.self]
    )
}

/// `playprep package check NAME...`
struct CheckPackage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Explain whether Google Play, aapt2 and AGP accept a package name, and why not.",
        discussion: """
            NAME is a package name, or an existing build.gradle, build.gradle.kts or AndroidManifest.xml whose \
            namespace, applicationId, flavour IDs and applicationIdSuffix combinations are checked with line numbers. \
            Choose the name before the first release: Play never lets a published app change it.
            """
    )

    @Argument(help: "Package names or build files to check.")
    var names: [String]

    @Flag(help: "Check plain names as a namespace (a Java keyword segment is then an error, not a warning).")
    var namespace = false

    @Option(name: .customLong("expect"), help: "The applicationId the app is published under (PKG013).")
    var expected: String?

    @OptionGroup var report: ReportOptions

    func run() throws {
        let checker = BuildFileChecker()
        let files = try names.map { name in
            guard let kind = BuildFileReader.FileKind(fileName: name), FileSystem.isFile(name) else {
                let input = PackageNameCase(name, role: namespace ? .namespace : .applicationID, expected: expected)
                return FileReport(file: name, diagnostics: checker.checker.check(input).map { $0.diagnostic(file: name) })
            }
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: name)), as: UTF8.self)
            } catch {
                throw CLIError.unreadable(name, reason: error.localizedDescription)
            }
            return FileReport(file: name, diagnostics: checker.check(text, kind: kind, file: name, expected: expected))
        }
        try report.finish(with: Report(files: files))
    }
}
