import Foundation
import TestSupport
import Testing

/// A command named by its whole path (`ninepatch check …`) is parsed with that command as the root, which skips
/// reflecting the other commands the arguments name; anything but a plain run is left to the root parse, so help,
/// versions and errors read as they always have (`Playprep.namedLeaf`).
@Suite struct CommandPathCLITests {
    @Test func errorsNameTheWholeCommandPath() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/problems", "--bogus"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == """
                playprep: error: Unknown option '--bogus'. Did you mean '--jobs'?
                Usage: playprep ninepatch check [<options>] <paths> ...
                  See 'playprep ninepatch check --help' for more information.

                """)
    }

    /// A mistyped command at any level gets the nearest one within two edits; anything further is the parser's.
    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let top = try PlayprepBinary.run(["chek", "."])
        #expect(top.status == 2)
        #expect(top.standardError == "playprep: error: unknown command 'chek' (did you mean `playprep check`?)\n")
        let nested = try PlayprepBinary.run(["ninepatch", "inspekt", "x.9.png"])
        #expect(
            nested.standardError
                == "playprep: error: unknown command 'inspekt' (did you mean `playprep ninepatch inspect`?)\n")
        let far = try PlayprepBinary.run(["frobnicate"])
        #expect(far.status == 2)
        #expect(
            far.standardError.hasPrefix("playprep: error: Unexpected argument 'frobnicate'")
                || far.standardError.hasPrefix("playprep: error: 1 unexpected argument"), "\(far.standardError)")
    }

    @Test func helpIsTheRootsHelp() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: playprep ninepatch check [<options>] <paths> ..."))
    }

    @Test func theVersionAnywhereIsTheRootsVersion() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/problems", "--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "0.2.0\n")
    }

    /// `check` names the project check and the NinePatch check: by its path it is the NinePatch one.
    @Test func aNameSharedByTwoCommandsIsReadByItsPath() throws {
        let nine = try PlayprepBinary.run(["ninepatch", "check", "TestImages/problems/bad_patch.9.png"])
        #expect(nine.standardOutput.hasSuffix("1 file checked: 0 errors, 1 warning, 0 notes\n"))
        let project = try PlayprepBinary.run(["check", "TestImages/SampleApp"])
        #expect(project.status == 0)
        #expect(project.standardError.contains("NinePatches"))
    }
}
