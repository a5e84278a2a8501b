import FileAccess
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
}
