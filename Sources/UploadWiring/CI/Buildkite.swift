internal import Yams

extension CISystem {
    static let buildkite = CISystem(
        name: "Buildkite",
        files: ".buildkite/*.yml (any depth), pipeline.yml and buildkite.yml at the root",
        locate: { repository in
            files(under: ".buildkite", endingIn: [".yml", ".yaml"], in: repository)
                + existing(["pipeline.yml", "pipeline.yaml", "buildkite.yml", "buildkite.yaml"], in: repository)
        },
        read: { file, reading in Buildkite.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".buildkite/release-builds.yml": """
                    env:
                      SUPPLY_TRACK: internal
                    steps:
                      - wait
                      - label: "Release build"
                        command: .buildkite/commands/release-build.sh "${RELEASE_VERSION}"
                      - group: Uploads
                        steps:
                          - commands:
                              - cd android
                              - bundle exec fastlane deploy
                    """
                ],
                commands: [
                    ".buildkite/release-builds.yml:6 .buildkite/commands/release-build.sh \"${RELEASE_VERSION}\"",
                    ".buildkite/release-builds.yml:10 cd android",
                    ".buildkite/release-builds.yml:11 bundle exec fastlane deploy [in android]",
                ])
        ])
}

/// Reads a Buildkite pipeline: each step's `command:`/`commands:` (one shell per step), in `group:`s too, with the
/// pipeline's and the step's `env:`; plugins as actions with their settings.
enum Buildkite {
    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "Buildkite pipeline") else { return }
        let environment = CIEnvironment(reading.variables(top.value("env"), in: file))
        let steps = top.sequence.map(Array.init) ?? top.value("steps")?.sequence.map(Array.init) ?? []
        readSteps(steps, file: file, environment: environment, reading: &reading)
    }

    private static func readSteps(_ steps: [Node], file: String, environment: CIEnvironment, reading: inout CIReading) {
        for (index, step) in steps.enumerated() where step.mapping != nil {
            if let group = step.value("steps")?.sequence {
                readSteps(Array(group), file: file, environment: environment, reading: &reading)
                continue
            }
            let name = step.value("key")?.text ?? step.value("label")?.text ?? "step \(index + 1)"
            let job = file + "#" + name
            let stepEnvironment = environment.adding(reading.variables(step.value("env"), in: file))
            for plugin in step.value("plugins")?.sequence ?? [] {
                for (pluginName, settings) in plugin.pairs {
                    reading.action(
                        pluginName, inputs: settings.variables,
                        evidence: Evidence(file: file, line: plugin.line, quote: pluginName), job: job,
                        environment: stepEnvironment)
                }
            }
            var state = ShellState(workingDirectory: "", environment: stepEnvironment)
            for key in ["command", "commands"] {
                for item in step.value(key)?.scalarList ?? [] {
                    reading.shell(item, file: file, job: job, state: &state)
                }
            }
        }
    }
}
