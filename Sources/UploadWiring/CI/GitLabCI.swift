internal import Yams

extension CISystem {
    static let gitLab = CISystem(
        name: "GitLab CI",
        files: ".gitlab-ci.yml with its local include: files and local child pipelines (remote, project and template "
            + "includes named as unread)",
        locate: { existing([".gitlab-ci.yml"], in: $0) },
        read: { file, reading in GitLabCI.readPipeline(file, reading: &reading) },
        examples: [
            CISystemExample(
                files: [
                    ".gitlab-ci.yml": """
                    include:
                      - local: ci/release.yml
                      - remote: https://example.com/shared.yml
                    variables:
                      SUPPLY_TRACK: beta
                    default:
                      before_script:
                        - bundle install
                    """,
                    "ci/release.yml": """
                    .deploy:
                      script:
                        - cd android
                        - bundle exec fastlane supply --metadata_path fastlane/metadata/android
                    publish:
                      extends: .deploy
                      script:
                        - !reference [.deploy, script]
                        - cp fastlane/metadata/android/en-US/changelogs/5.txt app/src/main/play/release-notes/en-US/default.txt
                    """,
                ],
                commands: [
                    ".gitlab-ci.yml:8 bundle install",
                    "ci/release.yml:3 cd android",
                    "ci/release.yml:4 bundle exec fastlane supply --metadata_path fastlane/metadata/android [in android]",
                    "ci/release.yml:9 cp fastlane/metadata/android/en-US/changelogs/5.txt "
                        + "app/src/main/play/release-notes/en-US/default.txt [in android] [copy "
                        + "android/fastlane/metadata/android/en-US/changelogs/5.txt -> "
                        + "android/app/src/main/play/release-notes/en-US/default.txt]",
                ])
        ])
}

/// Reads a GitLab pipeline: the configuration with its local `include:` files (merged as GitLab merges them, the
/// including file's keys winning), every job that is not hidden (`.name`) with its `extends:` chain, `!reference`
/// tags and YAML anchors resolved, its `before_script`/`script`/`after_script` in one shell, and `variables:`.
enum GitLabCI {
    /// Top-level keys that are settings, not jobs.
    private static let globalKeywords: Set<String> = [
        "default", "include", "stages", "variables", "workflow", "image", "services", "cache", "before_script",
        "after_script", "types", "spec",
    ]

    /// A top-level entry and the file it comes from.
    private typealias Entry = (node: Node, file: String)

    static func readPipeline(_ file: String, reading: inout CIReading) {
        var entries = [String: Entry]()
        var order = [String]()
        load(file, into: &entries, order: &order, referencedBy: nil, reading: &reading)
        let globalVariables = entries["variables"].map { reading.variables($0.node, in: $0.file) } ?? [:]
        for name in order where !globalKeywords.contains(name) && !name.hasPrefix(".") {
            guard let job = entries[name], job.node.mapping != nil else { continue }
            readJob(name, job: job, entries: entries, globalVariables: globalVariables, reading: &reading)
        }
    }

    /// Reads `file` and its includes into `entries` (included first, so the including file's keys win).
    private static func load(
        _ file: String, into entries: inout [String: Entry], order: inout [String], referencedBy: Evidence?,
        reading: inout CIReading
    ) {
        guard let top = reading.yaml(of: file, what: "GitLab CI configuration", referencedBy: referencedBy) else {
            return
        }
        for include in includes(of: top.value("include")) {
            let evidence = Evidence(file: file, line: include.line, quote: "include: " + include.place)
            if let reason = include.unread {
                reading.unreadReference(include.place, what: "GitLab CI include", why: reason, at: evidence)
                continue
            }
            for path in localFiles(matching: include.place, in: reading.repository, at: evidence, reading: &reading)
            where reading.admitInclude(path, referencedBy: evidence) {
                load(path, into: &entries, order: &order, referencedBy: evidence, reading: &reading)
            }
        }
        for (key, value) in top.pairs where key != "include" {
            if entries[key] == nil { order.append(key) }
            entries[key] = (value, file)
        }
    }

    /// The entries of an `include:`: a path or URL, or mappings with `local:`, `remote:`, `project:`/`file:`,
    /// `template:` or `component:`.
    private static func includes(of node: Node?) -> [(place: String, line: Int, unread: UnreadWiring.Reason?)] {
        guard let node else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        return items.compactMap { item in
            if let text = item.text {
                let remote = text.hasPrefix("http://") || text.hasPrefix("https://")
                return (text, item.line, remote ? .remote("a remote include") : nil)
            }
            if let local = item.value("local")?.text { return (local, item.line, nil) }
            if let remote = item.value("remote")?.text { return (remote, item.line, .remote("a remote include")) }
            if let project = item.value("project")?.text {
                let files = item.value("file")?.scalarList.compactMap(\.text) ?? []
                return (project + ":" + files.joined(separator: ","), item.line, .remote("project \(project)"))
            }
            if let template = item.value("template")?.text {
                return (template, item.line, .remote("a GitLab template"))
            }
            if let component = item.value("component")?.text {
                return (component, item.line, .remote("a CI/CD component"))
            }
            return nil
        }
    }

    /// The repository files a local include names: a path (a leading `/` is the root), or a glob of `*`/`**`.
    private static func localFiles(
        matching place: String, in repository: any RepositoryFiles, at evidence: Evidence, reading: inout CIReading
    ) -> [String] {
        let path = ShellReader.normalized(place)
        if place.contains("$") {
            reading.unreadReference(place, what: "GitLab CI include", why: .builtAtRunTime, at: evidence)
            return []
        }
        guard path.contains("*") else {
            if repository.kind(of: path) != .file {
                reading.unreadReference(path, what: "GitLab CI include", why: .missing, at: evidence)
                return []
            }
            return [path]
        }
        let folder = path.split(separator: "/").prefix { !$0.contains("*") }.joined(separator: "/")
        let pattern = path.split(separator: "/").map(String.init)
        return repository.files(under: folder).filter {
            IncludeGlob.matches($0.split(separator: "/").map(String.init), pattern)
        }
    }

    private static func readJob(
        _ name: String, job: Entry, entries: [String: Entry], globalVariables: [String: String],
        reading: inout CIReading
    ) {
        let resolved = resolvedJob(job, entries: entries, depth: 0, maxDepth: reading.limits.maxExtendsDepth)
        let jobName = job.file + "#" + name
        var variables = globalVariables
        if let local = resolved["variables"] { variables.merge(reading.variables(local.node, in: local.file)) { $1 } }
        if let trigger = resolved["trigger"] {
            readChildPipeline(trigger, reading: &reading)
            return
        }
        let defaults = entries["default"]
        func section(_ key: String) -> Entry? {
            resolved[key]
                ?? defaults.flatMap { entry in entry.node.value(key).map { ($0, entry.file) } }
                ?? entries[key]
        }
        var state = ShellState(workingDirectory: "", environment: CIEnvironment(variables))
        for key in ["before_script", "script", "after_script"] {
            guard let entry = section(key) else { continue }
            for item in scriptItems(entry.node, entries: entries, depth: 0, maxDepth: reading.limits.maxExtendsDepth) {
                reading.shell(item, file: entry.file, job: jobName, state: &state)
            }
        }
    }

    /// A job's keys after its `extends:` chain (bases first, the job's own keys winning; `variables` merged).
    private static func resolvedJob(_ job: Entry, entries: [String: Entry], depth: Int, maxDepth: Int)
        -> [String: Entry]
    {
        var result = [String: Entry]()
        if depth < maxDepth, let extends = job.node.value("extends") {
            for base in extends.scalarList.compactMap(\.text) {
                guard let entry = entries[base] else { continue }
                for (key, value) in resolvedJob(entry, entries: entries, depth: depth + 1, maxDepth: maxDepth) {
                    result[key] = value
                }
            }
        }
        for (key, value) in job.node.pairs where key != "extends" { result[key] = (value, job.file) }
        return result
    }

    /// The script lines of a `script:` node: `!reference [job, key]` tags replaced by what they name.
    private static func scriptItems(_ node: Node, entries: [String: Entry], depth: Int, maxDepth: Int) -> [Node] {
        if node.tag.rawValue == "!reference", let path = node.sequence?.compactMap(\.text), let job = path.first,
            depth < maxDepth
        {
            guard var target = entries[job]?.node else { return [] }
            for key in path.dropFirst() {
                guard let next = target.value(key) else { return [] }
                target = next
            }
            return scriptItems(target, entries: entries, depth: depth + 1, maxDepth: maxDepth)
        }
        if node.scalar != nil { return [node] }
        return node.sequence?.flatMap { scriptItems($0, entries: entries, depth: depth, maxDepth: maxDepth) } ?? []
    }

    /// `trigger: {include: path}`: a child pipeline of the repository, read as a pipeline of its own.
    private static func readChildPipeline(_ trigger: Entry, reading: inout CIReading) {
        for include in includes(of: trigger.node.value("include")) {
            let evidence = Evidence(file: trigger.file, line: include.line, quote: "trigger include: " + include.place)
            if let reason = include.unread {
                reading.unreadReference(include.place, what: "GitLab child pipeline", why: reason, at: evidence)
                continue
            }
            let path = ShellReader.normalized(include.place)
            if reading.admitInclude(path, referencedBy: evidence) { readPipeline(path, reading: &reading) }
        }
    }
}

/// Globs of CI include paths (`ci/*.yml`, `ci/**/*.yml`): `*` within a name, `**` for any folders.
enum IncludeGlob {
    /// Whether the path's parts match the pattern's, without recursion per `**` (each `**` tried at every
    /// position once: quadratic at worst in the parts, which are few).
    static func matches(_ path: [String], _ pattern: [String]) -> Bool {
        // reachable[i]: the pattern's first parts so far can match the path's first i parts.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for part in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            for index in 0...path.count where reachable[index] {
                if part == "**" {
                    for later in index...path.count { next[later] = true }
                    break
                }
                if index < path.count, name(path[index], matches: part) { next[index + 1] = true }
            }
            reachable = next
        }
        return reachable[path.count]
    }

    /// `*` in a name pattern matches any run of characters (greedy with backtracking to the last star).
    static func name(_ name: String, matches pattern: String) -> Bool {
        let text = Array(name)
        let wanted = Array(pattern)
        var textIndex = 0
        var patternIndex = 0
        var star: (pattern: Int, text: Int)?
        while textIndex < text.count {
            if patternIndex < wanted.count, wanted[patternIndex] == "*" {
                star = (patternIndex, textIndex)
                patternIndex += 1
            } else if patternIndex < wanted.count, wanted[patternIndex] == text[textIndex] {
                patternIndex += 1
                textIndex += 1
            } else if let last = star {
                patternIndex = last.pattern + 1
                textIndex = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while patternIndex < wanted.count, wanted[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == wanted.count
    }
}
