public import Diagnostics
import FileAccess
import Foundation

/// Known problems recorded once and then ignored, like Android lint's baseline: a finding matches an entry with
/// the same rule, file (relative to the project root) and message, so moved pixels or lines do not matter but a
/// new or changed problem does. Each entry absorbs one finding.
public struct Baseline: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable, Comparable {
        public var rule: String
        public var file: String
        public var message: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.message) < (rhs.file, rhs.rule, rhs.message)
        }
    }

    public var tool = "playprep"
    public var version = 1
    public var entries: [Entry]

    /// Every finding of `report`, with file names made relative by `relative`.
    public init(report: Report, relative: (String) -> String) {
        entries = report.diagnostics
            .map { Entry(rule: $0.ruleID, file: relative($0.file), message: $0.message) }
            .sorted()
    }

    /// Reads a baseline written by `--write-baseline`.
    public static func load(_ path: String) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: 64 << 20).read(path)
        } catch {
            throw .unreadable(path, reason: error.description)
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: Data(bytes))
        } catch {
            throw .invalid(path, reason: "not a playprep baseline (\(error))")
        }
    }

    /// The baseline as pretty JSON, one entry per problem.
    public var json: String { JSONReporter.encode(self) }

    /// `report` without the findings this baseline records, and how many were dropped.
    public func filter(_ report: Report, relative: (String) -> String) -> (report: Report, suppressed: Int) {
        var remaining = [Entry: Int]()
        for entry in entries { remaining[entry, default: 0] += 1 }
        var suppressed = 0
        let files = report.files.map { file in
            FileReport(
                file: file.file,
                diagnostics: file.diagnostics.filter { diagnostic in
                    let key = Entry(
                        rule: diagnostic.ruleID, file: relative(diagnostic.file), message: diagnostic.message)
                    guard let count = remaining[key], count > 0 else { return true }
                    remaining[key] = count - 1
                    suppressed += 1
                    return false
                }, artifact: file.artifact)
        }
        return (Report(files: files), suppressed)
    }
}

/// Why a baseline could not be used.
public enum BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String, reason: String)
    case invalid(String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .invalid(let path, let reason): "\(path): \(reason)"
        }
    }
}
