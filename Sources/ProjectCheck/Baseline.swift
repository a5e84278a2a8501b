import Diagnostics
import FileAccess
import Foundation

/// Known problems recorded once and then ignored, like Android lint's baseline, that shrinks as they are fixed.
///
/// An entry is one finding as people read it (`FindingGroup`): its rule, its `Fingerprint` (the rule's cause key,
/// else the message without its numbers) and its files relative to the project root. It absorbs one finding of
/// that rule and fingerprint in each of its files, so a moved pixel or line, or a changed count, is still known,
/// while the same problem in a new file, or a new problem, is reported. Entries that absorb nothing no longer
/// occur (`BaselineUse.staleEntries`). Version 1 files (rule, file, exact message) are still read: their entries
/// match on the message without its numbers.
struct Baseline: Sendable, Hashable {
    struct Entry: Sendable, Hashable, Codable, Comparable {
        var rule: String
        var fingerprint: Fingerprint
        /// Relative to the project root, sorted.
        var files: [String]
        /// The finding's message when recorded, for people reading the file; not matched.
        var message: String

        init(rule: String, fingerprint: Fingerprint, files: [String], message: String) {
            self.rule = rule
            self.fingerprint = fingerprint
            self.files = files.sorted()
            self.message = message
        }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.files.first ?? "", lhs.rule, lhs.fingerprint, lhs.files.count)
                < (rhs.files.first ?? "", rhs.rule, rhs.fingerprint, rhs.files.count)
        }
    }

    /// The version this playprep writes.
    static let currentVersion = 2

    /// The format version the file was written in.
    var version: Int
    var entries: [Entry]

    /// Every finding of `report`, one entry per finding group, with file names made relative by `relative`;
    /// findings of rules about this release (``Rule/isReleaseBound`` in `catalog`) are never recorded.
    init(report: Report, relative: (String) -> String, catalog: RuleCatalog) {
        version = Self.currentVersion
        entries = report.findingGroups.filter { !catalog.isReleaseBound($0.first.ruleID) }.map { group in
            Entry(
                rule: group.first.ruleID, fingerprint: Fingerprint(of: group.first),
                files: group.members.map { relative($0.diagnostic.file) }, message: group.message)
        }.sorted()
    }

    init(version: Int, entries: [Entry]) {
        self.version = version
        self.entries = entries
    }

    /// Reads a baseline written by `--write-baseline` (version 1 or 2).
    static func load(_ path: String) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: 64 << 20).read(path)
        } catch {
            throw .unreadable(path, reason: error.description)
        }
        return try decode(bytes, path: path)
    }

    /// Decodes a baseline file's bytes; `path` names it in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(BaselineError) -> Baseline {
        if let syntax = JSONSyntax.firstError(in: bytes) {
            throw .invalid(path, line: syntax.line, column: syntax.column, reason: "not JSON: \(syntax.problem)")
        }
        let data = Data(bytes)
        do {
            let header = try JSONDecoder().decode(Header.self, from: data)
            guard header.tool == "playprep" else {
                throw BaselineError.invalid(
                    path, line: nil, column: nil, reason: "not a playprep baseline (tool is '\(header.tool)')")
            }
            switch header.version {
            case 1:
                let file = try JSONDecoder().decode(VersionOne.self, from: data)
                return Baseline(
                    version: 1,
                    entries: file.entries.map {
                        Entry(
                            rule: $0.rule, fingerprint: Fingerprint(Fingerprint.normalised($0.message)),
                            files: [$0.file],
                            message: $0.message)
                    })
            case currentVersion:
                return Baseline(version: 2, entries: try JSONDecoder().decode(VersionTwo.self, from: data).entries)
            default:
                throw BaselineError.invalid(
                    path, line: nil, column: nil,
                    reason: "baseline version \(header.version); this playprep reads versions 1 and \(currentVersion)")
            }
        } catch let error as BaselineError {
            throw error
        } catch let error as DecodingError {
            throw .invalid(path, line: nil, column: nil, reason: Self.describe(error))
        } catch {
            throw .invalid(path, line: nil, column: nil, reason: "not a playprep baseline")
        }
    }

    /// The baseline without its entries of rules about this release (written by an older playprep, or by
    /// hand), which it must never hide, and those entries.
    func withoutReleaseBoundEntries(_ catalog: RuleCatalog) -> (baseline: Baseline, dropped: [Entry]) {
        var kept = self
        kept.entries = entries.filter { !catalog.isReleaseBound($0.rule) }
        return (kept, entries.filter { catalog.isReleaseBound($0.rule) })
    }

    /// The baseline as pretty JSON in the current version, one entry per finding.
    var json: String { JSONReporter.encode(VersionTwo(entries: entries)) }

    /// `report` without the findings this baseline records, and what the baseline did: how many findings it
    /// absorbed and which of its entries absorbed none.
    func filter(_ report: Report, relative: (String) -> String, file: String) -> (
        report: Report, use: BaselineUse
    ) {
        struct Slot: Hashable {
            var rule: String
            var fingerprint: Fingerprint
            var file: String
        }
        var remaining = [Slot: [Int]]()
        for (index, entry) in entries.enumerated() {
            for path in entry.files {
                remaining[Slot(rule: entry.rule, fingerprint: entry.fingerprint, file: path), default: []].append(index)
            }
        }
        var used = Set<Int>()
        var suppressed = 0
        var files = report.files
        for index in files.indices {
            files[index].diagnostics.removeAll { diagnostic in
                let fingerprint =
                    version == 1 ? Fingerprint(Fingerprint.normalised(diagnostic.message)) : Fingerprint(of: diagnostic)
                let slot = Slot(rule: diagnostic.ruleID, fingerprint: fingerprint, file: relative(diagnostic.file))
                guard let entry = remaining[slot]?.popLast() else { return false }
                used.insert(entry)
                suppressed += 1
                return true
            }
        }
        let stale = entries.indices.filter { !used.contains($0) }.map { index in
            let entry = entries[index]
            return BaselineUse.StaleEntry(rule: entry.rule, files: entry.files, message: entry.message)
        }
        var filtered = report
        filtered.files = files
        return (
            filtered,
            BaselineUse(file: file, version: version, suppressed: suppressed, staleEntries: stale)
        )
    }

    /// A decoding failure in the file's terms: where (`entries[3].rule`) and what was wrong.
    private static func describe(_ error: DecodingError) -> String {
        let path = { (codingPath: [any CodingKey]) -> String in
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let within = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "not a playprep baseline: '\(key.stringValue)' is missing\(within)"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "not a playprep baseline: \(path(context.codingPath)) is not \(Self.kind(of: type))"
        case .dataCorrupted(let context):
            return "not a playprep baseline: \(path(context.codingPath)) is malformed"
        @unknown default:
            return "not a playprep baseline"
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is Fingerprint.Type: "a string"
        case is Int.Type: "a number"
        case is [String: Any].Type: "an object"
        case is any Collection.Type: "a list"
        default: "an object"
        }
    }

    private struct Header: Decodable {
        var tool: String
        var version: Int
    }

    private struct VersionOne: Decodable {
        struct Entry: Decodable {
            var rule: String
            var file: String
            var message: String
        }
        var entries: [Entry]
    }

    private struct VersionTwo: Codable {
        var tool = "playprep"
        var version = Baseline.currentVersion
        var entries: [Entry]

        init(entries: [Entry]) {
            self.entries = entries
        }
    }
}

/// Why a baseline could not be used: each a whole line, naming the file (and the position when known).
enum BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String, reason: String)
    case invalid(String, line: Int?, column: Int?, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .invalid(let path, let line?, let column?, let reason): "\(path):\(line):\(column): \(reason)"
        case .invalid(let path, _, _, let reason): "\(path): \(reason)"
        }
    }
}

extension RuleCatalog {
    /// Whether `id` names a rule whose findings judge this release (``Rule/isReleaseBound``).
    func isReleaseBound(_ id: String) -> Bool { rules[id]?.isReleaseBound ?? false }
}
