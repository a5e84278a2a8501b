import Foundation
import TestSupport
import Testing

/// End-to-end: `ninepatch compile` and `ninepatch decompile`, their outputs, refusals and exit codes.
@Suite struct CompileCLITests {
    /// A fresh scratch folder, removed by `cleanUp`.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-compile-cli-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func copy(_ fixture: String, to name: String) throws -> String {
        try FileManager.default.copyItem(at: Fixtures.testImage(fixture), to: folder.appendingPathComponent(name))
        return path(name)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func inspect(_ file: String) throws -> [String: Any] {
        let run = try PlayprepBinary.run(["ninepatch", "inspect", "--format", "json", file])
        let list = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        var entry = try #require(list?.first)
        entry["file"] = nil
        return entry
    }

    /// Everything in the scratch folder, hidden files (an atomic write's temporary file) included.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func compileThenDecompileGivesTheSameNinePatch() throws {
        defer { cleanUp() }
        let source = Fixtures.testImage("crafted/lb_all.9.png").path
        let compile = try PlayprepBinary.run(["ninepatch", "compile", source, "-o", path("out.png")])
        #expect(compile.status == 0 && compile.standardOutput.isEmpty && compile.standardError.isEmpty)
        let decompile = try PlayprepBinary.run(["ninepatch", "decompile", path("out.png"), "-o", path("back.9.png")])
        #expect(decompile.status == 0 && decompile.standardError.isEmpty)
        #expect(try PlayprepBinary.run(["ninepatch", "check", path("back.9.png")]).status == 0)
        #expect(
            NSDictionary(dictionary: try inspect(path("back.9.png"))) == NSDictionary(dictionary: try inspect(source)))
        #expect(try leftovers() == ["back.9.png", "out.png"])
    }

    @Test func refusesToReplaceItsInputWithoutForce() throws {
        defer { cleanUp() }
        let input = try copy("crafted/basic.9.png", to: "in.9.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: input)
        for output in [input, folder.path + "/./in.9.png", path("link.png")] {
            let run = try PlayprepBinary.run(["ninepatch", "compile", input, "-o", output])
            #expect(run.status == 2)
            #expect(
                run.standardError
                    == "playprep: error: -o \(output) is a NinePatch this run reads; choose another path (or pass --force)\n"
            )
        }
        let decompile = try PlayprepBinary.run(["ninepatch", "decompile", input, "-o", input])
        #expect(decompile.status == 2 && decompile.standardError.contains("--force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)

        let forced = try PlayprepBinary.run(["ninepatch", "compile", input, "-o", input, "--force"])
        #expect(forced.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) != before)
        let back = try PlayprepBinary.run(["ninepatch", "decompile", input, "-o", input, "--force"])
        #expect(back.status == 0)
        #expect(try PlayprepBinary.run(["ninepatch", "check", input]).status == 0)
    }

    @Test func aRejectedNinePatchIsReportedLikeCheckAndNothingIsWritten() throws {
        defer { cleanUp() }
        let file = "TestImages/problems/three_problems.9.png"
        let run = try PlayprepBinary.run(["ninepatch", "compile", file, "-o", path("out.png")])
        let check = try PlayprepBinary.run(["ninepatch", "check", file])
        #expect(run.status == 1)
        #expect(run.standardOutput == check.standardOutput)
        #expect(try leftovers().isEmpty)
    }

    @Test func aStretchCountAAPT2WouldCorruptIsRefused() throws {
        defer { cleanUp() }
        let file = "TestImages/crafted/many_x_130_no_y.9.png"
        let run = try PlayprepBinary.run(["ninepatch", "compile", file, "-o", path("out.png")])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("warning[NP104]"))
        #expect(
            run.standardError.hasPrefix(
                "playprep: error: \(file): cannot compile: npTc stores the number of x divs in one byte"))
        #expect(try leftovers().isEmpty)
    }

    @Test func errorsNameTheFileInOneLineAndWriteNothing() throws {
        defer { cleanUp() }
        let notCompiled = "TestImages/crafted/basic.9.png"
        let decompile = try PlayprepBinary.run(["ninepatch", "decompile", notCompiled, "-o", path("out.9.png")])
        #expect(decompile.status == 1)
        #expect(decompile.standardError == "playprep: error: \(notCompiled): no npTc chunk: not a compiled NinePatch\n")

        for broken in ["TestImages/malformed/truncated_idat.9.png", "TestImages/malformed/empty.9.png"] {
            let run = try PlayprepBinary.run(["ninepatch", "decompile", broken, "-o", path("out.9.png")])
            #expect(run.status == 1)
            #expect(
                run.standardError.hasPrefix("playprep: error: \(broken): ")
                    && run.standardError.filter { $0 == "\n" }.count == 1)
            let compile = try PlayprepBinary.run(["ninepatch", "compile", broken, "-o", path("out.png")])
            #expect(compile.status == 1 && compile.standardOutput.contains("error[PNG001]"))
        }

        let missing = try PlayprepBinary.run(["ninepatch", "compile", "nope.9.png", "-o", path("out.png")])
        #expect(missing.status == 2 && missing.standardError == "playprep: error: nope.9.png: no such file or folder\n")
        let noFolder = path("no/such/folder/out.png")
        let unwritable = try PlayprepBinary.run(["ninepatch", "compile", notCompiled, "-o", noFolder])
        #expect(unwritable.status == 2)
        #expect(unwritable.standardError.hasPrefix("playprep: error: \(noFolder): cannot be written: "))
        let usage = try PlayprepBinary.run(["ninepatch", "compile", notCompiled])
        #expect(usage.status == 2)
        #expect(try leftovers().isEmpty)
    }
}
