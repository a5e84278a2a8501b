import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why `git` could not answer: it is not installed, it could not be started, or it exited non-zero with its
/// first line of standard error.
enum GitProcessError: Error, Sendable, Hashable {
    case notInstalled
    case cannotStart(String)
    case failed(status: Int32, message: String)
}

/// Runs `git` as a child process (`posix_spawnp`, no shell), with standard input from a file and standard error
/// into a file of the run's private folder, so no pipe can fill while another waits: the one runner `--since`
/// reads a release with. swift-subprocess was not taken: it adds a package to a static-PIE build that needs only
/// this. `GIT_OPTIONAL_LOCKS=0` keeps git from refreshing the index, so a run never writes into the repository,
/// and ``safeConfiguration`` keeps the repository's configuration from starting any program.
struct GitProcess: Sendable {
    /// The folder git runs in (`git -C`).
    var directory: String
    /// The private folder for standard input and error files.
    var scratch: String

    /// Options given before every command. The command line outranks every configuration file, so a clone's
    /// `.git/config` (or an included file) cannot set a program these commands would run: signatures are not
    /// shown (`log.showSignature` runs `gpg.program` through `git log`), the signature programs, pager, external
    /// diff and file system monitor are set to nothing that runs. `GIT_CONFIG_NOSYSTEM` and
    /// `GIT_CONFIG_GLOBAL=/dev/null` are not used: they would also drop the `safe.directory` entries CI sets
    /// (actions/checkout writes one into the global configuration), and git then refuses to read a checkout owned
    /// by another user.
    static let safeConfiguration = [
        "--no-pager", "-c", "log.showSignature=false", "-c", "core.fsmonitor=false", "-c", "core.pager=cat",
        "-c", "diff.external=", "-c", "gpg.program=false", "-c", "gpg.ssh.program=false",
        "-c", "gpg.x509.program=false",
    ]

    /// Standard output of `git -C directory arguments…`, fed `input` on standard input.
    func run(_ arguments: [String], input: [UInt8] = []) throws(GitProcessError) -> [UInt8] {
        var output = [UInt8]()
        try run(arguments, input: input) { piece in
            output.append(contentsOf: piece)
            return true
        }
        return output
    }

    /// Runs `git -C directory arguments…` fed `input`, handing its standard output to `consume` piece by piece
    /// (64 KiB at most, nothing held): when `consume` returns false the output is closed, git stops at its next
    /// write, and its exit status is not judged.
    func run(
        _ arguments: [String], input: [UInt8] = [], consume: (UnsafeRawBufferPointer) -> Bool
    ) throws(GitProcessError) {
        let inputPath = scratch + "/stdin"
        let errorPath = scratch + "/stderr"
        do {
            try AtomicFile(path: inputPath, permissions: 0o600).write(input)
        } catch {
            throw .cannotStart(error.description)
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .cannotStart(String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = ["git", "-C", directory] + Self.safeConfiguration + arguments
        let environment = Self.environment()
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var pid = pid_t()
        let started = posix_spawnp(&pid, "git", &actions, nil, cArguments, cEnvironment)
        close(pipeEnds[1])
        guard started == 0 else {
            close(pipeEnds[0])
            if started == ENOENT { throw .notInstalled }
            throw .cannotStart(String(cString: strerror(started)))
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var stopped = false
        while !stopped {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                stopped = !buffer.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exitStatus == 0 || stopped else {
            let errorBytes = (try? FileReader(maxBytes: 1 << 20).read(errorPath)) ?? []
            let message =
                String(decoding: errorBytes, as: UTF8.self)
                .split(separator: "\n").first.map(String.init) ?? ""
            throw .failed(status: exitStatus, message: message)
        }
    }

    /// This process's environment with `GIT_OPTIONAL_LOCKS=0` and git's messages in English (`LC_ALL=C`).
    private static func environment() -> [String] {
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_OPTIONAL_LOCKS"] = "0"
        variables["LC_ALL"] = "C"
        return variables.map { "\($0.key)=\($0.value)" }
    }
}
