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

    @Test func versionTagNames() throws {
        #expect(try GitRelease.lastVersionTag("nightly\nv1.2.0\nv1.1.0") == "v1.2.0")
        #expect(try GitRelease.lastVersionTag("latest\n2.3\n") == "2.3")
        #expect(try GitRelease.lastVersionTag("release-3\n") == "release-3")
        #expect(try GitRelease.lastVersionTag("app/v4.1-rc1\n") == "app/v4.1-rc1")
        #expect(throws: ReleaseReadError.noVersionTag) { try GitRelease.lastVersionTag("nightly\nstable\n") }
    }
}
