internal import Yams

extension CISystem {
    /// GitHub Actions, and Gitea's and Forgejo's Actions, which read the same workflows.
    static let gitHubActions = CISystem(
        name: "GitHub Actions",
        files: ".github/workflows/*.yml (and .gitea/, .forgejo/ workflows) with the local composite actions they use",
        locate: { repository in
            [".github/workflows", ".gitea/workflows", ".forgejo/workflows"].flatMap {
                files(under: $0, endingIn: [".yml", ".yaml"], in: repository)
            }
        },
        read: { file, reading in GitHubActions.readWorkflow(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".github/workflows/release.yml": """
                    env:
                      SUPPLY_TRACK: beta
                    defaults:
                      run:
                        working-directory: android
                    jobs:
                      deploy:
                        steps:
                          - uses: actions/checkout@v4
                          - run: |
                              fastlane supply \\
                                --metadata_path play/metadata
                          - working-directory: .
                            run: cd android && bundle exec fastlane deploy
                          - uses: r0adkll/upload-google-play@v1
                            with:
                              track: production
                              whatsNewDirectory: whatsnew
                      provenance:
                        uses: slsa-framework/slsa-github-generator/.github/workflows/generator_generic_slsa3.yml@v2
                        with:
                          base64-subjects: abc
                    """
                ],
                commands: [
                    ".github/workflows/release.yml:9 actions/checkout@v4",
                    ".github/workflows/release.yml:11 fastlane supply --metadata_path play/metadata [in android]",
                    ".github/workflows/release.yml:14 cd android",
                    ".github/workflows/release.yml:14 bundle exec fastlane deploy [in android]",
                    ".github/workflows/release.yml:15 r0adkll/upload-google-play@v1 [track=production, "
                        + "whatsNewDirectory=whatsnew]",
                    ".github/workflows/release.yml:20 slsa-framework/slsa-github-generator/.github/workflows/"
                        + "generator_generic_slsa3.yml@v2 [base64-subjects=abc]",
                ])
        ])
}

/// Reads GitHub Actions workflows: every job's `run:` steps (in their `working-directory:`, the job's or the
/// workflow's `defaults.run.working-directory`, with `env:` at each level and what earlier steps appended to
/// `$GITHUB_ENV`), `uses:` steps as actions with their `with:` inputs, local composite actions' steps, and jobs
/// calling another repository's workflow.
enum GitHubActions {
    static func readWorkflow(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "GitHub Actions workflow") else { return }
        let workflowEnvironment = CIEnvironment(reading.variables(top.value("env"), in: file))
        let workflowFolder = ShellReader.folder(Self.defaultFolder(of: top))
        for (jobKey, job) in top.value("jobs")?.pairs ?? [] {
            let jobName = file + "#" + jobKey
            let environment = workflowEnvironment.adding(reading.variables(job.value("env"), in: file))
            let folder = Self.defaultFolder(of: job).map { ShellReader.folder($0) } ?? workflowFolder
            if let usesNode = job.value("uses"), let uses = usesNode.text {
                readCalledWorkflow(uses, job: job, line: usesNode.line, file: file, jobName: jobName, reading: &reading)
            }
            var jobExports = [String: String]()
            readSteps(
                job.value("steps")?.sequence.map(Array.init) ?? [], file: file, jobName: jobName,
                environment: environment, folder: folder, jobExports: &jobExports, reading: &reading)
        }
    }

    private static func defaultFolder(of node: Node) -> String? {
        node.value("defaults")?.value("run")?.value("working-directory")?.text
    }

    /// The steps of a job or of a local composite action.
    private static func readSteps(
        _ steps: [Node], file: String, jobName: String, environment: CIEnvironment, folder: String?,
        jobExports: inout [String: String], reading: inout CIReading
    ) {
        for step in steps {
            let stepEnvironment = environment.adding(jobExports).adding(reading.variables(step.value("env"), in: file))
            let stepFolder = step.value("working-directory")?.text.map { ShellReader.folder($0) } ?? folder
            if let usesNode = step.value("uses"), let uses = usesNode.text {
                let evidence = Evidence(file: file, line: usesNode.line, quote: "uses: " + uses)
                if uses.hasPrefix("./") {
                    readCompositeAction(
                        String(uses.dropFirst(2)), evidence: evidence, jobName: jobName, environment: stepEnvironment,
                        folder: stepFolder, jobExports: &jobExports, reading: &reading)
                } else {
                    // Actions run at the checkout's root: `working-directory:` is for `run:` steps only.
                    reading.action(
                        uses, inputs: step.value("with")?.variables ?? [:], evidence: evidence, job: jobName,
                        environment: stepEnvironment)
                }
            }
            if let run = step.value("run") {
                var state = ShellState(workingDirectory: stepFolder, environment: stepEnvironment)
                let shell = step.value("shell")?.text ?? ""
                if shell.hasPrefix("python") {
                    reading.python(run, file: file, job: jobName, state: state)
                } else if shell.isEmpty || shell.hasPrefix("bash") || shell.hasPrefix("sh") {
                    reading.shell(run, file: file, job: jobName, state: &state)
                } else {
                    reading.unreadReference(
                        file, what: "a step run by \(shell)", why: .notRead("the \(shell) shell"),
                        at: Evidence(file: file, line: run.line, quote: "shell: " + shell))
                }
                jobExports.merge(state.jobExports) { $1 }
            }
        }
    }

    /// `uses: ./path` naming a composite action of the repository: its `runs.steps`, read as the job's.
    private static func readCompositeAction(
        _ folder: String, evidence: Evidence, jobName: String, environment: CIEnvironment,
        folder workingFolder: String?,
        jobExports: inout [String: String], reading: inout CIReading
    ) {
        let base = ShellReader.normalized(folder)
        let candidates =
            base.hasSuffix(".yml") || base.hasSuffix(".yaml") ? [base] : [base + "/action.yml", base + "/action.yaml"]
        guard let path = CISystem.existing(candidates, in: reading.repository).first else {
            // A local reusable workflow (`./.github/workflows/x.yml` as a job's `uses:`) is read on its own.
            if reading.repository.kind(of: base) != .file {
                reading.unreadReference(base, what: "local action", why: .missing, at: evidence)
            }
            return
        }
        guard reading.admitInclude(path, referencedBy: evidence),
            let action = reading.yaml(of: path, what: "local action", referencedBy: evidence)
        else { return }
        readSteps(
            action.value("runs")?.value("steps")?.sequence.map(Array.init) ?? [], file: path, jobName: jobName,
            environment: environment, folder: workingFolder, jobExports: &jobExports, reading: &reading)
    }

    /// A job that calls a workflow (`uses: org/repo/.github/workflows/x.yml@ref`): an action with its inputs; another
    /// repository's workflow is a Play upload only when its path or inputs say so (a track, a rollout, a package
    /// name, Play in its name), never a provenance or attestation workflow.
    private static func readCalledWorkflow(
        _ uses: String, job: Node, line: Int, file: String, jobName: String, reading: inout CIReading
    ) {
        let evidence = Evidence(file: file, line: line, quote: "uses: " + uses)
        guard !uses.hasPrefix("./") else { return }
        let inputs = job.value("with")?.variables ?? [:]
        reading.action(uses, inputs: inputs, evidence: evidence, job: jobName, environment: [:])
        let secrets = job.value("secrets")?.pairs.map(\.key) ?? []
        if isPlayUpload(uses, inputNames: Array(inputs.keys) + secrets) {
            reading.reusableWorkflows.append(evidence)
        }
    }

    /// Words that make a workflow a provenance or signing one, whatever else it says.
    private static let provenanceWords = ["slsa", "provenance", "attest", "sigstore", "cosign"]
    /// Input names (lower case, `-` and `_` removed) that only a Play upload takes.
    private static let playInputs: Set<String> = [
        "track", "rollout", "userfraction", "packagename", "releasetrack", "playtrack", "whatsnewdirectory",
        "inappupdatepriority",
    ]

    /// Whether a called workflow's path or input names show a Play upload.
    static func isPlayUpload(_ uses: String, inputNames: [String]) -> Bool {
        let path = uses.lowercased()
        guard !provenanceWords.contains(where: path.contains) else { return false }
        let words = path.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        if words.contains(where: { $0 == "play" || $0.contains("playstore") || $0.contains("googleplay") }) {
            return true
        }
        return inputNames.contains { name in
            let normalized = name.lowercased().filter { $0 != "-" && $0 != "_" }
            return playInputs.contains(normalized) || normalized.contains("googleplay")
                || normalized.contains("playstore")
        }
    }
}
