/// The file changes a shell command makes (`cp`, `mv`, `rm`, `rmdir`, `git rm`, `rsync`, `install`, `find …
/// -delete`/`-exec rm`, `ls dir | grep -v x | xargs rm`, `> file` redirections), from its expanded words.
enum FileOperations {
    /// An expanded path word relative to the repository, seen from `folder`; as written (the root mark dropped)
    /// where the folder is unknown.
    static func path(_ word: String, in folder: String?) -> String {
        ShellReader.resolve(word, in: folder) ?? String(word.drop { $0 == ShellReader.rootMark })
    }

    /// The operations of a command: `stages` are the expanded words of each pipeline stage (assignments in front
    /// removed), `redirects` its redirections, `folder` the folder it runs in.
    static func of(stages: [[String]], redirects: [(op: String, target: String)], folder: String?) -> [FileOperation] {
        let path = { (word: String) in Self.path(word, in: folder) }
        var result = [FileOperation]()
        if let words = stages.first, let first = words.first {
            if let operation = operation(first: first, words: Array(words.dropFirst()), path: path) {
                result.append(operation)
            } else if stages.count > 1, let operation = listedDeletion(stages, path: path) {
                result.append(operation)
            }
        }
        for (op, target) in redirects where op == ">" || op == ">>" || op == ">|" || op == "1>" || op == "1>>" {
            guard !target.hasPrefix("/dev/") else { continue }
            // `cat a > b` copies a; anything else writes b.
            if let words = stages.first, stages.count == 1, words.first == "cat", words.count == 2 {
                result.append(FileOperation(kind: .copy, sources: [path(words[1])], target: path(target)))
            } else {
                result.append(FileOperation(kind: .write, sources: [], target: path(target)))
            }
        }
        if let last = stages.last, stages.count > 1, last.first == "tee" {
            for target in last.dropFirst() where !target.hasPrefix("-") && !target.hasPrefix("/dev/") {
                result.append(FileOperation(kind: .write, sources: [], target: path(target)))
            }
        }
        return result
    }

    /// Options of `cp`, `mv`, `rsync` and `install` that take a value.
    private static let valueOptions: Set<String> = ["-t", "--target-directory", "-m", "--mode", "-o", "-g", "-S", "-e"]

    private static func operation(first: String, words: [String], path: (String) -> String) -> FileOperation? {
        var words = words
        var command = first
        if command == "git", words.first == "rm" || words.first == "mv" {
            command = words.removeFirst()
        }
        switch command {
        case "cp", "mv", "rsync", "install":
            if command == "install", words.contains("-d") || words.contains("--directory") { return nil }
            var target: String?
            var operands = [String]()
            var index = 0
            var optionsEnded = false
            while index < words.count {
                let word = words[index]
                if !optionsEnded, word == "--" {
                    optionsEnded = true
                } else if !optionsEnded, word == "-t" || word == "--target-directory", index + 1 < words.count {
                    target = words[index + 1]
                    index += 1
                } else if !optionsEnded, word.hasPrefix("--target-directory=") {
                    target = String(word.dropFirst("--target-directory=".count))
                } else if !optionsEnded, valueOptions.contains(word) {
                    index += 1
                } else if optionsEnded || !word.hasPrefix("-") {
                    operands.append(word)
                }
                index += 1
            }
            if target == nil, operands.count >= 2 { target = operands.removeLast() }
            guard let target, !operands.isEmpty else { return nil }
            return FileOperation(
                kind: command == "mv" ? .move : .copy, sources: operands.map(path), target: path(target))
        case "rm", "rmdir", "unlink":
            let operands = words.filter { !$0.hasPrefix("-") }
            return operands.isEmpty ? nil : FileOperation(kind: .delete, sources: operands.map(path))
        case "find":
            return findOperation(words, path: path)
        default:
            return nil
        }
    }

    /// `find ROOT … -delete`, `-exec rm … {} +`, `-exec cp|mv {} TARGET \;`: the paths it matches as a pattern,
    /// the names `! -name`/`-not -name` spare.
    private static func findOperation(_ words: [String], path: (String) -> String) -> FileOperation? {
        let roots = words.prefix { !$0.hasPrefix("-") && $0 != "!" && $0 != "(" }
        var name: String?
        var sparing = [String]()
        var maxDepth: Int?
        var kind: FileOperation.Kind?
        var target: String?
        var index = roots.count
        var negated = false
        while index < words.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "!", "-not":
                negated = true
                index += 1
                continue
            case "-name", "-iname":
                if let next {
                    if negated { sparing.append(next) } else { name = next }
                }
                index += 1
            case "-maxdepth":
                maxDepth = next.flatMap { Int($0) }
                index += 1
            case "-delete":
                kind = .delete
            case "-exec", "-execdir":
                let body = words[(index + 1)...].prefix { $0 != ";" && $0 != "+" }
                switch body.first {
                case "rm", "rmdir": kind = .delete
                case "cp", "mv":
                    kind = body.first == "mv" ? .move : .copy
                    target = body.last.flatMap { $0 == "{}" ? nil : $0 }
                default: break
                }
                index += body.count + 1
            default:
                break
            }
            negated = false
            index += 1
        }
        guard let kind, kind == .delete || target != nil else { return nil }
        let pattern = (maxDepth == 1 ? "/" : "/**/") + (name ?? "*")
        let sources = (roots.isEmpty ? ["."] : Array(roots)).map { path($0) + pattern }
        return FileOperation(kind: kind, sources: sources, target: target.map(path), sparing: sparing)
    }

    /// `ls DIR | grep -v NAME | xargs rm -rf` (or `find DIR … | … | xargs rm`): DIR's entries deleted, NAME spared.
    private static func listedDeletion(_ stages: [[String]], path: (String) -> String) -> FileOperation? {
        guard let last = stages.last, last.first == "xargs",
            last.dropFirst().first(where: { !$0.hasPrefix("-") })
                == "rm", let lister = stages.first, lister.first == "ls" || lister.first == "find"
        else { return nil }
        let folder = lister.dropFirst().first { !$0.hasPrefix("-") } ?? "."
        var sparing = [String]()
        for stage in stages.dropFirst().dropLast() where stage.first == "grep" && stage.contains("-v") {
            if let pattern = stage.dropFirst().last(where: { !$0.hasPrefix("-") }) { sparing.append(pattern) }
        }
        return FileOperation(kind: .delete, sources: [path(folder) + "/*"], sparing: sparing)
    }
}
