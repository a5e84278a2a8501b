internal import Yams

extension CISystem {
    static let bitrise = CISystem(
        name: "Bitrise",
        files: "bitrise.yml",
        locate: { existing(["bitrise.yml", "bitrise.yaml"], in: $0) },
        read: { file, reading in Bitrise.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    "bitrise.yml": """
                    app:
                      envs:
                        - PACKAGE_NAME: org.example.app
                    workflows:
                      _notes:
                        steps:
                          - script@1:
                              inputs:
                                - content: |-
                                    mkdir -p whatsnew
                                    cp fastlane/metadata/android/en-US/changelogs/7.txt whatsnew/whatsnew-en-US
                      deploy:
                        before_run:
                          - _notes
                        steps:
                          - google-play-deploy@3:
                              inputs:
                                - package_name: $PACKAGE_NAME
                                - whatsnews_path: whatsnew
                    """
                ],
                commands: [
                    "bitrise.yml:10 mkdir -p whatsnew",
                    "bitrise.yml:11 cp fastlane/metadata/android/en-US/changelogs/7.txt whatsnew/whatsnew-en-US [copy "
                        + "fastlane/metadata/android/en-US/changelogs/7.txt -> whatsnew/whatsnew-en-US]",
                    "bitrise.yml:16 google-play-deploy@3 [package_name=$PACKAGE_NAME, whatsnews_path=whatsnew]",
                ])
        ])
}

/// Reads a Bitrise configuration: each workflow that runs on its own (names starting with `_` run only through
/// another's `before_run:`/`after_run:`, which are read in place), its script steps' `content:` in the step's
/// `working_dir`, and every other step as an action with its inputs (`google-play-deploy` with `whatsnews_path`);
/// `app.envs` and the workflow's `envs` as the environment.
enum Bitrise {
    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "Bitrise configuration") else { return }
        if let include = top.value("include") {
            reading.unreadReference(
                file, what: "Bitrise include", why: .notRead("Bitrise's include:"),
                at: Evidence(file: file, line: include.line, quote: "include:"))
        }
        let workflows = Dictionary(top.value("workflows")?.pairs ?? [], uniquingKeysWith: { first, _ in first })
        let environment = CIEnvironment(reading.variables(top.value("app")?.value("envs"), in: file))
        for (name, _) in top.value("workflows")?.pairs ?? [] where !name.hasPrefix("_") {
            var visiting = Set<String>()
            readWorkflow(
                name, workflows: workflows, file: file, job: file + "#" + name, environment: environment,
                visiting: &visiting, reading: &reading)
        }
    }

    private static func readWorkflow(
        _ name: String, workflows: [String: Node], file: String, job: String, environment: CIEnvironment,
        visiting: inout Set<String>, reading: inout CIReading
    ) {
        guard let workflow = workflows[name], visiting.insert(name).inserted,
            visiting.count <= reading.limits.maxChainDepth
        else { return }
        defer { visiting.remove(name) }
        let environment = environment.adding(reading.variables(workflow.value("envs"), in: file))
        for other in workflow.value("before_run")?.scalarList.compactMap(\.text) ?? [] {
            readWorkflow(
                other, workflows: workflows, file: file, job: job, environment: environment, visiting: &visiting,
                reading: &reading)
        }
        for step in workflow.value("steps")?.sequence ?? [] {
            for (id, settings) in step.pairs {
                let inputs = settings.value("inputs")?.variables ?? [:]
                let stepName = id.split(separator: "@").first.map(String.init) ?? id
                if stepName == "script" || stepName.hasSuffix("steps-script") {
                    guard
                        let content = settings.value("inputs")?.sequence?.first(where: { $0.value("content") != nil })?
                            .value("content")
                    else { continue }
                    var state = ShellState(
                        workingDirectory: ShellReader.folder(inputs["working_dir"]), environment: environment)
                    reading.shell(content, file: file, job: job, state: &state)
                } else {
                    reading.action(
                        id, inputs: inputs, evidence: Evidence(file: file, line: step.line, quote: id), job: job,
                        environment: environment)
                }
            }
        }
        for other in workflow.value("after_run")?.scalarList.compactMap(\.text) ?? [] {
            readWorkflow(
                other, workflows: workflows, file: file, job: job, environment: environment, visiting: &visiting,
                reading: &reading)
        }
    }
}
