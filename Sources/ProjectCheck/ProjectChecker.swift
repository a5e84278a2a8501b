public import Diagnostics
import FileAccess
import Foundation
public import NinePatchKit
import PlayListingKit

/// Runs every NinePatch and release-metadata rule over a discovered project: each NinePatch (in parallel), the
/// cross-file NinePatch lints, every module's build files and manifests, and every store listing.
public struct ProjectChecker: Sendable {
    public var configuration: ProjectConfiguration
    public var ninePatchChecker: NinePatchChecker
    public var jobs: Int

    public init(configuration: ProjectConfiguration, ninePatchChecker: NinePatchChecker = NinePatchChecker(), jobs: Int) {
        self.configuration = configuration
        self.ninePatchChecker = ninePatchChecker
        self.jobs = jobs
    }

    /// The findings for `inventory`, severities already adjusted by the configuration. `progress` gets the
    /// number of NinePatches done and their total.
    public func check(_ inventory: ProjectInventory, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Report {
        let total = inventory.ninePatchFiles.count
        let checks = ninePatchChecker.checks(forFilesAt: inventory.ninePatchFiles, jobs: jobs) { progress?($0, total) }
        var extra = [String: [Diagnostic]]()
        for diagnostic in DensityConsistency().diagnostics(for: checks) + nameClashes(inventory) {
            extra[diagnostic.file, default: []].append(diagnostic)
        }
        let ninePatchReports = checks.map { check in
            var diagnostics = check.diagnostics + (extra[check.file] ?? [])
            if configuration.aapt1Compatibility, let model = check.ninePatch {
                diagnostics += NinePatchLints.aapt1Compatibility(model, file: check.file)
            }
            return FileReport(file: check.file, diagnostics: diagnostics)
        }
        let report = Report(files: buildFileReports(inventory) + ninePatchReports + listingReports(inventory))
        return configuration.applySeverities(to: report)
    }

    /// NP105: `x.9.png` beside another `x.*` in the same folder.
    private func nameClashes(_ inventory: ProjectInventory) -> [Diagnostic] {
        let others = Set(inventory.plainImages.map(Self.resourceKey))
        return inventory.ninePatchFiles.filter { others.contains(Self.resourceKey($0)) }.map { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let resource = String(name.prefix { $0 != "." })
            return Diagnostic(
                ruleID: NinePatchRule.resourceNameClash.id, severity: NinePatchRule.resourceNameClash.descriptor.defaultSeverity,
                file: file,
                message: "another file in this folder is also named '\(resource).*': both define the same resource, "
                    + "so aapt2 link fails with a duplicate resource",
                hint: "delete or rename one of them (the NinePatch usually replaces an older plain image)")
        }
    }

    /// Folder plus resource name (the file name up to its first dot).
    private static func resourceKey(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(path.dropLast(name.count)) + String(name.prefix { $0 != "." })
    }

    private func buildFileReports(_ inventory: ProjectInventory) -> [FileReport] {
        let checker = BuildFileChecker()
        return inventory.buildFiles.compactMap { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            guard let kind = BuildFileReader.FileKind(fileName: name) else { return nil }
            let text: String
            do {
                text = String(decoding: try FileReader(maxBytes: 16 << 20).read(file), as: UTF8.self)
            } catch {
                return FileReport(file: file, diagnostics: [
                    ProjectRule.unreadable.diagnostic(file: file, "cannot read the file: \(error)")])
            }
            return FileReport(file: file, diagnostics: checker.check(
                text, kind: kind, file: file, expected: configuration.expectedApplicationID))
        }
    }

    private func listingReports(_ inventory: ProjectInventory) -> [FileReport] {
        let checker = ListingChecker(limits: configuration.listingLimits, decoder: ninePatchChecker.decoder)
        return inventory.listings.flatMap { root -> [FileReport] in
            do {
                return try checker.check(
                    DirectoryFileSource(root: URL(fileURLWithPath: root)), options: configuration.listingOptions,
                    displayRoot: root
                ).files
            } catch {
                return [FileReport(file: root, diagnostics: [
                    ProjectRule.unreadable.diagnostic(file: root, "cannot read the listing: \(error)")])]
            }
        }
    }
}
