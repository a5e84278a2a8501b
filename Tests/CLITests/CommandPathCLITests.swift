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
