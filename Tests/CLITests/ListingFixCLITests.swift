import Foundation
import TestSupport
import Testing

/// `playprep listing fix DIR` on listing trees made here: it repairs exactly what `listing check` reports where
/// the repair has one right answer (a locale folder Play spells otherwise, trailing whitespace supply sends over a
/// limit, text in another encoding), leaves the rest for a person, and a second run changes nothing.
@Suite struct ListingFixCLITests {
    /// A fastlane tree in a fresh temporary folder: `files` relative to `fastlane/metadata/android`.
    struct Tree {
        let root: URL
        var metadata: URL { root.appendingPathComponent("fastlane/metadata/android") }

        init(_ files: [String: [UInt8]]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-fix-\(UUID())")
            for (path, bytes) in files {
                let url = root.appendingPathComponent("fastlane/metadata/android/\(path)")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
        }

        func bytes(_ path: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: metadata.appendingPathComponent(path)))
        }

        func playprep(_ arguments: String...) throws -> PlayprepBinary.Outcome {
            try PlayprepBinary.run(Array(arguments), in: root)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let thirtyCharacterTitle = "Binary Eye: barcodes, QR codes"

    @Test func repairsWhatCheckReportsAndNothingElse() throws {
        let tree = try Tree([
            "en-US/title.txt": Array((Self.thirtyCharacterTitle + "\n").utf8),
            "en-US/short_description.txt": Array("Scan barcodes\n".utf8),
            // "Leser für Codes" in Latin-1.
            "de/title.txt": [0x4C, 0x65, 0x73, 0x65, 0x72, 0x20, 0x66, 0xFC, 0x72, 0x20, 0x43, 0x6F, 0x64, 0x65, 0x73],
            "fr-FR/full_description.txt": [0xFF, 0xFE]
                + Array("Lecteur".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            "pt/title.txt": Array("Leitor".utf8),
        ])
        defer { tree.remove() }
        let before = try tree.playprep("listing", "check", "fastlane/metadata/android", "--store", "play")
        for rule in ["TXT007", "TXT008", "LOC003"] {
            #expect(before.standardOutput.contains("[\(rule)]"), "\(before.standardOutput)")
        }

        let dry = try tree.playprep("listing", "fix", "fastlane/metadata/android", "--store", "play", "--dry-run")
        #expect(dry.status == 1, "\(dry.standardOutput)\(dry.standardError)")
        #expect(try tree.bytes("en-US/title.txt") == Array((Self.thirtyCharacterTitle + "\n").utf8), "--dry-run wrote")
        #expect(FileManager.default.fileExists(atPath: tree.metadata.appendingPathComponent("de").path))

        let fixed = try tree.playprep("listing", "fix", "fastlane/metadata/android", "--store", "play")
        #expect(fixed.standardOutput == dry.standardOutput, "\(fixed.standardOutput)")
        let lines = fixed.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "fastlane/metadata/android/en-US/title.txt: trailing whitespace removed: 31 → 30 characters (the "
                    + "limit is 30) (TXT007)"), "\(fixed.standardOutput)")
        #expect(lines.contains("fastlane/metadata/android/de/title.txt: re-encoded from Latin-1 as UTF-8 (TXT008)"))
        #expect(
            lines.contains(
                "fastlane/metadata/android/fr-FR/full_description.txt: re-encoded from UTF-16 as UTF-8 (TXT008)"))
        #expect(lines.contains("fastlane/metadata/android/de: renamed to de-DE, the Play language 'de' means (LOC003)"))
        #expect(
            lines.contains(
                "fastlane/metadata/android/pt: cannot fix LOC003: Play has pt-PT and pt-BR for it: which one is meant "
                    + "is a choice"), "\(fixed.standardOutput)")
        // `pt` is left, so the run still needs a person.
        #expect(fixed.status == 1)
        #expect(try tree.bytes("en-US/title.txt") == Array(Self.thirtyCharacterTitle.utf8))
        #expect(try tree.bytes("de-DE/title.txt") == Array("Leser für Codes".utf8))
        #expect(try tree.bytes("fr-FR/full_description.txt") == Array("Lecteur".utf8))
        // The short description is within its limit with its newline: nothing reports it, nothing touches it.
        #expect(try tree.bytes("en-US/short_description.txt") == Array("Scan barcodes\n".utf8))

        let after = try tree.playprep("listing", "check", "fastlane/metadata/android", "--store", "play")
        for rule in ["TXT007", "TXT008", "LOC002"] {
            #expect(!after.standardOutput.contains("[\(rule)]"), "\(after.standardOutput)")
        }
        #expect(after.standardOutput.contains("fastlane/metadata/android/pt: error[LOC003]"))
        let again = try tree.playprep("listing", "fix", "fastlane/metadata/android", "--store", "play")
        #expect(
            again.standardOutput.split(separator: "\n").map(String.init) == [
                "fastlane/metadata/android/pt: cannot fix LOC003: Play has pt-PT and pt-BR for it: which one is "
                    + "meant is a choice"
            ], "\(again.standardOutput)")
    }

    @Test func anFDroidTreeKeepsItsLocales() throws {
        let tree = try Tree(["de/title.txt": Array("Leser".utf8), "en-US/title.txt": Array("Reader".utf8)])
        defer { tree.remove() }
        let run = try tree.playprep("listing", "fix", "fastlane/metadata/android", "--store", "fdroid")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput == "fastlane/metadata/android: nothing to fix\n")
        #expect(FileManager.default.fileExists(atPath: tree.metadata.appendingPathComponent("de/title.txt").path))
    }

    @Test func aTrackedLocaleFolderIsMovedWithGitAndALinkIsNeverWrittenThrough() throws {
        guard let git = Fixtures.executable(named: "git") else {
            print("skipped: git is not installed")
            return
        }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-fix-out-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data((Self.thirtyCharacterTitle + "\n").utf8).write(to: outside)
        let tree = try Tree(["it/title.txt": Array("Lettore".utf8), "en-US/short_description.txt": Array("x".utf8)])
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(
            at: tree.metadata.appendingPathComponent("en-US/title.txt"), withDestinationURL: outside)
        let run = { (arguments: [String]) throws -> String in
            let outcome = try ChildProcess.run(git, ["-C", tree.root.path] + arguments)
            #expect(outcome.status == 0, "git \(arguments): \(outcome.standardError)")
            return outcome.standardOutput
        }
        _ = try run(["init", "-q", "-b", "main"])
        _ = try run(["add", "-A"])
        _ = try run(["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "listing"])
        let fixed = try tree.playprep("listing", "fix", "fastlane/metadata/android", "--store", "play")
        #expect(fixed.standardOutput.contains("it: renamed to it-IT"), "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(try run(["status", "--porcelain"]).contains("R  fastlane/metadata/android/it/title.txt -> "))
        // The title link points out of the tree: its target is left as it was, and the run says why.
        #expect(try Data(contentsOf: outside) == Data((Self.thirtyCharacterTitle + "\n").utf8))
        #expect(!fixed.standardOutput.contains("title.txt: trailing whitespace removed"), "\(fixed.standardOutput)")
    }
}
