import Foundation
import TestSupport
import Testing

/// Outputs never replace what the run reads, and are written as Unix tools write them: `-`, FIFOs, links.
@Suite struct OutputSafetyCLITests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-outputs-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: folder)
    }

    func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    func bytes(_ relative: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(relative))) }

    @Test func everyOutputOverAnInputIsRefusedAndTheInputKeepsItsBytes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rules:\n  NP102: warning\n".write(toFile: path("playprep.yml"), atomically: true, encoding: .utf8)
        let apk = Fixtures.testImage("artifacts/release.apk")
        try FileManager.default.copyItem(at: apk, to: folder.appendingPathComponent("release.apk"))
        let cases: [(arguments: [String], file: String, role: String)] = [
            (["check", folder.path, "--output"], "app/build.gradle.kts", "a build file"),
            (["check", folder.path, "--output"], "settings.gradle.kts", "a build file"),
            (["check", folder.path, "--output"], "fastlane/metadata/android/en-US/title.txt", "a listing file"),
            (["check", folder.path, "--output"], "app/src/main/res/drawable-mdpi/tab_unselected.9.png", "a NinePatch"),
            (["check", folder.path, "--output"], "fastlane/Fastfile", "a fastlane file"),
            (["check", folder.path, "--output"], "playprep.yml", "the configuration"),
            (["check", folder.path, "--write-baseline"], "app/build.gradle.kts", "a build file"),
            (["check", folder.path, "--artifact", path("release.apk"), "--output"], "release.apk", "an artifact"),
            (["artifact", "check", path("release.apk"), "--output"], "release.apk", "an artifact"),
            (
                ["ninepatch", "check", path("app"), "--output"],
                "app/src/main/res/drawable-hdpi/title_bar_medium.9.png",
                "a NinePatch"
            ),
            (
                ["listing", "check", path("fastlane/metadata/android"), "--output"],
                "fastlane/metadata/android/en-US/title.txt", "a listing file"
            ),
        ]
        for (arguments, file, role) in cases {
            let before = try bytes(file)
            // Through `..` and a symbolic link, as a script might spell it.
            try? FileManager.default.removeItem(atPath: path("alias"))
            try FileManager.default.createSymbolicLink(atPath: path("alias"), withDestinationPath: path(file))
            for output in [path(file), path("app/../" + file), path("alias")] {
                let run = try PlayprepBinary.run(arguments + [output])
                #expect(run.status == 2, "\(arguments) \(output)")
                #expect(
                    run.standardError
                        == "playprep: error: \(arguments.last ?? "") \(output) is \(role) this run reads; "
                        + "choose another path\n")
                #expect(run.standardOutput.isEmpty)
                #expect(try bytes(file) == before, "\(file)")
            }
        }
    }

    @Test func writeBaselineMayUpdateTheBaselineItReads() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = path("baseline.json")
        #expect(try PlayprepBinary.run(["check", folder.path, "--write-baseline", baseline]).status == 0)
        let again = try PlayprepBinary.run(["check", folder.path, "--baseline", baseline, "--write-baseline", baseline])
        #expect(again.status == 0, "\(again.standardError)")
        let overBaseline = try PlayprepBinary.run(["check", folder.path, "--baseline", baseline, "--output", baseline])
        #expect(overBaseline.status == 2)
        #expect(overBaseline.standardError.contains("is the baseline this run reads"))
    }

    /// A link is never written through, even one the user made (docs/outputs.md): the run is refused before
    /// any work, the link and its target stay as they were.
    @Test func aLinkedReportIsRefusedAndItsTargetKeepsItsBytes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-reports-\(UUID())")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let target = reports.appendingPathComponent("report.json").path
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        let link = reports.appendingPathComponent("latest.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.json")
        let run = try PlayprepBinary.run(["check", folder.path, "--format", "json", "--output", link])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: \(link): cannot be written: \(link) is a symbolic link (to report.json); "
                + "playprep never writes through a link\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "report.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    }

    @Test func aFIFOIsWrittenAndItsReaderGetsTheReport() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = path("report.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(path: fifo)
        let run = try PlayprepBinary.run(["check", folder.path, "--format", "json", "--output", fifo])
        #expect(run.status == 0, "\(run.standardError)")
        let report = try #require(reader.received(within: 60))
        #expect(try JSONSerialization.jsonObject(with: report) is [String: Any])
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func dashIsStandardOutputWithTheSummaryOnStandardError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try PlayprepBinary.run(["check", folder.path, "--format", "json", "--output", "-"])
        #expect(run.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) is [String: Any])
        #expect(run.standardError.contains("(json report in standard output)"))
        #expect(!FileManager.default.fileExists(atPath: Fixtures.packageRoot.appendingPathComponent("-").path))
        let descriptor = try PlayprepBinary.run(["check", folder.path, "--format", "json", "--output", "/dev/fd/1"])
        #expect(descriptor.status == 0, "\(descriptor.standardError)")
        #expect(try JSONSerialization.jsonObject(with: Data(descriptor.standardOutput.utf8)) is [String: Any])
    }
}

/// Reads a FIFO to its end on a thread of its own (not the test's cooperative pool, which a blocked writer could
/// starve), as a `tee` or a log shipper at the other end would.
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: Data?

    init(path: String) {
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
            done.signal()
        }
    }

    /// What the reader got, or `nil` when the writer did not finish within `seconds`.
    func received(within seconds: Int) -> Data? {
        done.wait(timeout: .now() + .seconds(seconds)) == .success ? data : nil
    }
}
