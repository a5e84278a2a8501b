import Foundation
import TestSupport
import Testing

/// Text from a hostile repository on both streams of the binary: the GitHub Actions runner takes no command from
/// it (lines split at LF and bare CR, `::` at a trimmed line start, `##[` anywhere) but the github format's own
/// annotations, and no line of it is forged; then `scripts/hostile-harness.py` runs every command and format.
@Suite struct HostileTextCLITests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-hostile-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: folder)
    }

    func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    /// The lines the runner would take as commands: `::` at a trimmed line start, or `##[` anywhere.
    static func runnerCommands(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
            .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("::") || $0.contains("##[") }
    }

    @Test func aFolderNamedToStopCommandsHidesNoAnnotation() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = path("docs##[stop-commands]X")
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path("fastlane"), toPath: hostile + "/fastlane")
        try "A title far too long for Play, which allows thirty characters\n".write(
            toFile: hostile + "/fastlane/metadata/android/en-US/title.txt", atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", folder.path, "--format", "github"])
        #expect(run.status == 1)
        #expect(Self.runnerCommands(run.standardError).isEmpty, "\(run.standardError)")
        let commands = Self.runnerCommands(run.standardOutput)
        #expect(!commands.isEmpty && commands.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
        #expect(commands.contains { $0.contains("docs#\\#[stop-commands]X/fastlane") })
    }

    @Test func aLineBreakInANameForgesNoLineInTextGCCOrPlan() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let forged = "x\n::error file=README.md::forged\r3 files checked: 0 errors, 0 warnings, 0 notes\u{1B}[2J"
        try FileManager.default.copyItem(
            atPath: path("app/src/main/res/drawable-mdpi/tab_unselected.9.png"),
            toPath: path("app/src/main/res/drawable-mdpi/\(forged).9.png"))
        for arguments in [["check", folder.path], ["check", folder.path, "--format", "gcc"], ["plan", folder.path]] {
            let run = try PlayprepBinary.run(arguments)
            let output = run.standardOutput + run.standardError
            #expect(Self.runnerCommands(output).isEmpty, "\(arguments): \(output)")
            #expect(!output.contains("\u{1B}") && !output.contains("\r"), "\(arguments)")
            let summaries = output.split(separator: "\n").filter {
                $0.first?.isNumber == true && $0.contains(" checked: ")
            }
            #expect(summaries.count == (arguments[0] == "plan" ? 0 : 1), "\(arguments): \(summaries)")
        }
        let text = try PlayprepBinary.run(["check", folder.path]).standardOutput
        #expect(
            text.contains(
                #"x\u{A}::error file=README.md::forged\u{D}3 files checked: 0 errors, 0 warnings, 0 notes\u{1B}[2J.9.png"#
            ))
    }

    @Test func aHostileConfigurationKeyIsOneInertErrorLine() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try "\"k\\n::error file=README.md::forged ##[add-mask]x\": 1\n".write(
            toFile: path("playprep.yml"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", folder.path, "--format", "github"])
        #expect(run.status == 2)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("playprep: error: "), "\(run.standardError)")
        #expect(Self.runnerCommands(run.standardError).isEmpty && run.standardOutput.isEmpty)
    }

    /// Whether the binary under test is optimized: the bounds cases hold it to 5 s and 256 MB a run, which a
    /// debug build (and the sanitized one `scripts/sanitize.sh` makes) does not keep on 100,000 files or a 6000²
    /// image. `PLAYPREP_BINARY` names another build, such as the shipping one CI tests last; else the binary is
    /// the one built beside these tests, in their configuration.
    static var testsAnOptimizedBinary: Bool {
        #if DEBUG
            ProcessInfo.processInfo.environment["PLAYPREP_BINARY"] != nil
        #else
            true
        #endif
    }

    @Test(.enabled(if: Fixtures.executable(named: "python3") != nil, "python3 not installed: the harness is skipped"))
    func theHostileHarnessFindsNoLeakForgeryOrWriteOutside() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = try #require(Fixtures.executable(named: "python3"))
        let harness = Fixtures.packageRoot.appendingPathComponent("scripts/hostile-harness.py").path
        // Every case (escaping, links and, on an optimized binary, bounds).
        let parts = Self.testsAnOptimizedBinary ? [] : ["--part", "escape", "--part", "links"]
        let run = try ChildProcess.run(
            python, [harness, "--binary", PlayprepBinary.url.path] + parts, mergingStandardError: true)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains(" passed, 0 failed"))
    }
}
