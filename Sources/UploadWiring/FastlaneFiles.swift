import AndroidBuild
import PlayListingKit

/// What one fastlane folder says about Play uploads: its Fastfile and the files it `import`s (each read once,
/// within limits), their lanes with the platform block each is in and the lanes each runs, the supply calls
/// (`upload_to_play_store`/`supply`) with their options, the `gradle` calls, the Appfile's package name and key,
/// the Gemfile that brings fastlane and the version the Fastfile pins. Read as text, never run.
public struct FastlaneFiles: Sendable {
    /// The bounds of what is read, each named: a real Fastfile is a few kilobytes and imports a handful of files.
    public enum Limits {
        /// Bytes of one Fastfile, imported file, Appfile or Gemfile.
        public static let fileBytes = 1 << 20
        /// Files read through `import` (after the Fastfile itself).
        public static let importedFiles = 64
        /// Lanes followed back from one upload to the lanes a person runs, and forward from those to their
        /// builds: real chains are a few lanes long.
        public static let lanesFollowed = 1_000
    }

    /// One lane, from any file read.
    struct Lane: Sendable, Hashable {
        var name: String
        var platform: String?
        var isPrivate: Bool
        /// Its file (relative to the project) and line.
        var evidence: Evidence
        /// The lanes its body runs (indices into `lanes`).
        var runs: [Int]
        /// Its locals that hold a lane option, by the option's key: `app = options[:app]`, and the Ruby idiom
        /// `app = get_app_param!(options)` (a helper handed the options, read as the option of the local's name).
        var optionLocals: [String: String] = [:]
    }

    /// One `upload_to_play_store`/`supply` call.
    struct Upload: Sendable, Hashable {
        var arguments: [String: RubyValue]
        /// The lane it is written in (an index into `lanes`; `nil` outside every lane).
        var lane: Int?
        var evidence: Evidence
    }

    /// One `gradle`/`build_android_app` call: the tasks it runs when they are written out.
    struct Build: Sendable, Hashable {
        /// `task` (or each of `tasks`) with `flavor` and `build_type` joined as fastlane joins them; `nil` when a
        /// part is only known at run time.
        var tasks: [String]?
        var lane: Int?
        var evidence: Evidence
    }

    /// A call in a lane that changes the versionCode Play receives: `increment_version_code`,
    /// `android_set_version_code`, or a `gradle` call passing a versionCode property.
    struct VersionCodeStep: Sendable, Hashable {
        var change: VersionCodeChange
        var lane: Int?
        var evidence: Evidence
    }

    /// One `sh` call whose command is written out: the files it copies, moves or deletes (paths relative to the
    /// project: fastlane runs `sh` in its `fastlane/` folder).
    struct ShellCall: Sendable, Hashable {
        var operations: [FileOperation]
        var lane: Int?
        var evidence: Evidence
    }

    /// The folder fastlane runs in (the one holding `fastlane/`), relative to the project; `""` for the root.
    public let runFolder: String
    /// The Fastfile's path relative to the project, and whether it exists.
    public let fastfile: String
    public private(set) var hasFastfile = false
    var lanes: [Lane] = []
    /// For each lane, the lanes that run it.
    private var callers: [[Int]] = []
    var uploads: [Upload] = []
    var builds: [Build] = []
    var versionCodeSteps: [VersionCodeStep] = []
    var shellCalls: [ShellCall] = []
    /// The string and hash constants of every file read.
    var constants = RubyConstants()
    /// The files read, relative to the project: the Fastfile first, then what it imports.
    public private(set) var files: [String] = []
    /// Imports from other repositories, missing or oversized files: what was not read.
    public private(set) var unread: [UnreadWiring] = []
    /// The Appfile's `package_name` and `json_key_file`.
    var packageName: (value: String, evidence: Evidence)?
    var jsonKeyFile: (value: RubyValue, evidence: Evidence)?
    /// `fastlane_version`/`min_fastlane_version` of the Fastfile.
    var versionPin: (version: String, evidence: Evidence)?
    /// The Gemfile (or Gemfile.lock) line that brings fastlane, in the run folder or the project root.
    var gemfileLine: Evidence?

    /// Reads the fastlane folder of `runFolder` (project-relative) from `repository`.
    public init(runFolder: String, repository: ProjectFiles) {
        self.runFolder = runFolder
        let folder = runFolder.isEmpty ? "fastlane" : runFolder + "/fastlane"
        fastfile = folder + "/Fastfile"
        var parsed = [(file: String, fastfile: Fastfile)]()
        var queue = [(file: fastfile, from: Evidence?.none)]
        var seen: Set<String> = [fastfile]
        while !queue.isEmpty {
            let (file, from) = queue.removeFirst()
            switch repository.text(file) {
            case .success(let text):
                if from == nil { hasFastfile = true }
                files.append(file)
                let fastfile = Fastfile(text)
                parsed.append((file, fastfile))
                for call in fastfile.calls where call.call.name == "import" || call.call.name == "import_from_git" {
                    let evidence = Evidence(file: file, line: call.line, quote: call.quote)
                    guard call.call.name == "import" else {
                        let url = call.call.arguments["url"]?.literal ?? call.quote
                        unread.append(
                            UnreadWiring(
                                file: url, what: "Fastfile import_from_git",
                                why: .remote("another repository's lanes"), referencedBy: evidence))
                        continue
                    }
                    guard let path = call.call.firstArgument?.literal else {
                        unread.append(
                            UnreadWiring(
                                file: call.call.firstArgument?.text ?? call.quote, what: "Fastfile import",
                                why: .builtAtRunTime, referencedBy: evidence))
                        continue
                    }
                    let folderOfFile = String(file.split(separator: "/").dropLast().joined(separator: "/"))
                    guard let target = ProjectFiles.joined(folderOfFile, path) else {
                        unread.append(
                            UnreadWiring(
                                file: path, what: "Fastfile import", why: .remote("outside the project folder"),
                                referencedBy: evidence))
                        continue
                    }
                    guard !seen.contains(target) else { continue }
                    guard seen.count <= Limits.importedFiles else {
                        unread.append(
                            UnreadWiring(
                                file: target, what: "Fastfile import",
                                why: .limit(name: "FastlaneFiles.Limits.importedFiles", value: Limits.importedFiles),
                                referencedBy: evidence))
                        continue
                    }
                    seen.insert(target)
                    queue.append((target, evidence))
                }
            case .failure(.missing) where from == nil:
                break
            case .failure(let reason):
                unread.append(
                    UnreadWiring(
                        file: file, what: from == nil ? "Fastfile" : "Fastfile import", why: reason,
                        referencedBy: from))
            }
        }
        readLanes(parsed)
        callers = Array(repeating: [], count: lanes.count)
        for (index, lane) in lanes.enumerated() {
            for callee in lane.runs { callers[callee].append(index) }
        }
        readAppfile(folder + "/Appfile", repository: repository)
        for gemfile in [runFolder, ""].map({ $0.isEmpty ? "Gemfile" : $0 + "/Gemfile" }) where gemfileLine == nil {
            gemfileLine =
                Self.fastlaneGem(in: gemfile, repository: repository)
                ?? Self.fastlaneGem(in: gemfile + ".lock", repository: repository)
        }
    }

    /// The lanes of every file, then the lanes each runs (by name, on its platform or none), the uploads and
    /// builds with their lane, and the version pin: linear in the size of the files.
    private mutating func readLanes(_ parsed: [(file: String, fastfile: Fastfile)]) {
        var firstLane = [Int]()
        for (file, fastfile) in parsed {
            firstLane.append(lanes.count)
            constants.read(fastfile.source)
            for lane in fastfile.lanes {
                lanes.append(
                    Lane(
                        name: lane.name, platform: lane.platform, isPrivate: lane.isPrivate,
                        evidence: Evidence(file: file, line: lane.line, quote: fastfile.source.text(ofLine: lane.line)),
                        runs: [], optionLocals: Self.optionLocals(in: String(fastfile.source.code[lane.body]))))
            }
        }
        var byName = [String: [Int]]()
        for (index, lane) in lanes.enumerated() { byName[lane.name, default: []].append(index) }
        for ((file, fastfile), base) in zip(parsed, firstLane) {
            for (offset, lane) in fastfile.lanes.enumerated() {
                let index = base + offset
                lanes[index].runs = lane.words.sorted().flatMap { word in
                    (byName[word] ?? []).filter { callee in
                        callee != index
                            && (lanes[callee].platform == nil || lanes[callee].platform == lane.platform)
                    }
                }
            }
            for call in fastfile.calls {
                let evidence = Evidence(file: file, line: call.line, quote: call.quote)
                let lane = call.lane.map { base + $0 }
                switch call.call.name {
                case let name where Fastfile.uploadActions.contains(name):
                    uploads.append(Upload(arguments: call.call.arguments, lane: lane, evidence: evidence))
                case let name where Fastfile.buildActions.contains(name):
                    builds.append(Build(tasks: Self.tasks(of: call.call), lane: lane, evidence: evidence))
                    if let change = Self.versionCodeProperty(of: call.call, at: evidence) {
                        versionCodeSteps.append(VersionCodeStep(change: change, lane: lane, evidence: evidence))
                    }
                case let name where Fastfile.versionCodeActions.contains(name):
                    let step = "\(name) (\(evidence.file):\(evidence.line))"
                    let change = VersionCodeChange(
                        call.call.arguments["version_code"].map(Self.versionCodeEffect) ?? .raised(by: 1), step: step)
                    versionCodeSteps.append(VersionCodeStep(change: change, lane: lane, evidence: evidence))
                case "sh":
                    if let operations = shellOperations(call.call), !operations.isEmpty {
                        shellCalls.append(ShellCall(operations: operations, lane: lane, evidence: evidence))
                    }
                case "fastlane_version", "min_fastlane_version":
                    if versionPin == nil, let version = call.call.firstArgument?.literal {
                        versionPin = (version, evidence)
                    }
                default: break
                }
            }
        }
    }

    /// The locals of a lane body assigned from its options (`name = options[:key]`, `name = helper(options)`).
    private static func optionLocals(in body: String) -> [String: String] {
        var locals = [String: String]()
        for line in body.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingWhitespace
            let value = trimmed[trimmed.index(after: equals)...].trimmingWhitespace
            guard let first = name.first, first.isLowercase || first == "_", name.allSatisfy(RubySource.isWord),
                !value.hasPrefix("="), !value.hasPrefix("~"), let options = value.range(of: "options")
            else { continue }
            let key =
                value[options.upperBound...].hasPrefix("[:")
                ? String(value[options.upperBound...].dropFirst(2).prefix(while: RubySource.isWord)) : name
            if locals[name] == nil, !key.isEmpty { locals[name] = key }
        }
        return locals
    }

    /// An upload's arguments as sent by a run that passes `laneOption` (the `key:value` words of the `fastlane`
    /// command that starts it; `nil` for each option when nobody's command is known): a hash-constant lookup
    /// (`METADATA_DIR_PATH[app]`, `PATHS['play']`) becomes the string it picks, a comparison (`app == WEAR_APP`,
    /// `options[:app] != 'main'`) becomes `true` or `false` when both sides are known; the options used, as
    /// `key:value`. Anything not known stays as written.
    func arguments(of upload: Upload, laneOption: (String) -> String?) -> (
        arguments: [String: RubyValue], used: [String]
    ) {
        let locals = upload.lane.map { lanes[$0].optionLocals } ?? [:]
        var used = [String]()
        func optionKey(_ expression: String) -> String? {
            let expression = expression.trimmingWhitespace
            if expression.hasPrefix("options[:"), expression.hasSuffix("]") {
                return String(expression.dropFirst("options[:".count).dropLast())
            }
            return locals[expression]
        }
        func value(_ expression: String) -> String? {
            guard let key = optionKey(expression) else { return constants.value(of: expression) }
            guard let value = laneOption(key) else { return nil }
            if !used.contains(key + ":" + value) { used.append(key + ":" + value) }
            return value
        }
        var arguments = upload.arguments
        for (name, argument) in upload.arguments.sorted(by: { $0.key < $1.key }) {
            if let (hash, index) = constants.lookup(argument.text) {
                if let key = value(index), let picked = hash[key], let path = picked, !path.contains("'") {
                    arguments[name] = RubyValue(text: "'" + path + "'")
                }
            } else if let comparison = ["==", "!="].lazy.compactMap({ argument.text.range(of: $0) }).first {
                let equal = argument.text[comparison] == "=="
                if let left = value(String(argument.text[..<comparison.lowerBound])),
                    let right = value(String(argument.text[comparison.upperBound...]))
                {
                    arguments[name] = RubyValue(text: String((left == right) == equal))
                }
            }
        }
        return (arguments, used)
    }

    /// The file operations of `sh("cp", "-a", "pro/.", ".")` or `sh("cp -a pro/. .")`, run in the `fastlane/`
    /// folder; `nil` when a word is built at run time. `dir/.` (the folder's contents) is read as `dir/*`.
    private func shellOperations(_ call: RubyCall) -> [FileOperation]? {
        let literals = call.positional.compactMap(\.literal)
        guard literals.count == call.positional.count, !literals.isEmpty else { return nil }
        let words = (literals.count == 1 ? literals[0].split(separator: " ").map(String.init) : literals).map {
            $0.hasSuffix("/.") ? String($0.dropLast()) + "*" : $0
        }
        guard !words.contains(where: { $0.contains("$") || $0.contains("\"") || $0.contains("'") }) else {
            return nil
        }
        let folder = runFolder.isEmpty ? "fastlane" : runFolder + "/fastlane"
        return FileOperations.of(stages: [words], redirects: [], folder: folder)
    }

    /// The Gradle tasks a `gradle` call runs: each word of `task` (or each of `tasks`), the last with the flavour
    /// and build type appended as fastlane appends them (`assemble` + `Free` + `Release`).
    static func tasks(of call: RubyCall) -> [String]? {
        let capitalized = { (value: String) in value.prefix(1).uppercased() + value.dropFirst() }
        var suffix = ""
        for key in ["flavor", "build_type"] {
            guard let value = call.arguments[key] else { continue }
            guard let literal = value.literal else { return nil }
            suffix += capitalized(literal)
        }
        if let task = call.arguments["task"] {
            guard var words = task.literal?.split(separator: " ").map(String.init), !words.isEmpty else { return nil }
            words[words.count - 1] += suffix
            return words
        }
        guard let list = call.arguments["tasks"]?.text, list.hasPrefix("["), list.hasSuffix("]") else { return nil }
        let values = list.dropFirst().dropLast().split(separator: ",").map { RubyValue(text: $0.trimmingWhitespace) }
        let literals = values.compactMap(\.literal)
        return literals.count == values.count ? literals : nil
    }

    /// A literal code is set; anything else is computed when the lane runs.
    private static func versionCodeEffect(_ value: RubyValue) -> VersionCodeChange.Effect {
        Int(value.string ?? value.text).map { .set($0) } ?? .computed(value.text)
    }

    /// The versionCode a `gradle` call passes in `properties: { "versionCode" => … }`: AGP's own
    /// `android.injected.version.code` sets it; another key naming a version code is a property the build may
    /// read.
    private static func versionCodeProperty(of call: RubyCall, at evidence: Evidence) -> VersionCodeChange? {
        guard let hash = call.arguments["properties"]?.text, hash.hasPrefix("{"), hash.hasSuffix("}") else {
            return nil
        }
        for pair in topLevelItems(of: String(hash.dropFirst().dropLast())) {
            guard let arrow = pair.range(of: "=>") else { continue }
            let key = RubyValue(text: pair[..<arrow.lowerBound].trimmingWhitespace)
            let value = RubyValue(text: pair[arrow.upperBound...].trimmingWhitespace)
            guard let name = key.literal ?? (key.text.hasPrefix(":") ? String(key.text.dropFirst()) : nil) else {
                continue
            }
            let step = "the gradle call's property \(name) (\(evidence.file):\(evidence.line))"
            if name == "android.injected.version.code" {
                return VersionCodeChange(versionCodeEffect(value), step: step)
            }
            let words = name.lowercased().filter(\.isLetter)
            guard words.hasSuffix("versioncode") else { continue }
            return VersionCodeChange(.gradleProperty(name, value: value.string ?? value.text), step: step)
        }
        return nil
    }

    /// The comma-separated items of a hash or list body, commas inside brackets and strings left in place.
    private static func topLevelItems(of body: String) -> [Substring] {
        var items = [Substring]()
        var depth = 0
        var quote: Character?
        var start = body.startIndex
        for index in body.indices {
            let character = body[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                items.append(body[start..<index])
                start = body.index(after: index)
            default: break
            }
        }
        items.append(body[start...])
        return items
    }

    private mutating func readAppfile(_ appfile: String, repository: ProjectFiles) {
        guard case .success(let text) = repository.text(appfile) else { return }
        let source = RubySource(text)
        for call in source.calls(named: ["package_name", "json_key_file"]) {
            guard let value = call.firstArgument else { continue }
            let line = source.line(of: call.offset)
            let evidence = Evidence(file: appfile, line: line, quote: source.text(ofLine: line))
            if call.name == "package_name", packageName == nil, let name = value.literal {
                packageName = (name, evidence)
            } else if call.name == "json_key_file", jsonKeyFile == nil {
                jsonKeyFile = (value, evidence)
            }
        }
    }

    /// The line of `file` that brings the fastlane gem: `gem "fastlane"` in a Gemfile, `fastlane (x)` in a lock.
    private static func fastlaneGem(in file: String, repository: ProjectFiles) -> Evidence? {
        guard case .success(let text) = repository.text(file) else { return nil }
        for (index, line) in RubySource(text).lines.enumerated() {
            let trimmed = line.trimmingWhitespace
            if trimmed.hasPrefix("gem \"fastlane\"") || trimmed.hasPrefix("gem 'fastlane'")
                || trimmed.hasPrefix("gem(\"fastlane\"") || trimmed.hasPrefix("gem('fastlane'")
                || (file.hasSuffix(".lock") && trimmed.hasPrefix("fastlane ("))
            {
                return Evidence(file: file, line: index + 1, quote: trimmed)
            }
        }
        return nil
    }

    /// The lanes `fastlane [platform] name` runs: the lane of that name on that platform, else outside every
    /// platform (fastlane's own lookup); with no platform named, the default platform's or any lane so named.
    func lanes(named name: String, platform: String?) -> [Int] {
        let named = lanes.indices.filter { lanes[$0].name == name }
        guard let platform else { return named }
        let onPlatform = named.filter { lanes[$0].platform == platform }
        return onPlatform.isEmpty ? named.filter { lanes[$0].platform == nil } : onPlatform
    }

    /// For each lane reached from `entries` (by the lanes each runs, any depth), the first entry that reaches it:
    /// one breadth-first walk from all entries at once, so each lane and call is followed once.
    func reach(from entries: [Int]) -> [Int: Int] {
        var reachedBy = [Int: Int]()
        var queue = [Int]()
        for (order, entry) in entries.enumerated() where reachedBy[entry] == nil {
            reachedBy[entry] = order
            queue.append(entry)
        }
        var head = 0
        while head < queue.count {
            let lane = queue[head]
            head += 1
            for callee in lanes[lane].runs where reachedBy[callee] == nil {
                reachedBy[callee] = reachedBy[lane]
                queue.append(callee)
            }
        }
        return reachedBy
    }

    /// The lanes a person can run that reach `lane`: itself when it is public, and every public lane that runs
    /// it, directly or not (one walk back along the calls, at most `Limits.lanesFollowed` lanes).
    func entryLanes(reaching lane: Int) -> [Int] {
        walk(from: [lane], along: callers).filter { !lanes[$0].isPrivate }
    }

    /// `entries` and the lanes they run, any depth (at most `Limits.lanesFollowed` lanes).
    func lanesRun(from entries: [Int]) -> [Int] {
        walk(from: entries, along: lanes.map(\.runs))
    }

    private func walk(from start: [Int], along edges: [[Int]]) -> [Int] {
        var seen = Set(start)
        var queue = Array(seen).sorted()
        var head = 0
        while head < queue.count, queue.count < Limits.lanesFollowed {
            for next in edges[queue[head]] where !seen.contains(next) {
                seen.insert(next)
                queue.append(next)
            }
            head += 1
        }
        return queue
    }

    /// The parts of a listing tree a supply call sends: all, but those its `skip_upload_*` options (or the
    /// `SUPPLY_SKIP_UPLOAD_*` variables of `environment`) leave out; and the options that did.
    static func parts(
        options: (String) -> RubyValue?, environment: (String) -> String? = { _ in nil }
    ) -> (UploadedParts, [String]) {
        var parts = UploadedParts.all
        var settings = [String]()
        for (option, part) in skipOptions {
            if let value = options(option), value.boolean == true {
                parts.remove(part)
                settings.append("\(option): \(value.text)")
            } else if let value = environment("SUPPLY_" + option.uppercased()),
                RubyValue(text: value).boolean == true
            {
                parts.remove(part)
                settings.append("SUPPLY_\(option.uppercased()): \(value)")
            }
        }
        return (parts, settings)
    }

    /// supply's options that leave a part out.
    static let skipOptions: [(String, UploadedParts)] = [
        ("skip_upload_metadata", .text), ("skip_upload_changelogs", .changelogs), ("skip_upload_images", .images),
        ("skip_upload_screenshots", .screenshots),
    ]

    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
