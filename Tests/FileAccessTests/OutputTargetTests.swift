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

    /// What the entry at `relative` is, without following a link there.
    func kind(_ relative: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: folder.path + "/" + relative)[.type] as? FileAttributeType
    }

    @Test func aSymbolicLinkIsRefusedOrReplacedNeverWrittenThrough() throws {
        let victim = try folder.write("victim", at: "outside/victim")
        try folder.write("x", at: "project/README")
        try folder.link("project/playprep.sarif", to: "../outside/victim")
        let output = folder.path + "/project/playprep.sarif"
        let error = #expect(throws: FileWriteError.self) { try OutputTarget(path: output).write("report") }
        #expect(error == .throughLink(OutputLink(path: output, target: "../outside/victim", isOutput: true)))
        #expect(
            error?.description
                == "\(output) is a symbolic link (to ../outside/victim); playprep never writes through a link")
        #expect(try read(victim) == "victim")
        try OutputTarget(path: output).write("report", replacingLink: true)
        #expect(try kind("project/playprep.sarif") == .typeRegular)
        #expect(try read(output) == "report")
        #expect(try read(victim) == "victim")
    }

    @Test func aDanglingLinkIsRefusedAndCreatesNothing() throws {
        try folder.write("x", at: "project/README")
        try folder.link("project/out.txt", to: "../made.txt")
        #expect(throws: FileWriteError.self) { try OutputTarget(path: folder.path + "/project/out.txt").write("x") }
        #expect(try folder.names() == ["project"])
        try OutputTarget(path: folder.path + "/project/out.txt").write("x", replacingLink: true)
        #expect(try folder.names() == ["project"])
        #expect(try kind("project/out.txt") == .typeRegular)
    }

    @Test func aLinkedFolderOnTheWayBelowTheBaseIsRefusedEvenWhenReplacingLinks() throws {
        try folder.write("x", at: "outside/keep")
        try folder.write("x", at: "project/README")
        try folder.link("project/reports", to: "../outside")
        let project = folder.path + "/project"
        let output = project + "/reports/r.txt"
        let target = OutputTarget(path: output, linksCheckedBelow: project)
        #expect(target.link == OutputLink(path: project + "/reports", target: "../outside", isOutput: false))
        #expect(throws: FileWriteError.self) { try target.write("x", replacingLink: true) }
        #expect(try folder.names(in: "outside") == ["keep"])
        // Above the base the folders are the user's: a link there is resolved as the user set it up.
        #expect(OutputTarget(path: output, linksCheckedBelow: project + "/reports").link == nil)
        try OutputTarget(path: output, linksCheckedBelow: project + "/reports").write("mine")
        #expect(try read(folder.path + "/outside/r.txt") == "mine")
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
