import Testing

@testable import UploadWiring

/// Python, Ruby, Makefiles and `package.json` scripts a CI step runs: the commands inside them, their folders and
/// the files they change, as `CICommand.summary` writes them (after the step itself).
@Suite struct ScriptLanguageTests {
    static func followed(_ step: String, _ files: [String: String]) -> [String] {
        var repository = files
        repository[".github/workflows/ci.yml"] = "jobs:\n  x:\n    steps:\n      - run: \(step)\n"
        let ci = ContinuousIntegration(repository: MemoryRepository(repository))
        return ci.commands.dropFirst().map(\.summary) + ci.unread.map(\.description)
    }

    @Test func pythonRunsCommandsAndChangesFiles() {
        let script = """
            import os, shutil, subprocess
            from pathlib import Path
            from subprocess import check_call as run

            META = os.path.join(os.path.dirname(__file__), "..", "fastlane", "metadata", "android")
            for notes in sorted(glob.glob(META + "/*/changelogs/default.txt")):
                shutil.copy(notes, "whatsnew/")
            shutil.rmtree(os.path.join(META, "fr-FR"))
            Path(META, "de-DE", "title.txt").unlink()
            subprocess.run(
                ["bundle", "exec", "fastlane", "supply", "--metadata_path", META],
                cwd="android",
                check=True,
            )
            run("fastlane deploy", shell=True)
            """
        #expect(
            Self.followed("python3 tools/release.py", ["tools/release.py": script]) == [
                "tools/release.py:7 shutil.copy(notes, \"whatsnew/\") [copy fastlane/metadata/android/*/changelogs/"
                    + "default.txt -> whatsnew]",
                "tools/release.py:8 shutil.rmtree(os.path.join(META, \"fr-FR\")) [delete "
                    + "fastlane/metadata/android/fr-FR]",
                "tools/release.py:9 Path(META, \"de-DE\", \"title.txt\").unlink() [delete "
                    + "fastlane/metadata/android/de-DE/title.txt]",
                "tools/release.py:10 bundle exec fastlane supply --metadata_path ../fastlane/metadata/android "
                    + "[in android]",
                "tools/release.py:15 fastlane deploy",
            ])
    }

    @Test func inlinePythonAndShell() {
        #expect(
            Self.followed(
                "python3 -c \"import os; os.system('fastlane supply')\" && sh -c 'cd android && fastlane deploy'", [:])
                == [
                    ".github/workflows/ci.yml:4 fastlane supply",
                    ".github/workflows/ci.yml:4 sh -c 'cd android && fastlane deploy'",
                    ".github/workflows/ci.yml:4 cd android",
                    ".github/workflows/ci.yml:4 fastlane deploy [in android]",
                ])
    }

    @Test func rubyRunsCommandsAndChangesFiles() {
        let script = """
            require 'fileutils'
            FileUtils.rm_rf("fastlane/metadata/android/it-IT")
            sh "bundle exec fastlane supply --track beta"
            notes = `git log -1 --format=%s`
            File.write("fastlane/metadata/android/en-US/changelogs/default.txt", notes)
            """
        #expect(
            Self.followed("ruby scripts/publish.rb", ["scripts/publish.rb": script]) == [
                "scripts/publish.rb:2 FileUtils.rm_rf(\"fastlane/metadata/android/it-IT\") [delete "
                    + "fastlane/metadata/android/it-IT]",
                "scripts/publish.rb:3 bundle exec fastlane supply --track beta",
                "scripts/publish.rb:4 git log -1 --format=%s",
                "scripts/publish.rb:5 File.write(\"fastlane/metadata/android/en-US/changelogs/default.txt\", notes) "
                    + "[write fastlane/metadata/android/en-US/changelogs/default.txt]",
            ])
    }

    /// `make` with no target runs the first; `$(MAKE) -C dir` runs another Makefile; a recipe continued with `\`
    /// is one shell line, so its `cd` holds.
    @Test func makefileTargetsAndSubMakes() {
        let makefile = "TRACK ?= beta\n\nall: notes\n\t$(MAKE) -C android upload\n\nnotes:\n\t@./notes.sh\n"
        let android = "upload:\n\tcd fastlane; \\\n\tbundle exec fastlane supply --track $(TRACK)\n"
        #expect(
            Self.followed("make", ["Makefile": makefile, "android/Makefile": android, "notes.sh": "echo notes\n"]) == [
                "Makefile:7 ./notes.sh", "notes.sh:1 echo notes", "Makefile:4 make -C android upload",
                "android/Makefile:2 cd fastlane [in android]",
                "android/Makefile:2 bundle exec fastlane supply --track ${TRACK} [in android/fastlane]",
            ])
    }

    /// `make target name=value` sets a variable (whatever the name), and a target built at run time is named.
    @Test func makeVariablesAndRunTimeTargets() {
        #expect(
            Self.followed("make upload no-cache=yes $TARGET", ["Makefile": "upload:\n\tfastlane supply\n"]) == [
                "Makefile:2 fastlane supply",
                "Makefile: Makefile target * not read: its path is built when the job runs (named at "
                    + ".github/workflows/ci.yml:4)",
            ])
    }

    @Test func missingTargetsAndScriptsAreNamed() {
        #expect(
            Self.followed("make deploy && npm run release", ["Makefile": "build:\n\techo\n", "package.json": "{}"]) == [
                ".github/workflows/ci.yml:4 npm run release",
                "Makefile: Makefile target deploy not read: it has no target deploy (named at .github/workflows/ci.yml:4)",
                "package.json: package.json script release not read: it has no script release (named at "
                    + ".github/workflows/ci.yml:4)",
            ])
    }
}
