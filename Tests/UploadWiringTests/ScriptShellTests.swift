import Testing

@testable import UploadWiring

/// Shell text as a shell would run it: one command per simple command, the folder it runs in, the files it
/// changes. Each case is a script and the commands it yields (`CICommand.summary`).
@Suite struct ScriptShellTests {
    static func summaries(_ text: String, folder: String? = "") -> [String] {
        var state = ShellState(workingDirectory: folder, environment: [:])
        let prototype = CICommand(text: "", evidence: Evidence(file: "x.sh", line: 1, quote: ""), origin: .ci, job: "x")
        return ShellReader.commands(in: text, firstLine: 1, file: "x.sh", prototype: prototype, state: &state).map(
            \.summary)
    }

    @Test(arguments: [
        // `&&` cuts commands; `cd` moves the ones after it.
        (
            "cd android && bundle exec fastlane deploy",
            ["x.sh:1 cd android", "x.sh:1 bundle exec fastlane deploy [in android]"]
        ),
        // A continuation line, and `&&` at a line's end, join lines; the command keeps its first line.
        (
            "fastlane supply \\\n  --metadata_path play/metadata\necho done &&\n  echo twice",
            [
                "x.sh:1 fastlane supply --metadata_path play/metadata", "x.sh:3 echo done", "x.sh:4 echo twice",
            ]
        ),
        // pushd/popd and a subshell restore the folder.
        (
            "pushd app\n./gradlew assemble\npopd\n(cd lib && make)\nls",
            [
                "x.sh:1 pushd app", "x.sh:2 ./gradlew assemble [in app]", "x.sh:3 popd [in app]", "x.sh:4 cd lib",
                "x.sh:4 make [in lib]", "x.sh:5 ls",
            ]
        ),
        // A here-document's body is not commands; comments are not either.
        (
            "cat <<EOF > notes.txt\nrm -rf everything\nEOF\n# fastlane deploy\necho ok # fastlane",
            [
                "x.sh:1 cat << EOF > notes.txt [write notes.txt]", "x.sh:5 echo ok",
            ]
        ),
        // Keywords of compound commands are not commands; their bodies are.
        (
            "if [ -n \"$TAG\" ]; then\n  fastlane deploy\nfi\nfor f in a b; do echo $f; done",
            [
                "x.sh:1 [ -n \"$TAG\" ]", "x.sh:2 fastlane deploy", "x.sh:4 echo $f",
            ]
        ),
        // A `case` arm's pattern is not a subshell's end, and a function's name is not a command.
        (
            "case $1 in\n  beta) fastlane beta ;;\nesac\nupload() {\n  fastlane supply\n}",
            [
                "x.sh:2 fastlane beta", "x.sh:5 fastlane supply",
            ]
        ),
        // cd to a path built at run time: the folder is unknown from there.
        ("cd \"$BUILD_DIR\"\nfastlane deploy", ["x.sh:1 cd \"$BUILD_DIR\"", "x.sh:2 fastlane deploy [in ?]"]),
        // The checkout folder's variables name the repository's root.
        (
            "cd $GITHUB_WORKSPACE/android\ncp ${{ github.workspace }}/notes.txt whatsnew/whatsnew-en-US",
            [
                "x.sh:1 cd $GITHUB_WORKSPACE/android",
                "x.sh:2 cp ${{ github.workspace }}/notes.txt whatsnew/whatsnew-en-US [in android] [copy notes.txt -> "
                    + "android/whatsnew/whatsnew-en-US]",
            ]
        ),
        // Variables set before are expanded in file operations.
        (
            "META=fastlane/metadata/android\nrm -rf \"$META/fr-FR\" $META/it-IT",
            [
                "x.sh:1 META=fastlane/metadata/android",
                "x.sh:2 rm -rf \"$META/fr-FR\" $META/it-IT [delete fastlane/metadata/android/fr-FR fastlane/metadata/android/it-IT]",
            ]
        ),
        // cp -t, mv of several sources into a folder, git rm, install.
        (
            "cp -t out a.txt b.txt\nmv -f a b dest/\ngit rm -r old\ninstall -m 644 notes.txt whatsnew/",
            [
                "x.sh:1 cp -t out a.txt b.txt [copy a.txt b.txt -> out]", "x.sh:2 mv -f a b dest/ [move a b -> dest]",
                "x.sh:3 git rm -r old [delete old]",
                "x.sh:4 install -m 644 notes.txt whatsnew/ [copy notes.txt -> whatsnew]",
            ]
        ),
        // The newest changelog picked by `find | sort | tail`, `cat` into a file, `ls | grep -v | xargs rm`.
        (
            "cp $(find meta/en-US/changelogs -name '*.txt' | sort -n | tail -n 1) whatsnew/whatsnew-en-US\n"
                + "cat notes/en.txt > whatsnew/whatsnew-en-US\nls meta | grep -v en-US | xargs rm -rf",
            [
                "x.sh:1 cp $(find meta/en-US/changelogs -name '*.txt' | sort -n | tail -n 1) whatsnew/whatsnew-en-US "
                    + "[copy meta/en-US/changelogs/**/*.txt -> whatsnew/whatsnew-en-US]",
                "x.sh:2 cat notes/en.txt > whatsnew/whatsnew-en-US [copy notes/en.txt -> whatsnew/whatsnew-en-US]",
                "x.sh:3 ls meta | grep -v en-US | xargs rm -rf [delete meta/* (sparing en-US)]",
            ]
        ),
        // An array assignment over lines is one command; `source name` without a folder is looked up on PATH.
        (
            "PATTERNS=(\n  \"fastlane/**\"\n)\nsource use-bot-for-git",
            [
                "x.sh:1 PATTERNS=(\n  \"fastlane/**\"\n)", "x.sh:4 source use-bot-for-git",
            ]
        ),
        // find … -delete with a name; logs and GitHub's files are not the tree's.
        (
            "find play -name '*.orig' -delete\n./gradlew build > build.log 2>&1\necho \"X=1\" >> $GITHUB_ENV",
            [
                "x.sh:1 find play -name '*.orig' -delete [delete play/**/*.orig]",
                "x.sh:2 ./gradlew build > build.log 2>&1 [write build.log]", "x.sh:3 echo \"X=1\" >> $GITHUB_ENV",
            ]
        ),
    ])
    func commandsOf(script: String, expected: [String]) {
        #expect(Self.summaries(script) == expected)
    }

    /// `export` and `$GITHUB_ENV` set variables for the commands after them; `NAME=value cmd` for that one only.
    @Test func exportedVariablesReachLaterCommands() {
        var state = ShellState(workingDirectory: "", environment: ["SUPPLY_TRACK": "beta"])
        let prototype = CICommand(text: "", evidence: Evidence(file: "x.sh", line: 1, quote: ""), origin: .ci, job: "x")
        let commands = ShellReader.commands(
            in: "export SUPPLY_SKIP_UPLOAD_METADATA=true\nSUPPLY_TRACK=internal fastlane supply\n"
                + "echo \"SUPPLY_VERSION_CODE=42\" >> \"$GITHUB_ENV\"\nfastlane supply",
            firstLine: 1, file: "x.sh", prototype: prototype, state: &state)
        #expect(commands[1].environment["SUPPLY_TRACK"] == "internal")
        #expect(commands[1].environment["SUPPLY_SKIP_UPLOAD_METADATA"] == "true")
        #expect(commands[3].environment["SUPPLY_TRACK"] == "beta")
        #expect(commands[3].environment["SUPPLY_VERSION_CODE"] == "42")
        #expect(state.jobExports == ["SUPPLY_VERSION_CODE": "42"])
    }

    /// A script's own folder, `$0` and its arguments.
    @Test func scriptFolderAndArguments() {
        var state = ShellState(workingDirectory: "", environment: [:])
        state.scriptPath = "tools/ci/release.sh"
        state.arguments = ["beta"]
        let prototype = CICommand(text: "", evidence: Evidence(file: "x.sh", line: 1, quote: ""), origin: .ci, job: "x")
        let commands = ShellReader.commands(
            in: "cd \"$(dirname \"$0\")/../..\"\nfastlane \"$1\"\nHERE=\"$(readlink -f \"${BASH_SOURCE[0]}\")\"\n"
                + "cp notes.txt \"${HERE%/*}/notes.txt\"",
            firstLine: 1, file: "x.sh", prototype: prototype, state: &state)
        #expect(commands.map(\.workingDirectory) == ["", "", "", ""])
        #expect(commands[1].expandedWords == ["fastlane", "beta"])
        #expect(commands[3].fileOperations.map(\.description) == ["copy notes.txt -> tools/ci/notes.txt"])
    }
}
