/// One Fastfile, or a file a Fastfile imports, read as text in one pass: its lanes (with the `platform` block
/// each is in and where its body ends), the calls that matter for uploads inside each lane, the files it imports
/// and the fastlane version it pins. Nothing is run.
struct Fastfile: Sendable {
    /// One `lane :name do … end` (or `private_lane`).
    struct Lane: Sendable, Hashable {
        var name: String
        var platform: String?
        var isPrivate: Bool
        var line: Int
        /// Offsets of its body in the source's code, `do` to `end`.
        var body: Range<Int>
        /// The identifiers its body uses: those that name lanes are the lanes it runs.
        var words: Set<String>
    }

    /// A call this reader cares about, with the lane it is written in (an index into `lanes`).
    struct Call: Sendable, Hashable {
        var call: RubyCall
        var lane: Int?
        var line: Int
        var quote: String
    }

    /// The actions that upload to Play; `gradle` and its alias that build; the ones that bring in other files,
    /// pin fastlane, or run a shell command (`sh`, which may rewrite the tree before an upload).
    static let uploadActions: Set<String> = ["upload_to_play_store", "supply"]
    static let buildActions: Set<String> = ["gradle", "build_android_app"]
    /// The plugin actions that change the versionCode in the build file before a build (fastlane-plugin-
    /// increment_version_code, fastlane-plugin-versioning_android).
    static let versionCodeActions: Set<String> = ["increment_version_code", "android_set_version_code"]
    private static let otherActions: Set<String> = [
        "import", "import_from_git", "fastlane_version", "min_fastlane_version", "sh",
    ]

    var source: RubySource
    var lanes: [Lane] = []
    /// Every upload, build, versionCode, import, version and `sh` call, in file order.
    var calls: [Call] = []

    init(_ text: String) {
        source = RubySource(text)
        lanes = Self.lanes(in: source)
        let starts = lanes.map(\.body.lowerBound)
        for call in source.calls(
            named: Self.uploadActions.union(Self.buildActions).union(Self.versionCodeActions).union(Self.otherActions))
        {
            let line = source.line(of: call.offset)
            calls.append(
                Call(
                    call: call, lane: Self.lane(containing: call.offset, lanes: lanes, starts: starts), line: line,
                    quote: source.text(ofLine: line)))
        }
    }

    /// The index of the lane whose body holds `offset` (lanes do not nest; their bodies are in file order).
    private static func lane(containing offset: Int, lanes: [Lane], starts: [Int]) -> Int? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0, lanes[low - 1].body.contains(offset) else { return nil }
        return low - 1
    }

    /// What opens a block that a later `end` closes, besides `do`: a keyword starting a statement.
    private static let statementOpeners: Set<String> = ["if", "unless", "while", "until", "case", "for"]
    private static let blockOpeners: Set<String> = ["begin", "def", "class", "module"]

    /// The lanes, with their platform, from the block structure: every `do`, `def`, `begin`, `class`, `module`,
    /// and `if`/`unless`/`while`/`until`/`case`/`for` starting a statement opens a block; `end` closes the
    /// innermost. A lane's body is its block.
    private static func lanes(in source: RubySource) -> [Lane] {
        enum Frame {
            case lane(index: Int)
            case platform(String)
            case other
        }
        var lanes = [Lane]()
        var stack = [Frame]()
        var pendingLane: (name: String, isPrivate: Bool, line: Int)?
        var pendingPlatform: String?
        var lineWords = [String]()
        var previousVisible: Character = "\n"
        let code = source.code
        var index = 0
        func platform() -> String? {
            for frame in stack.reversed() { if case .platform(let name) = frame { return name } }
            return nil
        }
        func currentLane() -> Int? {
            for frame in stack.reversed() { if case .lane(let lane) = frame { return lane } }
            return nil
        }
        while index < code.count {
            let character = code[index]
            if character == "\n" {
                lineWords.removeAll(keepingCapacity: true)
                pendingLane = nil
                pendingPlatform = nil
                previousVisible = "\n"
                index += 1
                continue
            }
            if character == "\"" || character == "'" {
                index = RubySource.end(ofStringAt: index, in: code)
                previousVisible = character
                continue
            }
            guard let (word, end) = source.identifier(at: index) else {
                if !character.isWhitespace { previousVisible = character }
                index += 1
                continue
            }
            let startsStatement = lineWords.isEmpty || "=(;|&".contains(previousVisible)
            lineWords.append(word)
            if let lane = currentLane() { lanes[lane].words.insert(word) }
            switch word {
            case "lane", "private_lane":
                if lineWords.count == 1, let name = symbolArgument(in: code, after: end) {
                    pendingLane = (name, word == "private_lane", source.line(of: index))
                }
            case "platform":
                if lineWords.count == 1 { pendingPlatform = symbolArgument(in: code, after: end) }
            case "do":
                if let lane = pendingLane {
                    lanes.append(
                        Lane(
                            name: lane.name, platform: platform(), isPrivate: lane.isPrivate, line: lane.line,
                            body: end..<code.count, words: []))
                    stack.append(.lane(index: lanes.count - 1))
                    pendingLane = nil
                } else if let name = pendingPlatform {
                    stack.append(.platform(name))
                    pendingPlatform = nil
                } else {
                    stack.append(.other)
                }
            case "end":
                if case .lane(let lane)? = stack.popLast() {
                    lanes[lane].body = lanes[lane].body.lowerBound..<index
                    lanes[lane].words.remove("end")
                }
            default:
                if blockOpeners.contains(word) || (statementOpeners.contains(word) && startsStatement) {
                    stack.append(.other)
                }
            }
            previousVisible = "a"
            index = end
        }
        return lanes
    }

    /// `:name` or `(:name` after a `lane`/`platform` keyword.
    private static func symbolArgument(in code: [Character], after start: Int) -> String? {
        var index = start
        while index < code.count, code[index] == " " || code[index] == "\t" || code[index] == "(" { index += 1 }
        guard index < code.count, code[index] == ":" else { return nil }
        index += 1
        var name = ""
        while index < code.count, RubySource.isWord(code[index]) {
            name.append(code[index])
            index += 1
        }
        return name.isEmpty ? nil : name
    }
}
