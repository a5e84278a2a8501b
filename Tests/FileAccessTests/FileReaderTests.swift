import FileAccess
import Foundation
import Testing

/// Whole-file reads with a size limit and the operating system's reason when they fail.
@Suite struct FileReaderTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func readsEveryByteUpToTheLimit() throws {
        let path = try folder.write("0123456789", at: "ten.txt")
        #expect(try FileReader(maxBytes: 10).read(path) == Array("0123456789".utf8))
    }

    @Test func refusesAFileOverTheLimitUnread() throws {
        let path = try folder.write("0123456789", at: "ten.txt")
        #expect(throws: FileReadError.tooLarge(bytes: 10, limit: 9)) { try FileReader(maxBytes: 9).read(path) }
        #expect(
            FileReadError.tooLarge(bytes: 10, limit: 9).description == "file is 10 bytes, over the limit of 9 bytes")
    }

    @Test func aMissingFileIsNotFound() {
        #expect(throws: FileReadError.notFound) { try FileReader(maxBytes: 10).read(folder.path + "/missing.txt") }
        #expect(throws: FileReadError.notFound) { try FileReader(maxBytes: 10).read(folder.path + "/missing/x.txt") }
    }

    @Test func aFolderIsNotAFile() {
        #expect(throws: FileReadError.isFolder) { try FileReader(maxBytes: 10).read(folder.path) }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileReadError.notRegularFile(kind: "FIFO")) { try FileReader(maxBytes: 10).read(fifo) }
        #expect(FileReadError.notRegularFile(kind: "FIFO").description == "not a regular file (a FIFO)")
        #expect(throws: FileReadError.notRegularFile(kind: "character device")) {
            try FileReader(maxBytes: 10).read("/dev/null")
        }
    }

    /// A file a walk saw as regular is opened straight away; whatever stands there by then is judged as when a
    /// path is read: a FIFO is refused without waiting, a link is followed only after it is looked up, so a
    /// link to a device or a FIFO is never opened.
    @Test func aWalkedRegularFileIsReadAndWhatReplacedItIsJudgedAsAPathIs() throws {
        let path = try folder.write("0123456789", at: "ten.txt")
        let reader = FileReader(maxBytes: 10)
        #expect(try reader.read(FoundFile(path: path, isRegularFile: true)) == Array("0123456789".utf8))
        let fifo = folder.path + "/was-a-file"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileReadError.notRegularFile(kind: "FIFO")) {
            try reader.read(FoundFile(path: fifo, isRegularFile: true))
        }
        try folder.link("now-a-link-to-a-fifo", to: "was-a-file")
        #expect(throws: FileReadError.notRegularFile(kind: "FIFO")) {
            try reader.read(FoundFile(path: folder.path + "/now-a-link-to-a-fifo", isRegularFile: true))
        }
        try folder.link("now-a-link-to-a-file", to: "ten.txt")
        #expect(
            try reader.read(FoundFile(path: folder.path + "/now-a-link-to-a-file", isRegularFile: true))
                == Array("0123456789".utf8))
        #expect(throws: FileReadError.notFound) {
            try reader.read(FoundFile(path: folder.path + "/gone.txt", isRegularFile: true))
        }
    }

    @Test func aLinkToARegularFileIsRead() throws {
        _ = try folder.write("x", at: "file.txt")
        try folder.link("to-file", to: "file.txt")
        #expect(try FileReader(maxBytes: 10).read(folder.path + "/to-file") == Array("x".utf8))
    }

    @Test(
        arguments: [
            ([0xEF, 0xBB, 0xBF, 0x61, 0x0A], [0x61, 0x0A]),
            ([0xFF, 0xFE, 0x61, 0x00, 0xE9, 0x00], [0x61, 0xC3, 0xA9]),
            ([0xFE, 0xFF, 0x00, 0x61, 0xD8, 0x3D, 0xDE, 0x00], [0x61, 0xF0, 0x9F, 0x98, 0x80]),
            ([0x61, 0xFF], [0x61, 0xFF]),
        ] as [([UInt8], [UInt8])])
    func textIsReadThroughItsByteOrderMark(bytes: [UInt8], utf8: [UInt8]) {
        #expect(TextEncoding.utf8(bytes) == utf8)
    }

    @Test func brokenUTF16IsNotText() {
        #expect(TextEncoding.utf8([0xFF, 0xFE, 0x3D, 0xD8]) == nil)  // a lone high surrogate
        #expect(TextEncoding.utf8([0xFF, 0xFE, 0x61]) == nil)  // an odd byte count
    }

    @Test func anEmptyFileHasNoBytes() throws {
        let path = try folder.write("", at: "empty.txt")
        #expect(try FileReader(maxBytes: 0).read(path) == [])
    }

    @Test func pathKindFollowsLinks() throws {
        let file = try folder.write("x", at: "file.txt")
        try folder.link("to-file", to: "file.txt")
        try folder.link("broken", to: "nowhere")
        #expect(PathKind(path: file) == .file)
        #expect(PathKind(path: folder.path) == .folder)
        #expect(PathKind(path: folder.path + "/to-file") == .file)
        #expect(PathKind(path: folder.path + "/broken") == .missing)
    }

    /// A mapped file holds the bytes a read would, and is refused as a read refuses it: over the limit, a FIFO, a
    /// folder, a link out of the project.
    @Test func aMappedFileHoldsTheBytesAReadDoesAndIsRefusedAlike() throws {
        let path = try folder.write("0123456789", at: "project/ten.txt")
        #expect(try FileReader(maxBytes: 10).map(path).withUnsafeBytes(Array.init) == Array("0123456789".utf8))
        #expect(try FileReader(maxBytes: 10).map(try folder.write("", at: "empty.txt")).count == 0)
        #expect(throws: FileReadError.tooLarge(bytes: 10, limit: 9)) { try FileReader(maxBytes: 9).map(path) }
        #expect(mkfifo(folder.path + "/pipe", 0o600) == 0)
        #expect(throws: FileReadError.notRegularFile(kind: "FIFO")) {
            try FileReader(maxBytes: 10).map(folder.path + "/pipe")
        }
        #expect(throws: FileReadError.isFolder) { try FileReader(maxBytes: 10).map(folder.path) }
        try folder.write("token=SECRET", at: "outside/config")
        try folder.link("project/config", to: "../outside/config")
        let boundary = try #require(ProjectBoundary(root: folder.path + "/project"))
        #expect(throws: FileReadError.leavesProject(LeavingLink(link: "config", target: "../outside/config"))) {
            try FileReader(maxBytes: 10, within: boundary).map(folder.path + "/project/config")
        }
    }

    /// Mapping reads nothing: an 8 GiB sparse file (which a read would hold whole) is mapped at once, and its
    /// last byte is there without the ones before it.
    @Test func aMappedFileIsNotReadIntoMemory() throws {
        let path = try folder.write("", at: "sparse.bin")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: (8 << 30) - 1)
        try handle.write(contentsOf: [0x2A])
        try handle.close()
        let mapped = try FileReader(maxBytes: 8 << 30).map(path)
        #expect(mapped.count == 8 << 30)
        #expect(mapped.withUnsafeBytes { $0[(8 << 30) - 1] } == 0x2A)
    }

    /// A reader bound to a project refuses, unopened, what a link takes outside it, naming the link and its
    /// target as written (never the content); links inside the project read as before.
    @Test func aBoundReaderRefusesWhatALinkTakesOutOfTheProject() throws {
        try folder.write("token=SECRET", at: "outside/config")
        try folder.write("en-US title", at: "project/shared/title.txt")
        try folder.link("project/video.txt", to: "../outside/config")
        try folder.link("project/metadata", to: "../outside")
        try folder.link("project/inside.txt", to: "shared/title.txt")
        let boundary = try #require(ProjectBoundary(root: folder.path + "/project"))
        let reader = FileReader(maxBytes: 1 << 20, within: boundary)
        let error = #expect(throws: FileReadError.self) { try reader.read(folder.path + "/project/video.txt") }
        #expect(error == .leavesProject(LeavingLink(link: "video.txt", target: "../outside/config")))
        #expect(error?.description == "video.txt is a link to ../outside/config, outside the project: not read")
        #expect(error?.description.contains("SECRET") == false)
        #expect(throws: FileReadError.leavesProject(LeavingLink(link: "metadata", target: "../outside"))) {
            try reader.read(folder.path + "/project/metadata/config")
        }
        #expect(try reader.read(folder.path + "/project/inside.txt") == Array("en-US title".utf8))
        #expect(try FileReader(maxBytes: 1 << 20).read(folder.path + "/project/video.txt").count == 12)
    }

    /// Containment is by path components after `realpath`: `/` holds everything, `/a` does not hold `/ab`.
    @Test func theBoundaryComparesComponentsNotStrings() throws {
        try folder.write("x", at: "a/file")
        try folder.write("x", at: "ab/file")
        let boundary = try #require(ProjectBoundary(root: folder.path + "/a"))
        #expect(boundary.contains(realPath: folder.path + "/a/file"))
        #expect(boundary.contains(realPath: folder.path + "/a"))
        #expect(!boundary.contains(realPath: folder.path + "/ab/file"))
        let root = try #require(ProjectBoundary(root: "/"))
        #expect(root.contains(realPath: "/usr"))
        #expect(root.contains(realPath: "/"))
        #expect(ProjectBoundary(root: folder.path + "/missing") == nil)
    }
}
