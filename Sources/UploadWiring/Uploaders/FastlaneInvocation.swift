/// One `fastlane …` command line: `[bundle exec] fastlane [android] deploy key:value`, `fastlane supply
/// --metadata_path x`, `fastlane run upload_to_play_store metadata_path:x`.
struct FastlaneInvocation: Sendable {
    var platform: String?
    /// The lane, the tool (`supply`) or, after `run`, the action.
    var name: String
    /// `fastlane run <action>`.
    var runsAction: Bool
    var arguments: [String]
    var command: CICommand
    /// The folder it runs in, relative to the repository (`nil`: not known).
    var folder: String?

    /// fastlane's own commands that run no lane.
    private static let commands: Set<String> = [
        "init", "install_plugins", "update_plugins", "env", "lanes", "list", "action", "actions", "docs",
        "new_action", "add_plugin", "search_plugins", "enable_auto_complete", "update_fastlane", "trigger",
    ]

    /// Every lane a command may run: one, or each quoted name of a GitHub expression that picks the lane
    /// (`fastlane ${{ startsWith(github.ref, 'refs/tags/') && 'publish' || 'internal' }}`).
    static func all(in command: CICommand) -> [FastlaneInvocation] {
        if let run = FastlaneInvocation(command) { return [run] }
        guard let start = command.text.range(of: "fastlane ${{"),
            let end = command.text[start.upperBound...].range(of: "}}")
        else { return [] }
        let expression = command.text[start.upperBound..<end.lowerBound]
        let quoted = expression.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return quoted.filter { $0.first?.isLetter == true && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
            .compactMap { lane in
                var chosen = command
                chosen.text.replaceSubrange(start.lowerBound..<end.upperBound, with: "fastlane " + lane)
                return FastlaneInvocation(chosen)
            }
    }

    /// Commands that only print, search or look up what follows them (`echo "… fastlane supply exited 0 …"`).
    private static let mentioners: Set<String> = [
        "echo", "printf", "print", "grep", "egrep", "fgrep", "rg", "which", "type", "cat", "logger", "read",
    ]

    init?(_ command: CICommand) {
        let words = command.words
        guard let first = words.first, !Self.mentioners.contains(first),
            let index = words.firstIndex(where: { $0 == "fastlane" || $0.hasSuffix("/fastlane") }),
            index == 0 || !["cd", "install", "-C", "pushd", "gem", "brew", "cache"].contains(words[index - 1])
        else { return nil }
        var rest = Array(words[(index + 1)...])
        if let first = rest.first, ["android", "ios", "mac"].contains(first) {
            platform = first
            rest.removeFirst()
        }
        runsAction = rest.first == "run"
        if runsAction { rest.removeFirst() }
        guard let name = rest.first, name.first?.isLetter == true,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !Self.commands.contains(name)
        else { return nil }
        self.name = name
        arguments = Array(rest.dropFirst())
        self.command = command
        folder = command.workingDirectory
    }

    /// supply itself, as a tool or an action, rather than a lane.
    var runsSupply: Bool { name == "supply" || (runsAction && name == "upload_to_play_store") }

    /// `--name value`, `--name=value`, `name:value` (fastlane's `key:value` for lanes and `run`), `-x value` for
    /// the short form; `""` for a bare flag.
    func option(_ name: String, short: String? = nil) -> String? {
        for (index, word) in arguments.enumerated() {
            if word == "--" + name || (short.map { word == "-" + $0 } ?? false) {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                return next.map { $0.hasPrefix("-") || $0.contains(":") && !$0.contains("/") ? "" : $0 } ?? ""
            }
            for prefix in ["--\(name)=", "\(name):"] where word.hasPrefix(prefix) {
                return String(word.dropFirst(prefix.count)).trimming("\"'")
            }
        }
        return nil
    }

    /// A lane option (`name:value`) as the shell passes it, variables and script arguments replaced
    /// (`app:"${APP_TO_BUILD}"` in a script the step runs as `release-build.sh WooCommerce-Wear`); `nil` when the
    /// line does not pass it or its value is only known at run time.
    func laneOption(_ name: String) -> String? {
        let words = command.expandedWords.isEmpty ? arguments : command.expandedWords
        guard let word = words.last(where: { $0.hasPrefix(name + ":") }) else { return nil }
        let value = String(word.dropFirst(name.count + 1)).trimming("\"'")
        guard !value.isEmpty, !value.contains("*"), !value.contains("$"), !value.contains(ShellReader.rootMark)
        else { return nil }
        return value
    }

    /// An option from the line, else its `SUPPLY_*` variable in the step's environment.
    func supplyOption(_ name: String, short: String? = nil) -> String? {
        option(name, short: short) ?? command.environment["SUPPLY_" + name.uppercased()]
    }
}
