internal import Yams

extension CISystem {
    static let woodpecker = CISystem(
        name: "Woodpecker",
        files: ".woodpecker.yml or .woodpecker/*.yml",
        locate: { repository in
            existing([".woodpecker.yml", ".woodpecker.yaml"], in: repository)
                + files(under: ".woodpecker", endingIn: [".yml", ".yaml"], in: repository)
        },
        read: { file, reading in Woodpecker.read(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".woodpecker/release.yml": """
                    steps:
                      - name: notes
                        image: alpine
                        commands:
                          - rm -rf fastlane/metadata/android/de-DE
                      - name: upload
                        image: ruby
                        environment:
                          SUPPLY_TRACK: beta
                        commands: bundle exec fastlane supply
                      - name: notify
                        image: plugins/webhook
                        settings:
                          urls: https://example.com
                    """
                ],
                commands: [
                    ".woodpecker/release.yml:5 rm -rf fastlane/metadata/android/de-DE [delete "
                        + "fastlane/metadata/android/de-DE]",
                    ".woodpecker/release.yml:10 bundle exec fastlane supply",
                    ".woodpecker/release.yml:11 plugins/webhook [urls=https://example.com]",
                ])
        ])
}

/// Reads a Woodpecker pipeline: its `steps:` (or the older `pipeline:`), as a list or a mapping of named steps,
/// each step's `commands:` with its `environment:`, and plugin steps (an `image:` with `settings:`) as actions. The
/// steps of one file share the workspace, so they are one job.
enum Woodpecker {
    static func read(_ file: String, reading: inout CIReading) {
        guard let top = reading.yaml(of: file, what: "Woodpecker pipeline") else { return }
        guard let steps = top.value("steps") ?? top.value("pipeline") else { return }
        let named: [(name: String?, step: Node)] =
            steps.sequence.map { $0.map { (nil, $0) } } ?? steps.pairs.map { ($0.key, $0.value) }
        for (_, step) in named {
            let environment = CIEnvironment(reading.variables(step.value("environment"), in: file))
            let folder = step.value("directory")?.text.map { ShellReader.folder($0) } ?? ""
            if let commands = step.value("commands") ?? step.value("entrypoint") {
                var state = ShellState(workingDirectory: folder, environment: environment)
                for command in commands.scalarList {
                    reading.shell(command, file: file, job: file, state: &state)
                }
            } else if let image = step.value("image"), let name = image.text, let settings = step.value("settings") {
                reading.action(
                    name, inputs: settings.variables, evidence: Evidence(file: file, line: step.line, quote: name),
                    job: file, environment: environment, workingDirectory: folder)
            }
        }
    }
}
