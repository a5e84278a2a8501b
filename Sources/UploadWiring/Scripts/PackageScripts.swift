/// The `scripts` of a `package.json` that `npm run x`, `yarn x` or `pnpm x` runs: the script's command line (with
/// `prex` before and `postx` after it, as npm runs them), in the package's folder. Read with a small JSON string
/// scanner: only the `scripts` object's string values are needed.
enum PackageScripts {
    /// The commands of script `name`, `nil` when the `package.json` has no such script.
    static func commands(named name: String, in text: String, file: String, folder: String?, prototype: CICommand)
        -> [CICommand]?
    {
        let scripts = Self.scripts(in: text)
        guard let script = scripts.first(where: { $0.name == name }) else { return nil }
        var state = ShellState(workingDirectory: folder, environment: prototype.environment)
        var result = [CICommand]()
        for entry in [scripts.first { $0.name == "pre" + name }, script, scripts.first { $0.name == "post" + name }] {
            guard let entry else { continue }
            result += ShellReader.commands(
                in: entry.command, firstLine: entry.line, file: file, prototype: prototype, state: &state)
        }
        return result
    }

    /// The `"name": "command"` pairs of the top-level `scripts` object, with their lines.
    static func scripts(in text: String) -> [(name: String, command: String, line: Int)] {
        let characters = Array(text)
        var index = 0
        var line = 1
        var depth = 0
        var inScripts = false
        var scriptsDepth = 0
        var pendingKey: (String, Int)?
        var lastString: (String, Int)?
        var found = [(name: String, command: String, line: Int)]()
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\n":
                line += 1
            case "\"":
                let (value, end) = string(characters, from: index)
                lastString = (value, line)
                index = end
                continue
            case ":":
                pendingKey = lastString
                lastString = nil
                // `"scripts": {` at the top level.
                if depth == 1, pendingKey?.0 == "scripts" {
                    inScripts = true
                    scriptsDepth = 2
                }
            case ",", "}":
                if inScripts, depth == scriptsDepth, let key = pendingKey, let value = lastString {
                    found.append((key.0, value.0, key.1))
                }
                pendingKey = nil
                lastString = nil
                if character == "}" {
                    if inScripts, depth == scriptsDepth { inScripts = false }
                    depth -= 1
                }
            case "{", "[":
                depth += 1
                lastString = nil
            case "]":
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// A JSON string starting at `start` (its quote): the value with escapes undone and the index after it.
    private static func string(_ characters: [Character], from start: Int) -> (String, Int) {
        var value = ""
        var index = start + 1
        while index < characters.count, characters[index] != "\"" {
            if characters[index] == "\\", index + 1 < characters.count {
                let escaped = characters[index + 1]
                value.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
                index += 2
                continue
            }
            value.append(characters[index])
            index += 1
        }
        return (value, index + 1)
    }
}
