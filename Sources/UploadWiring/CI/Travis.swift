internal import Yams

extension CISystem {
    static let travis = CISystem(
        name: "Travis CI",
        files: ".travis.yml",
        locate: { existing([".travis.yml"], in: $0) },
        read: { file, reading in Travis.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".travis.yml": """
                    env:
                      global:
                        - SUPPLY_TRACK=beta
                    script: ./gradlew assembleRelease
                    after_success:
                      - ./scripts/deploy.sh
                    deploy:
                      - provider: script
                        script: bundle exec fastlane supply
                        on:
                          tags: true
                      - provider: releases
                        file: app.apk
                    """
                ],
                commands: [
                    ".travis.yml:4 ./gradlew assembleRelease",
                    ".travis.yml:6 ./scripts/deploy.sh",
                    ".travis.yml:9 bundle exec fastlane supply",
                    ".travis.yml:12 releases [file=app.apk, provider=releases]",
                ])
        ])
}

/// Reads `.travis.yml`: the phases a build runs in one shell (`before_install` … `script`, `after_success`,
/// `before_deploy`, `deploy` with `provider: script`, `after_deploy`), other deploy providers as actions with their
/// settings, `env.global` (or a plain `env:` list), and each `jobs.include`/`matrix.include` entry as a job of its
/// own that keeps the top level's phases it does not set.
enum Travis {
    private static let phases = [
        "before_install", "install", "before_script", "script", "after_success", "after_script", "before_deploy",
        "deploy", "after_deploy",
    ]

    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "Travis CI configuration") else { return }
        let environmentNode = top.value("env")
        let environment = CIEnvironment(
            reading.variables(
                environmentNode?.mapping != nil ? environmentNode?.value("global") : environmentNode, in: file))
        readJob(top, inheriting: nil, file: file, job: file, environment: environment, reading: &reading)
        let includes = top.value("jobs")?.value("include") ?? top.value("matrix")?.value("include")
        for (index, include) in (includes?.sequence ?? []).enumerated() {
            let name = include.value("name")?.text ?? include.value("stage")?.text ?? "include \(index + 1)"
            readJob(
                include, inheriting: top, file: file, job: file + "#" + name,
                environment: environment.adding(reading.variables(include.value("env"), in: file)), reading: &reading)
        }
    }

    /// A job's phases: its own, else (for an `include` entry) the top level's, except `deploy`, which is its own.
    private static func readJob(
        _ node: Node, inheriting top: Node?, file: String, job: String, environment: CIEnvironment,
        reading: inout CIReading
    ) {
        var state = ShellState(workingDirectory: "", environment: environment)
        for phase in phases {
            guard let value = node.value(phase) ?? (phase == "deploy" ? nil : top?.value(phase)) else { continue }
            if phase != "deploy" {
                for item in value.scalarList { reading.shell(item, file: file, job: job, state: &state) }
                continue
            }
            for provider in value.sequence.map(Array.init) ?? [value] {
                if provider.value("provider")?.text == "script", let script = provider.value("script") {
                    for item in script.scalarList { reading.shell(item, file: file, job: job, state: &state) }
                } else if let name = provider.value("provider")?.text {
                    reading.action(
                        name, inputs: provider.variables,
                        evidence: Evidence(file: file, line: provider.line, quote: "provider: " + name), job: job,
                        environment: state.environment)
                }
            }
        }
    }
}
