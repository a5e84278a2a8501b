internal import Yams

extension CISystem {
    static let circleCI = CISystem(
        name: "CircleCI",
        files: ".circleci/config.yml, or circle.yml at the root (CircleCI 1.0)",
        locate: { existing([".circleci/config.yml", ".circleci/config.yaml", "circle.yml"], in: $0) },
        read: { file, reading in CircleCI.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".circleci/config.yml": """
                    version: 2.1
                    commands:
                      upload:
                        parameters:
                          track: {type: string, default: internal}
                        steps:
                          - run:
                              name: Supply
                              command: bundle exec fastlane supply --track << parameters.track >>
                              working_directory: android
                    jobs:
                      deploy:
                        working_directory: ~/project
                        environment:
                          SUPPLY_PACKAGE_NAME: org.example.app
                        steps:
                          - checkout
                          - run: ./scripts/notes.sh
                          - upload:
                              track: beta
                          - gcp-cli/setup:
                              version: "1"
                    """
                ],
                commands: [
                    ".circleci/config.yml:18 ./scripts/notes.sh",
                    ".circleci/config.yml:9 bundle exec fastlane supply --track beta [in android]",
                    ".circleci/config.yml:21 gcp-cli/setup [version=1]",
                ]),
            CISystemExample(
                files: [
                    "circle.yml": """
                    deployment:
                      production:
                        branch: master
                        commands:
                          - ./gradlew publishReleaseBundle
                    """
                ],
                commands: ["circle.yml:5 ./gradlew publishReleaseBundle"]),
        ])
}

/// Reads CircleCI: 2.x jobs' steps (`run:` as a command or with `command:`/`working_directory:`/`environment:`,
/// the configuration's own `commands:` expanded in place, orb commands as actions with their parameters, `when`/
/// `unless` steps) in the job's working directory (the checkout), and 1.0's `circle.yml` sections.
enum CircleCI {
    /// Steps that only fetch or save things.
    private static let builtInSteps: Set<String> = [
        "checkout", "setup_remote_docker", "save_cache", "restore_cache", "store_artifacts", "store_test_results",
        "persist_to_workspace", "attach_workspace", "add_ssh_keys",
    ]

    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "CircleCI configuration") else { return }
        if top.value("jobs") == nil {
            readVersion1(top, file: file, reading: &reading)
            return
        }
        let commands = Dictionary(top.value("commands")?.pairs ?? [], uniquingKeysWith: { first, _ in first })
        for (name, job) in top.value("jobs")?.pairs ?? [] {
            let environment = CIEnvironment(reading.variables(job.value("environment"), in: file))
            readSteps(
                job.value("steps")?.sequence.map(Array.init) ?? [], commands: commands, file: file,
                job: file + "#" + name, jobFolder: job.value("working_directory")?.text, environment: environment,
                parameters: Self.defaults(of: job), depth: 0, reading: &reading)
        }
    }

    private static func readSteps(
        _ steps: [Node], commands: [String: Node], file: String, job: String, jobFolder: String?,
        environment: CIEnvironment, parameters: [String: String], depth: Int, reading: inout CIReading
    ) {
        guard depth <= reading.limits.maxChainDepth else { return }
        for step in steps {
            let (name, settings): (String, Node?) =
                step.text.map { ($0, nil) } ?? step.pairs.first.map { ($0.key, $0.value) } ?? ("", nil)
            if name == "run", let settings {
                let command = settings.text.map { _ in settings } ?? settings.value("command")
                guard let command else { continue }
                let folder = folder(settings.value("working_directory")?.text, jobFolder: jobFolder)
                var state = ShellState(
                    workingDirectory: folder,
                    environment: environment.adding(reading.variables(settings.value("environment"), in: file)))
                reading.shell(command, file: file, job: job, state: &state) {
                    substituted($0, parameters: parameters)
                }
            } else if name == "when" || name == "unless", let settings {
                readSteps(
                    settings.value("steps")?.sequence.map(Array.init) ?? [], commands: commands, file: file,
                    job: job, jobFolder: jobFolder, environment: environment, parameters: parameters,
                    depth: depth + 1, reading: &reading)
            } else if let command = commands[name] {
                // The command's parameters: what the step passes, else their defaults.
                var values = Self.defaults(of: command)
                values.merge(settings?.variables ?? [:]) { $1 }
                readSteps(
                    command.value("steps")?.sequence.map(Array.init) ?? [], commands: commands, file: file, job: job,
                    jobFolder: jobFolder, environment: environment, parameters: values, depth: depth + 1,
                    reading: &reading)
            } else if !builtInSteps.contains(name), !name.isEmpty {
                reading.action(
                    name, inputs: settings?.variables ?? [:],
                    evidence: Evidence(file: file, line: step.line, quote: name),
                    job: job, environment: environment)
            }
        }
    }

    /// The `default:` of each parameter a job or command declares.
    private static func defaults(of node: Node) -> [String: String] {
        var values = [String: String]()
        for (name, declaration) in node.value("parameters")?.pairs ?? [] {
            if let value = declaration.value("default")?.text { values[name] = value }
        }
        return values
    }

    /// `<< parameters.name >>` replaced by the parameter's value (`*` when the workflow passes it), and
    /// `<< pipeline.… >>` by `*`: CircleCI substitutes them before the shell runs.
    static func substituted(_ command: String, parameters: [String: String]) -> String {
        guard command.contains("<<") else { return command }
        var out = ""
        var rest = Substring(command)
        while let open = rest.firstRange(of: "<<") {
            guard let close = rest[open.upperBound...].firstRange(of: ">>") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimming(" ")
            guard name.hasPrefix("parameters.") || name.hasPrefix("pipeline.") else {
                out += rest[..<close.upperBound]
                rest = rest[close.upperBound...]
                continue
            }
            out += rest[..<open.lowerBound]
            out += name.hasPrefix("parameters.") ? parameters[String(name.dropFirst(11))] ?? "*" : "*"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// A run step's folder: the job's `working_directory` is where `checkout` puts the repository, so it is the
    /// root; a step's own is relative to it (or names a folder inside it).
    private static func folder(_ path: String?, jobFolder: String?) -> String? {
        guard let path else { return "" }
        if let jobFolder, path == jobFolder || path.hasPrefix(jobFolder + "/") {
            return ShellReader.folder(String(path.dropFirst(jobFolder.count)).trimming("/"))
        }
        return path.hasPrefix("~") || path.hasPrefix("/") ? nil : ShellReader.folder(path)
    }

    /// `circle.yml`: the commands of `dependencies`, `compile`, `test` (`pre`/`override`/`post`) and each
    /// `deployment` entry's `commands`.
    private static func readVersion1(_ top: Node, file: String, reading: inout CIReading) {
        let environment = CIEnvironment(reading.variables(top.value("machine")?.value("environment"), in: file))
        for section in ["machine", "checkout", "dependencies", "compile", "test"] {
            var state = ShellState(workingDirectory: "", environment: environment)
            for phase in ["pre", "override", "post"] {
                for item in top.value(section)?.value(phase)?.scalarList ?? [] {
                    reading.shell(item, file: file, job: file + "#" + section, state: &state)
                }
            }
        }
        for (name, deployment) in top.value("deployment")?.pairs ?? [] {
            var state = ShellState(workingDirectory: "", environment: environment)
            for item in deployment.value("commands")?.scalarList ?? [] {
                reading.shell(item, file: file, job: file + "#deployment." + name, state: &state)
            }
        }
    }
}
