public import FileAccess

/// A file of the repository that says how releases are made (an import of a Fastfile, a CI include, a script)
/// but that playprep did not read, and why: `plan` and the run's summary name each, so no line says "nothing
/// uploads it" while something went unread.
public struct UnreadWiring: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Why it was not read.
    public enum Reason: Error, Sendable, Hashable, Codable {
        /// It lives in another repository (`import_from_git`, a remote include).
        case elsewhere
        /// The file named is not in the repository.
        case missing
        /// It is larger than the reader's limit (bytes).
        case tooLarge(bytes: Int, limit: Int)
        /// It names a path outside the project folder.
        case outsideProject
        /// A count limit was reached (`what` names it) before it was read.
        case limitReached(limit: Int)
        /// It could not be opened or decoded (the system's words).
        case unreadable(String)
    }

    /// Where it is referenced (or the file itself), relative to the project, and the line.
    public var file: String
    public var line: Int?
    /// What was not read, in a few words (`import_from_git(url: "https://…")`, `lanes/release.rb`).
    public var what: String
    public var reason: Reason

    public init(file: String, line: Int?, what: String, reason: Reason) {
        self.file = file
        self.line = line
        self.what = what
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let why =
            switch reason {
            case .elsewhere: "in another repository"
            case .missing: "no such file in the repository"
            case .tooLarge(let bytes, let limit): "\(bytes) bytes, over the limit of \(limit) bytes"
            case .outsideProject: "outside the project folder"
            case .limitReached(let limit): "past the limit of \(limit)"
            case .unreadable(let words): words
            }
        return "\(place): \(what) (\(why))"
    }
}

/// The repository as the upload readers see it: its folder, the files the walk found, and reads of single
/// files within a size limit, decoded as fastlane, Gradle and CI tools decode them.
public struct RepositoryFiles: Sendable {
    /// The project folder, as the caller named it.
    public var root: String
    /// Every walked file (full paths under `root`).
    public var walked: Set<String>
    var reader: FileReader

    public init(root: String, walked: [String], maxBytes: Int) {
        self.root = root
        self.walked = Set(walked)
        reader = FileReader(maxBytes: maxBytes)
    }

    /// `path` relative to the project (`""` for the root itself).
    public func relative(_ path: String) -> String {
        if path == root { return "" }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The full path of a project-relative one.
    public func path(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Whether the project-relative `relative` is a folder.
    public func hasFolder(_ relative: String) -> Bool {
        PathKind(path: path(relative)) == .folder
    }

    /// The folders (relative to the project) that hold walked files and fit `pattern`, whose `$NAME` and
    /// `${NAME}` segments each stand for one folder name.
    func folders(fitting pattern: String) -> [String] {
        let depth = pattern.split(separator: "/", omittingEmptySubsequences: false).count
        var found = Set<String>()
        for file in walked {
            let segments = relative(file).split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count > depth else { continue }
            let folder = segments.prefix(depth).joined(separator: "/")
            if Self.fits(folder, pattern: pattern) { found.insert(folder) }
        }
        return found.sorted()
    }

    /// Whether `path` is `pattern` with each `$NAME`/`${NAME}` segment standing for one folder name.
    static func fits(_ path: String, pattern: String) -> Bool {
        guard pattern.contains("$") else { return path == pattern }
        let names = path.split(separator: "/", omittingEmptySubsequences: false)
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        return names.count == segments.count
            && zip(names, segments).allSatisfy { name, segment in segment == name || segment.hasPrefix("$") }
    }

    /// The text of the project-relative file `relative`, or why it cannot be read.
    func text(_ relative: String) -> Result<String, UnreadWiring.Reason> {
        do throws(FileReadError) {
            return .success(Self.decode(try reader.read(path(relative))))
        } catch {
            switch error {
            case .notFound: return .failure(.missing)
            case .tooLarge(let bytes, let limit): return .failure(.tooLarge(bytes: bytes, limit: limit))
            case .isFolder, .system: return .failure(.unreadable(error.description))
            }
        }
    }

    /// UTF-8 (a byte-order mark dropped), or UTF-16 with its byte-order mark, as Ruby and the CI tools read them.
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF {
            let bigEndian = bytes[0] == 0xFE
            var units = [UInt16]()
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(decoding: body, as: UTF8.self)
    }

    /// `folder/path` with `.` and `..` segments resolved; `nil` when it climbs above the project.
    static func joined(_ folder: String, _ path: String) -> String? {
        var segments = folder.split(separator: "/").map(String.init)
        for segment in path.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            default: segments.append(String(segment))
            }
        }
        return segments.joined(separator: "/")
    }
}
