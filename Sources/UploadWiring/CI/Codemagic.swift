internal import Yams

extension CISystem {
    static let codemagic = CISystem(
        name: "Codemagic",
        files: "codemagic.yaml",
        locate: { existing(["codemagic.yaml", "codemagic.yml"], in: $0) },
        read: { file, reading in Codemagic.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    "codemagic.yaml": """
                    workflows:
                      android-release:
                        working_directory: android
                        environment:
                          vars:
                            PACKAGE_NAME: org.example.app
                        scripts:
                          - name: Notes
                            script: |
                              cp ../notes.txt app/src/main/play/release-notes/en-US/default.txt
                          - ./gradlew bundleRelease
                        publishing:
                          google_play:
                            credentials: $GCLOUD_SERVICE_ACCOUNT_CREDENTIALS
                            track: internal
                    """
                ],
                commands: [
                    "codemagic.yaml:10 cp ../notes.txt app/src/main/play/release-notes/en-US/default.txt "
                        + "[in android] [copy notes.txt -> android/app/src/main/play/release-notes/en-US/default.txt]",
                    "codemagic.yaml:11 ./gradlew bundleRelease [in android]",
                    "codemagic.yaml:13 google_play [in android] [credentials=$GCLOUD_SERVICE_ACCOUNT_CREDENTIALS, "
                        + "track=internal]",
                ])
        ])
}

/// Reads Codemagic's `codemagic.yaml`: each workflow's `scripts:` (a command, or `script:` with a name) in the
/// workflow's `working_directory`, `environment.vars`, and its `publishing:` entries (`google_play` with its
/// track and credentials) as actions.
enum Codemagic {
    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "Codemagic configuration") else { return }
        for (name, workflow) in top.value("workflows")?.pairs ?? [] {
            let job = file + "#" + name
            let environment = CIEnvironment(reading.variables(workflow.value("environment")?.value("vars"), in: file))
            let folder = ShellReader.folder(workflow.value("working_directory")?.text)
            for item in workflow.value("scripts")?.sequence ?? [] {
                // Each script runs in a shell of its own.
                var state = ShellState(workingDirectory: folder, environment: environment)
                guard let script = item.text != nil ? item : item.value("script") else { continue }
                reading.shell(script, file: file, job: job, state: &state)
            }
            if let publishing = workflow.value("publishing") {
                for (publisher, settings) in publishing.pairs where publisher != "scripts" {
                    reading.action(
                        publisher, inputs: settings.variables,
                        evidence: Evidence(file: file, line: publishing.keyLine(publisher), quote: publisher + ":"),
                        job: job,
                        environment: environment, workingDirectory: folder)
                }
                for item in publishing.value("scripts")?.sequence ?? [] {
                    var state = ShellState(workingDirectory: folder, environment: environment)
                    guard let script = item.text != nil ? item : item.value("script") else { continue }
                    reading.shell(script, file: file, job: job, state: &state)
                }
            }
        }
    }
}
