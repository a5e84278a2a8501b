internal import Yams

extension CISystem {
    static let azurePipelines = CISystem(
        name: "Azure Pipelines",
        files: "azure-pipelines.yml and .azure-pipelines/*.yml, with the local templates they use",
        locate: { repository in
            existing(["azure-pipelines.yml", "azure-pipelines.yaml"], in: repository)
                + files(under: ".azure-pipelines", endingIn: [".yml", ".yaml"], in: repository)
        },
        read: { file, reading in
            guard let top = reading.yaml(of: file, what: "Azure Pipelines configuration") else { return }
            AzurePipelines.read(top, file: file, job: file, environment: [:], reading: &reading)
        },
        examples: [
            CISystemExample(
                files: [
                    "azure-pipelines.yml": """
                    variables:
                      SUPPLY_TRACK: beta
                    stages:
                      - stage: Release
                        jobs:
                          - job: Upload
                            steps:
                              - template: ci/notes.yml
                              - bash: bundle exec fastlane deploy
                                workingDirectory: $(Build.SourcesDirectory)/android
                              - task: GooglePlayRelease@4
                                inputs:
                                  applicationId: org.example.app
                                  track: production
                    """,
                    "ci/notes.yml": """
                    steps:
                      - script: cp notes/en-US.txt whatsnew/whatsnew-en-US
                    """,
                ],
                commands: [
                    "ci/notes.yml:2 cp notes/en-US.txt whatsnew/whatsnew-en-US [copy notes/en-US.txt -> "
                        + "whatsnew/whatsnew-en-US]",
                    "azure-pipelines.yml:9 bundle exec fastlane deploy [in android]",
                    "azure-pipelines.yml:11 GooglePlayRelease@4 [applicationId=org.example.app, track=production]",
                ])
        ])
}

/// Reads Azure Pipelines: `stages:` → `jobs:` (and deployment jobs' strategies) → `steps:`, each `script:`/`bash:`
/// step in its `workingDirectory:`, tasks as actions with their inputs (a Bash or command-line task's inline script
/// or file read as a command), `variables:` at each level, and local `template:` files read in place (a
/// template of another repository, `x.yml@repo`, is named as unread).
enum AzurePipelines {
    /// Tasks that run a shell script: their inline `script` or their `filePath`/`scriptPath`.
    private static let shellTasks = ["Bash", "ShellScript", "CmdLine"]

    static func read(_ node: Node, file: String, job: String, environment: CIEnvironment, reading: inout CIReading) {
        let environment = environment.adding(reading.variables(node.value("variables"), in: file))
        if let template = node.value("template") ?? node.value("extends")?.value("template") {
            readTemplate(template, file: file, job: job, environment: environment, reading: &reading)
        }
        for stage in node.value("stages")?.sequence ?? [] {
            read(stage, file: file, job: job, environment: environment, reading: &reading)
        }
        for jobNode in node.value("jobs")?.sequence ?? [] {
            let name = jobNode.value("job")?.text ?? jobNode.value("deployment")?.text ?? "job"
            let jobEnvironment = environment.adding(reading.variables(jobNode.value("variables"), in: file))
            if let template = jobNode.value("template") {
                readTemplate(
                    template, file: file, job: file + "#" + name, environment: jobEnvironment, reading: &reading)
            }
            readSteps(
                jobNode.value("steps"), file: file, job: file + "#" + name, environment: jobEnvironment,
                reading: &reading)
            // A deployment job's steps sit in its strategy: `strategy: runOnce: deploy: steps:`.
            for (_, strategy) in jobNode.value("strategy")?.pairs ?? [] {
                for (_, hook) in strategy.pairs {
                    readSteps(
                        hook.value("steps"), file: file, job: file + "#" + name, environment: jobEnvironment,
                        reading: &reading)
                }
            }
        }
        readSteps(node.value("steps"), file: file, job: job, environment: environment, reading: &reading)
    }

    private static func readSteps(
        _ steps: Node?, file: String, job: String, environment: CIEnvironment, reading: inout CIReading
    ) {
        for step in steps?.sequence ?? [] {
            let stepEnvironment = environment.adding(reading.variables(step.value("env"), in: file))
            let folder = step.value("workingDirectory")?.text.map { ShellReader.folder($0) } ?? ""
            if let template = step.value("template") {
                readTemplate(template, file: file, job: job, environment: stepEnvironment, reading: &reading)
            } else if let script = step.value("script") ?? step.value("bash") {
                var state = ShellState(workingDirectory: folder, environment: stepEnvironment)
                reading.shell(script, file: file, job: job, state: &state)
            } else if let shell = step.value("pwsh") ?? step.value("powershell") {
                reading.unreadReference(
                    file, what: "a PowerShell step", why: .notRead("PowerShell"),
                    at: Evidence(file: file, line: shell.line, quote: "pwsh:"))
            } else if let taskNode = step.value("task"), let task = taskNode.text {
                let inputs = step.value("inputs")?.variables ?? [:]
                let evidence = Evidence(file: file, line: taskNode.line, quote: "task: " + task)
                let taskName = task.split(separator: "@").first.map(String.init) ?? task
                let taskFolder = inputs["workingDirectory"].map { ShellReader.folder($0) } ?? folder
                if shellTasks.contains(taskName) {
                    var state = ShellState(workingDirectory: taskFolder, environment: stepEnvironment)
                    if let inline = step.value("inputs")?.value("script") {
                        reading.shell(inline, file: file, job: job, state: &state)
                    } else if let path = inputs["filePath"] ?? inputs["scriptPath"] {
                        reading.shell("bash " + path, firstLine: taskNode.line, file: file, job: job, state: &state)
                    }
                } else {
                    reading.action(
                        task, inputs: inputs, evidence: evidence, job: job, environment: stepEnvironment,
                        workingDirectory: taskFolder)
                }
            }
        }
    }

    /// `template: path` (relative to the including file's folder, or `/path` from the root); `path@repo` is another
    /// repository's.
    private static func readTemplate(
        _ node: Node, file: String, job: String, environment: CIEnvironment, reading: inout CIReading
    ) {
        guard let name = node.text else { return }
        let evidence = Evidence(file: file, line: node.line, quote: "template: " + name)
        if name.contains("@") {
            reading.unreadReference(
                name, what: "Azure Pipelines template", why: .remote("another repository"), at: evidence)
            return
        }
        let folder = file.split(separator: "/").dropLast().joined(separator: "/")
        let path = name.hasPrefix("/") ? ShellReader.normalized(name) : ShellReader.normalized(folder + "/" + name)
        guard reading.admitInclude(path, referencedBy: evidence),
            let template = reading.yaml(of: path, what: "Azure Pipelines template", referencedBy: evidence)
        else { return }
        read(template, file: path, job: job, environment: environment, reading: &reading)
    }
}
