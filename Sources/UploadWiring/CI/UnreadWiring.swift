/// A CI file, script, include or command target that exists or is referenced but that playprep could not read or
/// understand: what it is, where, and why. `plan` and the stderr summary name each one, so no listing is called
/// "not uploaded" while part of the wiring went unread.
public struct UnreadWiring: Sendable, Hashable, CustomStringConvertible {
    /// Why it was not read.
    public indirect enum Reason: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file is larger than `limit` bytes.
        case tooLarge(bytes: Int, limit: Int)
        /// A referenced file that is not in the repository.
        case missing
        /// The file could not be opened (the operating system's reason).
        case unreadable(String)
        /// Not text: NUL bytes (a binary).
        case binary
        /// Text in an encoding playprep does not decode (UTF-32).
        case encoding(String)
        /// Not valid YAML (the parser's words, without its type names).
        case invalidYAML(String)
        /// Its YAML expands past `WiringLimits.maxYAMLNodes` through aliases.
        case aliasExpansion(limit: Int)
        /// A named limit stopped the reading part-way: what was read before it still counts.
        case limit(name: String, value: Int)
        /// Outside the repository: a remote include, another project's file, a template of the CI service.
        case remote(String)
        /// A path or name built when the job runs (`./scripts/$TARGET.sh`).
        case builtAtRunTime
        /// A language or tool playprep does not read (`node x.js`, a Rakefile task).
        case notRead(String)
        /// The configuration of a CI system playprep does not read.
        case unknownSystem(String)
        /// The file has no such target or script (`make deploy` with no `deploy:` rule).
        case noSuchTarget(String)
        /// Not read as its CI system reads it (the reason), but line by line for uploader commands (`CILines`).
        case readLineByLine(Reason)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit):
                "file is \(bytes) bytes, over the limit of \(limit) bytes (WiringLimits.maxFileBytes)"
            case .missing: "no such file in the repository"
            case .unreadable(let reason): reason
            case .binary: "not text (a binary file)"
            case .encoding(let encoding): "\(encoding) text, which playprep does not decode"
            case .invalidYAML(let message): "not valid YAML: \(message)"
            case .aliasExpansion(let limit):
                "its aliases expand to more than \(limit) YAML nodes (WiringLimits.maxYAMLNodes)"
            case .limit(let name, let value): "stopped at the limit of \(value) (WiringLimits.\(name))"
            case .remote(let place): "outside the repository (\(place))"
            case .builtAtRunTime: "its path is built when the job runs"
            case .notRead(let what): "\(what) is not read"
            case .unknownSystem(let system): "\(system) configurations are not read"
            case .noSuchTarget(let name): "it has no \(name)"
            case .readLineByLine(let reason): "\(reason); its lines were read one by one for uploader commands"
            }
        }
    }

    /// The file (relative to the repository) or the reference as written (a URL, `./scripts/$TARGET.sh`).
    public var file: String
    /// What it is, in a few words: `GitLab CI include`, `shell script`, `Makefile target deploy`.
    public var what: String
    public var why: Reason
    /// The line that names it (a CI step, an `include:`), when something references it.
    public var referencedBy: Evidence?

    public init(file: String, what: String, why: Reason, referencedBy: Evidence? = nil) {
        self.file = file
        self.what = what
        self.why = why
        self.referencedBy = referencedBy
    }

    public var description: String {
        "\(file): \(what) not read: \(why)" + (referencedBy.map { " (named at \($0.file):\($0.line))" } ?? "")
    }
}
