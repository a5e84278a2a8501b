import Testing

@testable import UploadWiring

/// Issue 33's rows for the CI readers: hostile or odd CI files end with a named limit or a decoded file, never a
/// hang, a crash or a silent skip. Sizes are scaled so each test runs in well under a second; the full-size cases
/// are measured in `docs/performance.md`.
@Suite struct CIBoundsTests {
    static func workflow(_ text: String, limits: WiringLimits = .standard) -> ContinuousIntegration {
        ContinuousIntegration(repository: MemoryRepository([".github/workflows/release.yml": text]), limits: limits)
    }

    /// Limits small enough for the tests to cross them quickly; the readers treat any limit alike.
    static let small: WiringLimits = {
        var limits = WiringLimits()
        limits.maxStepsPerFile = 40
        limits.maxEnvironmentEntriesPerFile = 30
        limits.maxIncludedFiles = 5
        limits.maxChainDepth = 4
        limits.maxCommandsFollowed = 120
        return limits
    }()

    static func workflow(bytes: [UInt8]) -> ContinuousIntegration {
        ContinuousIntegration(repository: MemoryRepository(bytes: [".github/workflows/release.yml": bytes]))
    }

    /// A workflow whose alias is a mapping key: ten levels of ten aliases each (10^10 leaves in 700 bytes) is
    /// refused on libyaml's events, before any tree is built or hashed.
    @Test func aliasAsMappingKeyIsRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...10 {
            yaml +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        yaml += "jobs:\n  ? *a10\n  : {steps: [{run: fastlane deploy}]}\n"
        let ci = Self.workflow(yaml)
        #expect(ci.commands.isEmpty)
        #expect(
            ci.unread.map(\.description) == [
                ".github/workflows/release.yml: GitHub Actions workflow not read: its aliases expand to more than "
                    + "200000 YAML nodes (WiringLimits.maxYAMLNodes)"
            ])
    }

    /// Aliases in ordinary places that stay under the limit are read, each expansion counted.
    @Test func aliasesUnderTheLimitAreRead() {
        let yaml = """
            x-step: &upload
              run: bundle exec fastlane supply
            jobs:
              one: {steps: [*upload]}
              two: {steps: [*upload, *upload]}
            """
        #expect(Self.workflow(yaml).commands.count == 3)
    }

    /// Many workflow variables over many steps: every step sees them, and the environment is shared (the
    /// full-size 5,000 × 5,000 case is in docs/performance.md).
    @Test func workflowEnvironmentIsSharedByEverySteps() {
        let entries = 500
        let steps = 500
        var yaml = "env:\n"
        for index in 0..<entries { yaml += "  V\(index): \(index)\n" }
        yaml += "jobs:\n  build:\n    steps:\n"
        for _ in 0..<steps { yaml += "      - run: echo\n" }
        let ci = Self.workflow(yaml)
        #expect(ci.commands.count == steps)
        #expect(ci.commands.allSatisfy { $0.environment["V499"] == "499" })
        #expect(ci.unread.isEmpty)
    }

    /// Past `maxEnvironmentEntriesPerFile`, the rest of the file's variables are not read, and that is said.
    @Test func environmentEntriesPastTheLimitAreNamed() {
        var yaml = "env:\n"
        for index in 0...Self.small.maxEnvironmentEntriesPerFile { yaml += "  V\(index): x\n" }
        yaml += "jobs:\n  build:\n    steps:\n      - run: fastlane deploy\n"
        let ci = Self.workflow(yaml, limits: Self.small)
        #expect(ci.commands.map(\.text) == ["fastlane deploy"])
        #expect(
            ci.unread.map(\.description) == [
                ".github/workflows/release.yml: GitHub Actions configuration (the rest of it) not read: stopped at the "
                    + "limit of 30 (WiringLimits.maxEnvironmentEntriesPerFile)"
            ])
    }

    /// Past `maxStepsPerFile`, the rest of the file's steps are not read, and that is said once.
    @Test func stepsPastTheLimitAreNamed() {
        var yaml = "jobs:\n  build:\n    steps:\n"
        for _ in 0...Self.small.maxStepsPerFile { yaml += "      - run: x\n" }
        let ci = Self.workflow(yaml, limits: Self.small)
        #expect(ci.commands.count == Self.small.maxStepsPerFile)
        #expect(ci.unread.map(\.why) == [.limit(name: "maxStepsPerFile", value: Self.small.maxStepsPerFile)])
    }

    /// A CI file over the size limit is named with the limit, never skipped in silence.
    @Test func fileOverTheSizeLimitIsNamed() {
        let bytes =
            Array("jobs: {}\n#".utf8) + Array(repeating: UInt8(ascii: "x"), count: WiringLimits.standard.maxFileBytes)
        let ci = Self.workflow(bytes: bytes)
        #expect(
            ci.unread.map(\.description) == [
                ".github/workflows/release.yml: GitHub Actions workflow not read: file is \(bytes.count) bytes, over "
                    + "the limit of 1048576 bytes (WiringLimits.maxFileBytes)"
            ])
    }

    static let lines = [
        "jobs:", "  deploy:", "    steps:", "      - run: |", "          cd android", "          fastlane deploy",
    ]

    /// UTF-8 with a BOM, UTF-16 with a BOM (either byte order), CRLF and CR line endings: the same commands on the
    /// same lines as the plain file.
    @Test(arguments: ["utf8", "utf8-bom", "utf16le", "utf16be", "crlf", "cr"])
    func encodingsAndLineEndingsReadAlike(form: String) {
        let separator = form == "crlf" ? "\r\n" : form == "cr" ? "\r" : "\n"
        let text = Self.lines.joined(separator: separator) + separator
        var bytes: [UInt8]
        switch form {
        case "utf8-bom": bytes = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case "utf16le": bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf16be": bytes = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: bytes = Array(text.utf8)
        }
        let ci = Self.workflow(bytes: bytes)
        #expect(
            ci.commands.map(\.summary) == [
                ".github/workflows/release.yml:5 cd android",
                ".github/workflows/release.yml:6 fastlane deploy [in android]",
            ])
        #expect(ci.unread.isEmpty)
    }

    /// UTF-32 is not decoded: named, not read as garbage.
    @Test func utf32IsNamed() {
        let ci = Self.workflow(bytes: [0xFF, 0xFE, 0, 0] + Array("jobs: {}".utf8))
        #expect(ci.unread.map(\.why) == [.encoding("UTF-32")])
    }

    /// Invalid YAML is named with its line and libyaml's words, never a library's type names.
    @Test func invalidYAMLIsNamedInPlainWords() throws {
        let ci = Self.workflow("jobs:\n  deploy:\n    steps: [\n")
        let unread = try #require(ci.unread.first)
        #expect(
            unread.description.hasPrefix(
                ".github/workflows/release.yml: GitHub Actions workflow not read: not valid YAML: line "))
        #expect(!unread.description.contains("Yams") && !unread.description.contains("Node"))
    }

    /// A chain of scripts deeper than `maxChainDepth` stops there and says so; a script running itself is read
    /// once on its chain.
    @Test func deepChainsStopAtTheLimit() {
        var files = [".github/workflows/release.yml": "jobs:\n  x:\n    steps:\n      - run: ./s0.sh\n"]
        for index in 0...Self.small.maxChainDepth { files["s\(index).sh"] = "./s\(index + 1).sh\n./s0.sh\n" }
        let ci = ContinuousIntegration(repository: MemoryRepository(files), limits: Self.small)
        #expect(ci.unread.map(\.why) == [.limit(name: "maxChainDepth", value: Self.small.maxChainDepth)])
        #expect(ci.commands.count == 1 + 2 * Self.small.maxChainDepth)
    }

    /// Commands followed into scripts stop at `maxCommandsFollowed`, said once.
    @Test func followedCommandsStopAtTheLimit() {
        let script = String(repeating: "echo\n", count: 10)
        let steps = Self.small.maxCommandsFollowed / 10 + 1
        let yaml = "jobs:\n  x:\n    steps:\n" + String(repeating: "      - run: ./notes.sh\n", count: steps)
        let ci = ContinuousIntegration(
            repository: MemoryRepository([".github/workflows/release.yml": yaml, "notes.sh": script]),
            limits: Self.small)
        #expect(ci.commands.count == steps + Self.small.maxCommandsFollowed)
        #expect(
            ci.unread.map(\.why) == [.limit(name: "maxCommandsFollowed", value: Self.small.maxCommandsFollowed)])
    }

    /// GitLab includes past `maxIncludedFiles` are named; each file is read once however often it is included.
    @Test func includesStopAtTheLimit() {
        var files = [String: String]()
        var main = "include:\n"
        for index in 0...Self.small.maxIncludedFiles {
            main += "  - local: ci/\(index).yml\n  - local: ci/0.yml\n"
            files["ci/\(index).yml"] = "job\(index):\n  script: echo \(index)\n"
        }
        files[".gitlab-ci.yml"] = main
        let ci = ContinuousIntegration(repository: MemoryRepository(files), limits: Self.small)
        #expect(ci.commands.count == Self.small.maxIncludedFiles)
        #expect(ci.unread.map(\.why) == [.limit(name: "maxIncludedFiles", value: Self.small.maxIncludedFiles)])
    }
}
