import Foundation
import Testing

@testable import ReleaseDiff

/// Reading a release from git: only the files asked for, names only where asked, nothing else written, and the
/// `last-tag` choice.
@Suite struct GitReleaseTests {
    private static let git = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private func run(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.git))
        process.arguments = ["-C", folder] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// Standard output of `git -C folder arguments…` fed `input`, without its last newline.
    private func output(_ arguments: [String], in folder: String, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.git))
        process.arguments = ["-C", folder] + arguments
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let text = String(decoding: standardOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return text.trimmingCharacters(in: .newlines)
    }

    /// A repository in a new temporary folder whose one commit lists `blob` (written once) at each of `paths`,
    /// made without writing those files (`update-index --cacheinfo`), so a tree of many large files costs one blob.
    private func repository(sharing blob: [UInt8], at paths: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitrelease-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(blob).write(to: URL(fileURLWithPath: root + "/blob"))
        try run(["init", "-q"], in: root)
        let object = try output(["hash-object", "-w", "blob"], in: root)
        try FileManager.default.removeItem(atPath: root + "/blob")
        for path in paths { try run(["update-index", "--add", "--cacheinfo", "100644,\(object),\(path)"], in: root) }
        try run(["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "bomb"], in: root)
        return root
    }

    /// Writes each file of `files` (path: text) below `root`, making its folders.
    private static func write(_ files: [String: String], under root: String) throws {
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
    }

    @Test func onlyTheFilesAskedForAreWrittenAndTheTreeAtTheReferenceIsRead() throws {
        try #require(Self.git != nil, "git is not installed")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitrelease-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "project/app/build.gradle": "versionCode 1\n", "project/app/src/main/Main.kt": "class Main\n",
            "project/fastlane/metadata/android/en-US/images/icon.png": "PNG", "outside.gradle": "x\n",
        ]
        try Self.write(files, under: root)
        try run(["init", "-q"], in: root)
        try run(["add", "-A"], in: root)
        try run(["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one"], in: root)
        try run(["tag", "release-3"], in: root)
        try Data("versionCode 2\n".utf8).write(to: URL(fileURLWithPath: root + "/project/app/build.gradle"))

        var asked = [String]()
        let release = try GitRelease.read("last-tag", projectDirectory: root + "/project") { paths in
            asked = paths
            return paths.map { path in
                path.hasSuffix(".gradle") ? .contents(maxBytes: 1 << 20) : path.hasSuffix(".png") ? .nameOnly : nil
            }
        }
        defer { release.remove() }
        #expect(release.reference == "release-3")
        #expect(release.isLastTag)
        #expect(release.commit.count == 40)
        #expect(
            asked.sorted() == [
                "app/build.gradle", "app/src/main/Main.kt", "fastlane/metadata/android/en-US/images/icon.png",
            ])
        let written = FileManager.default.subpaths(atPath: release.root)?.filter {
            !$0.hasSuffix("/") && $0.contains(".")
        }.sorted()
        #expect(written == ["app/build.gradle", "fastlane/metadata/android/en-US/images/icon.png"])
        #expect(try String(contentsOfFile: release.root + "/app/build.gradle", encoding: .utf8) == "versionCode 1\n")
        #expect(
            try Data(
                contentsOf: URL(fileURLWithPath: release.root + "/fastlane/metadata/android/en-US/images/icon.png")
            ).isEmpty)
        let small = try GitRelease.read("HEAD", projectDirectory: root + "/project") { paths in
            paths.map { _ in .contents(maxBytes: 5) }
        }
        defer { small.remove() }
        #expect(small.skipped.contains("app/build.gradle (14 bytes)"))
        #expect(!FileManager.default.fileExists(atPath: small.root + "/app/build.gradle"))
    }

    /// Symbolic links at the reference are followed as the working tree's walk follows them: a link to a file
    /// reads that file, a link to a folder lists its files under the link's name (each folder once); links that
    /// leave the project, are absolute, dangle or lead to a folder being walked are left out.
    @Test func linksInTheTreeAreFollowedInsideTheProjectOnly() throws {
        try #require(Self.git != nil, "git is not installed")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitrelease-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "project/gradle/app.gradle": "versionCode 7\n", "project/listing/en-US/title.txt": "Title\n",
            "outside.gradle": "versionCode 9\n",
        ]
        try Self.write(files, under: root)
        try FileManager.default.createDirectory(atPath: root + "/project/app", withIntermediateDirectories: true)
        let links = [
            "project/app/build.gradle": "../gradle/app.gradle", "project/listing/de-DE": "en-US",
            "project/listing/fr-FR": "../listing/en-US", "project/listing/en-US/up": "..", "project/loop": ".",
            "project/out.gradle": "../outside.gradle", "project/absolute.gradle": "/etc/hostname",
            "project/dangling.gradle": "gradle/none.gradle", "project/cycle-a.gradle": "cycle-b.gradle",
            "project/cycle-b.gradle": "cycle-a.gradle",
        ]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: target)
        }
        try run(["init", "-q"], in: root)
        try run(["add", "-A"], in: root)
        try run(["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one"], in: root)

        var asked = [String]()
        let release = try GitRelease.read("HEAD", projectDirectory: root + "/project") { paths in
            asked = paths
            return paths.map { _ in .contents(maxBytes: 1 << 20) }
        }
        defer { release.remove() }
        #expect(
            asked == [
                "app/build.gradle", "gradle/app.gradle", "listing/de-DE/title.txt", "listing/en-US/title.txt",
            ])
        #expect(try String(contentsOfFile: release.root + "/app/build.gradle", encoding: .utf8) == "versionCode 7\n")
        #expect(try String(contentsOfFile: release.root + "/listing/de-DE/title.txt", encoding: .utf8) == "Title\n")
    }

    /// The blob bomb: a commit whose build files are all one large blob. Each file is within its own limit, but
    /// together they are over the total limit, so nothing is fetched and the run stops with one line.
    @Test func filesOverTheTotalLimitTogetherStopTheReadBeforeAnythingIsFetched() throws {
        try #require(Self.git != nil, "git is not installed")
        let paths = (0..<17).map { "module\($0)/build.gradle" }
        let blob = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20)
        let root = try repository(sharing: blob, at: paths)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: ReleaseReadError.tooLarge("HEAD", bytes: 17 << 22, limit: GitRelease.maximumTotalBytes)) {
            _ = try GitRelease.read("HEAD", projectDirectory: root) { paths in
                paths.map { _ in .contents(maxBytes: 4 << 20) }
            }
        }
        let line = ReleaseReadError.tooLarge("v1", bytes: 71_303_168, limit: 67_108_864).description
        #expect(
            line
                == "--since v1: the files playprep reads there hold 71303168 bytes together, over playprep's limit of "
                + "67108864 bytes; nothing was compared")
    }

    /// Within the limits, a multi-MiB blob arrives in many pieces and is written whole to every path naming it.
    @Test func largeBlobsAreStreamedIntoEveryPathThatNamesThem() throws {
        try #require(Self.git != nil, "git is not installed")
        let blob = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let root = try repository(sharing: blob, at: ["app/build.gradle", "lib/build.gradle", "settings.gradle"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let release = try GitRelease.read("HEAD", projectDirectory: root, maxTotalBytes: 9 << 20) { paths in
            paths.map { $0 == "settings.gradle" ? .nameOnly : .contents(maxBytes: 4 << 20) }
        }
        defer { release.remove() }
        for path in ["app/build.gradle", "lib/build.gradle"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: release.root + "/" + path)) == Data(blob))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: release.root + "/settings.gradle")).isEmpty)
        #expect(throws: ReleaseReadError.tooLarge("HEAD", bytes: 6 << 20, limit: 5 << 20)) {
            _ = try GitRelease.read("HEAD", projectDirectory: root, maxTotalBytes: 5 << 20) { paths in
                paths.map { _ in .contents(maxBytes: 4 << 20) }
            }
        }
    }

    /// A clone's `.git/config` that shows signatures with its own `gpg.program`: plain `git log` runs that
    /// program on a signed commit, `--since last-tag` does not.
    @Test func aClonesConfigurationStartsNoProgram() throws {
        try #require(Self.git != nil, "git is not installed")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitrelease-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(["project/build.gradle": "versionCode 1\n"], under: root)
        try run(["init", "-q"], in: root)
        try run(["add", "-A"], in: root)
        let tree = try output(["write-tree"], in: root)
        let signed = try output(
            ["hash-object", "-t", "commit", "-w", "--stdin"], in: root,
            input: "tree \(tree)\nauthor t <t@example.org> 0 +0000\ncommitter t <t@example.org> 0 +0000\n"
                + "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\none\n")
        try run(["update-ref", "HEAD", signed], in: root)
        try run(["tag", "v1.0"], in: root)
        let marker = root + "/ran"
        try Self.write(["gpg.sh": "#!/bin/sh\ntouch '\(marker)'\nexit 1\n"], under: root)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/gpg.sh")
        for (key, value) in [
            ("log.showSignature", "true"), ("gpg.program", root + "/gpg.sh"), ("core.pager", root + "/gpg.sh"),
            ("core.fsmonitor", root + "/gpg.sh"), ("diff.external", root + "/gpg.sh"),
        ] {
            try run(["config", key, value], in: root)
        }
        _ = try? output(["log", "--format=%D", "HEAD"], in: root)
        #expect(FileManager.default.fileExists(atPath: marker), "the repository's configuration is not hostile")
        try FileManager.default.removeItem(atPath: marker)

        let release = try GitRelease.read("last-tag", projectDirectory: root + "/project") { paths in
            paths.map { _ in .contents(maxBytes: 1 << 20) }
        }
        defer { release.remove() }
        #expect(release.reference == "v1.0")
        #expect(try String(contentsOfFile: release.root + "/build.gradle", encoding: .utf8) == "versionCode 1\n")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func versionTagNames() throws {
        #expect(try GitRelease.lastVersionTag("nightly\nv1.2.0\nv1.1.0") == "v1.2.0")
        #expect(try GitRelease.lastVersionTag("latest\n2.3\n") == "2.3")
        #expect(try GitRelease.lastVersionTag("release-3\n") == "release-3")
        #expect(try GitRelease.lastVersionTag("app/v4.1-rc1\n") == "app/v4.1-rc1")
        #expect(throws: ReleaseReadError.noVersionTag) { try GitRelease.lastVersionTag("nightly\nstable\n") }
    }
}
