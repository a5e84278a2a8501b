import FileAccess
import Foundation
import Synchronization
import Testing

/// Outputs written the way Unix tools write them, and refused when they would replace an input.
@Suite struct OutputTargetTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func read(_ path: String) throws -> String {
        String(decoding: try FileReader(maxBytes: 1 << 20).read(path), as: UTF8.self)
    }

    @Test func standardOutputAndTheProcessDescriptorsAreNotFiles() {
        #expect(OutputTarget(path: "-").destination == .descriptor(1))
        #expect(OutputTarget(path: "/dev/stdout").destination == .descriptor(1))
        #expect(OutputTarget(path: "/dev/stderr").destination == .descriptor(2))
        #expect(OutputTarget(path: "/dev/fd/7").destination == .descriptor(7))
        #expect(OutputTarget(path: "/dev/null").destination == .stream("/dev/null"))
        #expect(OutputTarget(path: "-").isStandardOutput)
    }

    @Test func aSymbolicLinkStaysAndItsTargetIsReplaced() throws {
        let target = try folder.write("old", at: "reports/real.txt")
        try folder.link("link.txt", to: "reports/real.txt")
        try OutputTarget(path: folder.path + "/link.txt").write("new")
        let kind =
            try FileManager.default.attributesOfItem(atPath: folder.path + "/link.txt")[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try read(target) == "new")
        #expect(try folder.names(in: "reports") == ["real.txt"])
    }

    @Test func aDanglingLinkCreatesItsTarget() throws {
        try folder.link("link.txt", to: "made.txt")
        try OutputTarget(path: folder.path + "/link.txt").write("made")
        #expect(try read(folder.path + "/made.txt") == "made")
        #expect(try folder.names() == ["link.txt", "made.txt"])
    }

    @Test func anExistingFileKeepsItsPermissionBits() throws {
        let path = try folder.write("old", at: "report.txt")
        chmod(path, 0o640)
        try OutputTarget(path: path).write("new")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(try read(path) == "new")
    }

    @Test func aFIFOIsWrittenNotReplaced() throws {
        let path = folder.path + "/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        let received = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
            received.withLock { $0 = data.map { String(decoding: $0, as: UTF8.self) } }
            done.signal()
        }
        try OutputTarget(path: path).write("through the pipe")
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(received.withLock { $0 } == "through the pipe")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aFolderIsNotReplaced() throws {
        try folder.write("x", at: "out/inside.txt")
        #expect(throws: FileWriteError.isFolder) { try OutputTarget(path: folder.path + "/out").write("x") }
        #expect(try folder.names(in: "out") == ["inside.txt"])
    }

    @Test func anInputIsRefusedThroughLinksAndDots() throws {
        let build = try folder.write("plugins {}", at: "app/build.gradle.kts")
        try folder.link("alias.kts", to: "app/build.gradle.kts")
        let inputs = [InputFile(build, role: .buildFile)]
        for output in [build, folder.path + "/app/../app/build.gradle.kts", folder.path + "/alias.kts"] {
            #expect(throws: OutputRefusal.self) {
                try OutputTarget(path: output).refuse(overwriting: inputs, option: "--output")
            }
        }
        #expect(OutputTarget(path: folder.path + "/report.txt").replaced(among: inputs) == nil)
        #expect(OutputTarget(path: "-").replaced(among: inputs) == nil)
        do {
            try OutputTarget(path: build).refuse(overwriting: inputs, option: "--output")
        } catch {
            #expect(error.description == "--output \(build) is a build file this run reads; choose another path")
        }
    }
}
