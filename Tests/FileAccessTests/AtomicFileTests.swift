import FileAccess
import Testing

/// Whole-file writes that readers see complete or not at all, and that leave nothing behind when they fail.
@Suite struct AtomicFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func writesANewFileAndNothingElse() throws {
        let path = folder.path + "/report.txt"
        try AtomicFile(path: path).write("new")
        #expect(try FileReader(maxBytes: 100).read(path) == Array("new".utf8))
        #expect(try folder.names() == ["report.txt"])
    }

    /// The new bytes arrive as a new file renamed over the old one: a hard link to the old file (as a reader
    /// holding it open) keeps the old bytes whole.
    @Test func replacesTheFileInsteadOfOverwritingIt() throws {
        let path = try folder.write("old contents", at: "report.txt")
        try folder.hardLink("reader-view", to: path)
        try AtomicFile(path: path).write(Array("new".utf8))
        #expect(try FileReader(maxBytes: 100).read(path) == Array("new".utf8))
        #expect(try FileReader(maxBytes: 100).read(folder.path + "/reader-view") == Array("old contents".utf8))
        #expect(try folder.names() == ["reader-view", "report.txt"])
    }

    @Test func writingIntoAMissingFolderFailsAndCreatesNothing() throws {
        #expect(throws: FileWriteError.system("No such file or directory")) {
            try AtomicFile(path: folder.path + "/missing/report.txt").write("x")
        }
        #expect(try folder.names() == [])
    }

    @Test func aFailedRenameLeavesNoTemporaryFile() throws {
        try folder.write("x", at: "target/inside.txt")
        #expect(throws: FileWriteError.self) { try AtomicFile(path: folder.path + "/target").write("x") }
        #expect(try folder.names() == ["target"])
        #expect(try folder.names(in: "target") == ["inside.txt"])
    }

    @Test func knowsWhenItWouldReplaceAnInput() throws {
        let input = try folder.write("x", at: "in.png")
        try folder.link("alias.png", to: "in.png")
        #expect(AtomicFile(path: folder.path + "/alias.png").wouldReplace(input))
        #expect(AtomicFile(path: folder.path + "/./in.png").wouldReplace(input))
        #expect(!AtomicFile(path: folder.path + "/out.png").wouldReplace(input))
    }
}
