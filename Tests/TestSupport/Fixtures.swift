public import Foundation

/// Paths to committed fixtures and to the shared corpus, independent of the working directory.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestImages/<relative>`.
    public static func testImage(_ relative: String) -> URL {
        packageRoot.appendingPathComponent("TestImages").appendingPathComponent(relative)
    }

    /// The shared corpus beside the checkout (`../shared/corpus`), or `PLAYPREP_CORPUS` when set;
    /// `nil` when it is not there, so corpus tests can skip with a message.
    public static var sharedCorpus: URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["PLAYPREP_CORPUS"].map { URL(fileURLWithPath: $0) },
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The shared oracle scripts (`../shared/oracle`, or `PLAYPREP_ORACLE`), or `nil` when absent.
    public static var sharedOracle: URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["PLAYPREP_ORACLE"].map { URL(fileURLWithPath: $0) },
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/oracle"),
        ].compactMap { $0 }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("np_chunks.py").path)
        }
    }

    /// Bytes of a file; fails the calling test loudly when it is missing.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// The first executable named `name` on PATH, for tests that compare with peer tools.
    public static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// What a peer tool (aapt2, apksigner) prints on standard output for `arguments`; its standard error is dropped.
    public static func standardOutput(of tool: URL, _ arguments: [String]) throws -> String {
        try ChildProcess.run(tool, arguments).standardOutput
    }
}

/// A headless Chromium for tests that load playprep's HTML report in a real browser.
public enum Chromium {
    /// `PLAYPREP_CHROMIUM`, else `chromium`, `chromium-browser` or `google-chrome` on PATH; `nil` when none is
    /// installed (Debian: `apt-get install -y chromium`), so the browser tests skip.
    public static let executable: URL? = {
        if let path = ProcessInfo.processInfo.environment["PLAYPREP_CHROMIUM"] { return URL(fileURLWithPath: path) }
        return ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Fixtures.executable(named:)).first
    }()

    /// Runs headless Chromium (no GPU, no sandbox, as in a container) with `arguments` and waits for it.
    public static func run(_ arguments: [String]) throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        guard let executable else { throw CocoaError(.executableNotLoadable) }
        let run = try ChildProcess.run(
            executable, ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars"] + arguments)
        return (run.status, run.standardOutput, run.standardError)
    }
}

/// Runs the built `playprep` binary, for end-to-end tests.
public enum PlayprepBinary {
    /// `PLAYPREP_BINARY` when set (to run the end-to-end tests against another build, such as the shipping one),
    /// else the executable built beside the test bundle (same build folder and configuration).
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["PLAYPREP_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Fixtures.packageRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("playprep") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// What one run printed and how it exited.
    public typealias Outcome = ChildProcess.Outcome

    /// Runs `playprep arguments…` in `directory` (the package root by default) and waits for it. With
    /// `standardOutputFile`, standard output goes to that file instead (and `standardOutput` is empty).
    public static func run(
        _ arguments: [String], in directory: URL = Fixtures.packageRoot, environment: [String: String] = [:],
        standardOutputFile: String? = nil
    ) throws -> Outcome {
        try ChildProcess.run(
            url, arguments, in: directory, environment: environment,
            standardOutputFile: standardOutputFile.flatMap { FileHandle(forWritingAtPath: $0) })
    }

    /// Starts `playprep arguments…` in the package root without waiting, for tests that kill it midway.
    public static func start(_ arguments: [String]) throws -> Process {
        try ChildProcess.start(url, arguments, in: Fixtures.packageRoot)
    }
}

/// A Python interpreter for tests that validate output with Python libraries.
public enum TestPython {
    /// `PLAYPREP_PYTHON`, else the oracle venv beside the sources, else `python3` on PATH — the first that can
    /// import every module in `modules`; `nil` when none can, so tests skip with a message.
    public static func interpreter(importing modules: [String]) -> URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["PLAYPREP_PYTHON"].map { URL(fileURLWithPath: $0) },
            Fixtures.packageRoot.appendingPathComponent(".venv-oracle/bin/python"),
            Fixtures.executable(named: "python3"),
        ].compactMap { $0 }
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { return false }
            return (try? run(candidate, ["-c", "import " + modules.joined(separator: ", ")]).status) == 0
        }
    }

    /// A Python that can import `jsonschema`, looked up once; `nil` when there is none, so schema tests skip.
    public static let withJSONSchema: URL? = interpreter(importing: ["jsonschema"])

    /// Runs `python arguments…` with `input` on standard input; returns the exit status and standard output.
    public static func run(_ python: URL, _ arguments: [String], input: String = "") throws -> (
        status: Int32, output: String
    ) {
        let run = try ChildProcess.run(python, arguments, input: input, mergingStandardError: true)
        return (run.status, run.standardOutput)
    }

    /// The committed OASIS SARIF 2.1.0 schema.
    public static let sarifSchema = Fixtures.packageRoot.appendingPathComponent(
        "Tests/DiagnosticsTests/Resources/sarif-schema-2.1.0.json")

    /// The GitLab Code Quality schema written from GitLab's documented report fields.
    public static let codeQualitySchema = Fixtures.packageRoot.appendingPathComponent(
        "Tests/DiagnosticsTests/Resources/gitlab-codequality.schema.json")

    /// A script that validates standard input against the JSON schema at `argv[1]`, printing each error.
    public static let validateJSONSchema = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
        errors = list(validator.iter_errors(json.load(sys.stdin)))
        for error in errors: print(list(error.absolute_path), error.message)
        sys.exit(1 if errors else 0)
        """
}
