public import Foundation

/// Runs a program and waits for it: the one way the tests start a process (playprep, aapt2, apksigner, zip, Python,
/// Chromium). Standard output and standard error are read at the same time, so a child that fills one pipe while
/// the other is being read cannot block.
public enum ChildProcess {
    /// What one run printed and how it exited.
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable arguments…` in `directory` (the current one by default) with `environment` added to this
    /// process's, writes `input` to its standard input, and waits. With `standardOutputFile`, standard output
    /// goes to that file (and `standardOutput` is empty); with `mergingStandardError`, standard error goes where
    /// standard output goes (and `standardError` is empty).
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        input: String? = nil, standardOutputFile: FileHandle? = nil, mergingStandardError: Bool = false
    ) throws -> Outcome {
        let process = configured(executable, arguments, in: directory, environment: environment)
        let output = Pipe()
        let error = Pipe()
        let stdin = input.map { _ in Pipe() }
        process.standardOutput = standardOutputFile ?? output
        process.standardError = mergingStandardError ? process.standardOutput : error
        if let stdin { process.standardInput = stdin }
        try process.run()
        let errorData = mergingStandardError ? nil : Drain(error.fileHandleForReading)
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let outputData = standardOutputFile == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let errorText = errorData.map { String(decoding: $0.data(), as: UTF8.self) } ?? ""
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: errorText)
    }

    /// Starts `executable arguments…` without waiting and without pipes, for tests that stop it midway.
    public static func start(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Process {
        let process = configured(executable, arguments, in: directory, environment: [:])
        try process.run()
        return process
    }

    private static func configured(
        _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        return process
    }

    /// Reads a pipe to its end on its own thread; `data()` waits for that end.
    private final class Drain: @unchecked Sendable {
        private let finished = DispatchSemaphore(value: 0)
        private var bytes = Data()

        init(_ handle: FileHandle) {
            Thread.detachNewThread {
                self.bytes = handle.readDataToEndOfFile()
                self.finished.signal()
            }
        }

        func data() -> Data {
            finished.wait()
            return bytes
        }
    }
}
