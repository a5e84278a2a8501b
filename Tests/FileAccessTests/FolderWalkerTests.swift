import FileAccess
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The folder walk: sorted, recursive, skipping hidden and named folders, following links as asked.
@Suite struct FolderWalkerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The walk's paths relative to the temporary folder.
    func walk(_ walker: FolderWalker, under relative: String = "", where include: (String) -> Bool = { _ in true })
        -> [String]
    {
        let root = relative.isEmpty ? folder.path : folder.path + "/" + relative
        return walker.files(under: root, where: include).map { String($0.dropFirst(folder.path.count + 1)) }
    }

    @Test func listsEachFolderSortedByNameBeforeGoingOn() throws {
        for name in ["b.txt", "a/z.txt", "a/y/x.txt", "a-b.txt", "c/d.txt"] { try folder.write(name, at: name) }
        #expect(walk(FolderWalker()) == ["a/y/x.txt", "a/z.txt", "a-b.txt", "b.txt", "c/d.txt"])
        var visited = [String]()
        FolderWalker().visitFiles(under: folder.path + "/", where: { $0.hasSuffix(".txt") }) { visited.append($0) }
        #expect(visited == walk(FolderWalker()).map { folder.path + "/" + $0 })
    }

    /// Names sort in String order (Unicode, canonically equivalent forms alike), which for two ASCII names is
    /// byte order: a decomposed "é" sorts after "f", though its first byte is an "e".
    @Test func namesSortInStringOrderNotByteOrder() throws {
        for name in ["f.txt", "e\u{301}.txt", "a.txt", "ez.txt"] { try folder.write(name, at: name) }
        #expect(walk(FolderWalker()) == ["a.txt", "ez.txt", "f.txt", "e\u{301}.txt"])
    }

    /// Only an entry that is a regular file itself is found as one: a link (to a file or not) and a FIFO are
    /// left for the reader to look up.
    @Test func foundFilesSayWhichEntriesAreRegularFiles() throws {
        _ = try folder.write("x", at: "a.txt")
        try folder.link("b.txt", to: "a.txt")
        #expect(mkfifo(folder.path + "/c.txt", 0o600) == 0)
        var found = [FoundFile]()
        FolderWalker().visitFoundFiles(under: folder.path, where: { _ in true }) { found.append($0) }
        #expect(found.map(\.path) == walk(FolderWalker()).map { folder.path + "/" + $0 })
        #expect(found.map(\.isRegularFile) == [true, false, false])
    }

    @Test func skipsHiddenAndNamedFoldersAndFilesTheFilterRefuses() throws {
        for name in ["src/a.png", "build/b.png", ".git/c.png", "src/build/d.png", "src/e.txt", "src/.hidden.png"] {
            try folder.write(name, at: name)
        }
        let walker = FolderWalker(skippedFolderNames: ["build"])
        #expect(walk(walker, where: { $0.hasSuffix(".png") }) == ["src/.hidden.png", "src/a.png"])
    }

    @Test func foldersThePredicateSkipsAreNotEntered() throws {
        for name in ["src/a.txt", "src/gen/b.txt", "src/gen/deep/c.txt", "gen/d.txt"] {
            try folder.write(name, at: name)
        }
        let asked = AskedFolders()
        let prefix = folder.path + "/"
        let walker = FolderWalker { path in
            let relative = String(path.dropFirst(prefix.count))
            asked.paths.withLock { $0.append(relative) }
            return relative == "src/gen"
        }
        #expect(walk(walker) == ["gen/d.txt", "src/a.txt"])
        #expect(asked.paths.withLock { $0 } == ["gen", "src", "src/gen"])
    }

    /// A folder with more subfolders than its limit: the first ones in name order are walked, the others are not
    /// opened and are told to `passedOver` (with the folder), hidden ones counting for neither; files beside them
    /// and other folders are walked as before.
    @Test func subfoldersPastTheLimitArePassedOverInNameOrder() throws {
        for name in ["l/b/1.txt", "l/a/1.txt", "l/d/1.txt", "l/c/1.txt", "l/.h/1.txt", "l/top.txt", "m/a/1.txt"] {
            try folder.write(name, at: name)
        }
        let limited = folder.path + "/l"
        let walker = FolderWalker(subfolderLimit: { $0 == limited ? 2 : nil })
        var files = [String]()
        var passedOver = [(String, [String])]()
        walker.visitFiles(
            under: folder.path, where: { _ in true }, skipped: { _ in }, passedOver: { passedOver.append(($0, $1)) }
        ) {
            files.append(String($0.dropFirst(folder.path.count + 1)))
        }
        #expect(files == ["l/a/1.txt", "l/b/1.txt", "l/top.txt", "m/a/1.txt"])
        #expect(passedOver.map(\.0) == [limited])
        #expect(passedOver.map(\.1) == [["c", "d"]])
        #expect(walk(walker) == files)
    }

    /// The folders a walk asked its predicate about, in order.
    final class AskedFolders: Sendable {
        let paths = Mutex<[String]>([])
    }

    @Test func linksToFoldersAreFollowedOnlyAsAsked() throws {
        try folder.write("x", at: "root/real/inside.txt")
        try folder.write("x", at: "outside/shared.txt")
        try folder.link("root/inner", to: "real")
        try folder.link("root/outer", to: "../outside")
        #expect(walk(FolderWalker(), under: "root") == ["root/inner", "root/outer", "root/real/inside.txt"])
        var leaving = [LeavingLink]()
        let within = FolderWalker(followedLinks: .withinRoot)
        within.visitFiles(
            under: folder.path + "/root", where: { _ in true }, skipped: { _ in }, leaving: { leaving.append($0) }
        ) { _ in }
        #expect(walk(within, under: "root") == ["root/inner/inside.txt", "root/real/inside.txt"])
        #expect(leaving == [LeavingLink(link: "outer", target: "../outside")])
        let boundary = try #require(ProjectBoundary(root: folder.path))
        #expect(
            walk(FolderWalker(followedLinks: .inside(boundary)), under: "root")
                == ["root/inner/inside.txt", "root/outer/shared.txt", "root/real/inside.txt"])
    }

    /// A link to `/` or to a system folder leaves any project: one leaving link, nothing below it walked. The
    /// ancestor test compares components, so `/` (whose string form ends in a slash) is an ancestor like any other.
    @Test func aLinkToTheRootOrASystemFolderIsOneLeavingLinkAndIsNotWalked() throws {
        try folder.write("x", at: "root/fastlane/metadata/android/en-US/title.txt")
        try folder.link("root/fastlane/metadata/android/xx", to: "/")
        try folder.link("root/fastlane/metadata/android/yy", to: "/usr")
        var leaving = [LeavingLink]()
        let files = try FolderWalker(followedLinks: .withinRoot).allFiles(
            under: folder.path + "/root", where: { _ in true }, leaving: { leaving.append($0) })
        #expect(files.map(\.path) == [folder.path + "/root/fastlane/metadata/android/en-US/title.txt"])
        #expect(
            leaving == [
                LeavingLink(link: "fastlane/metadata/android/xx", target: "/"),
                LeavingLink(link: "fastlane/metadata/android/yy", target: "/usr"),
            ])
        // With the whole file system as the boundary, a link to `/` is an ancestor of every folder: not entered.
        try folder.link("root/loop", to: "/")
        let everything = try #require(ProjectBoundary(root: "/"))
        #expect(
            try FolderWalker(followedLinks: .inside(everything), skipsFolder: { $0.hasSuffix("/fastlane") }).allFiles(
                under: folder.path + "/root", where: { _ in true }
            ).map(\.path) == [folder.path + "/root/loop"])
    }

    @Test func aLinkToAnAncestorOrToAFolderWalkedBeforeIsNotFollowed() throws {
        try folder.write("x", at: "root/a/file.txt")
        try folder.write("x", at: "shared/file.txt")
        try folder.link("root/a/loop", to: "..")
        try folder.link("root/b", to: "../shared")
        try folder.link("root/c", to: "../shared")
        let boundary = try #require(ProjectBoundary(root: folder.path))
        #expect(
            walk(FolderWalker(followedLinks: .inside(boundary)), under: "root")
                == ["root/a/file.txt", "root/a/loop", "root/b/file.txt", "root/c"])
    }

    /// A link to nothing is read by no store or build (Gradle skips it since 5.7, supply's `File.exist?` is
    /// false, `--since` leaves it out at REF): inside the project it is not listed (comaps' 106 release-notes
    /// links to locales without notes); one whose text leads out of the project is a leaving link, as any other.
    @Test func aDanglingLinkIsNotListedAndOneLeadingOutLeaves() throws {
        try folder.write("x", at: "root/play/release-notes/en-US/default.txt")
        for locale in ["ar", "de-DE"] {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/root/play/release-notes/" + locale, withIntermediateDirectories: true)
        }
        try folder.link("root/play/release-notes/ar/default.txt", to: "../../listings/ar/release-notes.txt")
        try folder.link("root/play/release-notes/de-DE/default.txt", to: "../../../../outside/missing.txt")
        var leaving = [LeavingLink]()
        let files = try FolderWalker(followedLinks: .withinRoot).allFiles(
            under: folder.path + "/root", where: { _ in true }, leaving: { leaving.append($0) })
        #expect(files.map(\.path) == [folder.path + "/root/play/release-notes/en-US/default.txt"])
        #expect(
            leaving == [
                LeavingLink(link: "play/release-notes/de-DE/default.txt", target: "../../../../outside/missing.txt")
            ])
        // Without following links the walk lists every link as it is, dangling or not.
        #expect(
            walk(FolderWalker(followedLinks: .none), under: "root") == [
                "root/play/release-notes/ar/default.txt", "root/play/release-notes/de-DE/default.txt",
                "root/play/release-notes/en-US/default.txt",
            ])
    }

    @Test func anUnreadableFolderIsSkippedOrThrownAsAsked() throws {
        let missing = folder.path + "/missing"
        #expect(FolderWalker().files(under: missing, where: { _ in true }) == [])
        let error = #expect(throws: UnreadableFolder.self) {
            try FolderWalker().allFiles(under: missing, where: { _ in true })
        }
        #expect(error?.description == missing + ": no such file")
        try folder.write("x", at: "a/file.txt")
        #expect(
            try FolderWalker().allFiles(under: folder.path, where: { _ in true })
                == [FoundFile(path: folder.path + "/a/file.txt", isRegularFile: true)])
    }

    /// A found file is opened by its name in the folder the walk read (`openat`), so it is still read after its
    /// folder is renamed, which opening it by its path could not do.
    @Test func aFoundFileIsOpenedInTheFolderTheWalkRead() throws {
        try folder.write("found", at: "a/file.txt")
        let found = FolderWalker().files(under: folder.path) { _ in true }
        var walked = [FoundFile]()
        FolderWalker().visitFoundFiles(under: folder.path, where: { _ in true }) { walked.append($0) }
        #expect(walked.map(\.path) == found)
        #expect(rename(folder.path + "/a", folder.path + "/renamed") == 0)
        #expect(try FileReader(maxBytes: 10).read(walked[0]) == Array("found".utf8))
        #expect(throws: FileReadError.notFound) { try FileReader(maxBytes: 10).read(walked[0].path) }
        // A found file given another path lets its folder go: the path is what is opened.
        var moved = walked[0]
        moved.path = folder.path + "/renamed/file.txt"
        #expect(moved.folder == nil)
        #expect(try FileReader(maxBytes: 10).read(moved) == Array("found".utf8))
    }

    /// However many folders hold found files that wait to be read, a walk keeps at most
    /// `OpenFolder.Budget.limit` of them open (the rest are opened by path), and every one is closed once its
    /// files are dropped.
    @Test func aWalkKeepsABoundedNumberOfFoldersOpen() throws {
        for index in 0..<100 { try folder.write("\(index)", at: "\(index)/file.txt") }
        // Counted by what they are open on: tests running at the same time open files of their own.
        let root = try #require(realPath(folder.path)) + "/"
        let openDescriptors = {
            FolderWalker().files(under: "/proc/self/fd") { _ in true }.count { realPath($0)?.hasPrefix(root) == true }
        }
        let before = openDescriptors()
        #expect(before == 0)
        var found = [FoundFile]()
        FolderWalker().visitFoundFiles(under: folder.path, where: { _ in true }) { found.append($0) }
        #expect(found.count == 100)
        #expect(found.filter { $0.folder != nil }.count == 64)
        #expect(openDescriptors() - before == 64)
        for file in found { #expect(try FileReader(maxBytes: 10).read(file).count <= 2) }
        found = []
        #expect(openDescriptors() == before)
        // A walk that lists its files all at once keeps none open.
        #expect(try FolderWalker().allFiles(under: folder.path) { _ in true }.allSatisfy { $0.folder == nil })
        #expect(openDescriptors() == before)
    }
}
