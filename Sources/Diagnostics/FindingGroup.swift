/// One finding as people read it: a single diagnostic, or every diagnostic of one rule, severity and `Cause` key
/// across the report's files (36 screenshots of one size in 12 locales are one problem with one fix).
///
/// Text, GitHub annotations, HTML and the baseline show a group once; JSON and SARIF keep every location.
public struct FindingGroup: Sendable, Hashable {
    /// What members share: the rule, the severity and the rule's cause key (never the message text).
    public struct Key: Sendable, Hashable {
        public var ruleID: String
        public var severity: Severity
        public var cause: String
    }

    /// One diagnostic of the group and where it sits in the report.
    public struct Member: Sendable, Hashable {
        /// The index of its file in `Report.files`.
        public var fileIndex: Int
        /// The index in that file's diagnostics.
        public var index: Int
        public var diagnostic: Diagnostic
    }

    /// In report order; never empty.
    public var members: [Member]

    /// The first member, which stands for the group where one location is needed.
    public var first: Diagnostic { members[0].diagnostic }

    /// Whether several diagnostics were merged.
    public var isMerged: Bool { members.count > 1 }

    /// The files, once each, in report order.
    public var files: [String] {
        var seen = Set<String>()
        return members.map(\.diagnostic.file).filter { seen.insert($0).inserted }
    }

    /// The message people read: the diagnostic's own for one, else `36 phone screenshots in 12 locales are …`.
    public var message: String {
        guard isMerged, let cause = first.cause else { return first.message }
        var scopes = [String]()
        for case let scope? in members.map(\.diagnostic.cause?.scope) where !scopes.contains(scope.value) {
            scopes.append(scope.value)
        }
        let kind = members.lazy.compactMap(\.diagnostic.cause?.scope?.kind).first
        let within = scopes.count > 1 ? kind.map { " in \(scopes.count) \($0)" } ?? "" : ""
        return "\(members.count) \(cause.subjects)\(within) \(cause.statement)"
    }

    /// The files written compactly: `fastlane/metadata/android/{de-DE,en-US}/images/phoneScreenshots/{1,2}.png`
    /// when they are every combination of their differing parts, else each folder once with its file names.
    public var compactFiles: String {
        let files = files
        guard files.count > 1 else { return files.first ?? "" }
        let split = files.map { $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        if let width = split.first?.count, split.allSatisfy({ $0.count == width }) {
            let columns = (0..<width).map { column in Self.unique(split.map { $0[column] }) }
            if columns.reduce(1, { $0 * $1.count }) == files.count {
                return columns.map(Self.alternatives).joined(separator: "/")
            }
        }
        var folders = [String]()
        var names = [String: [String]]()
        for path in split {
            let folder = path.dropLast().joined(separator: "/")
            if names[folder] == nil { folders.append(folder) }
            names[folder, default: []].append(path.last ?? "")
        }
        return folders.map { folder in
            let leaf = Self.alternatives(names[folder] ?? [])
            return folder.isEmpty ? leaf : folder + "/" + leaf
        }.joined(separator: ", ")
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func alternatives(_ values: [String]) -> String {
        values.count == 1 ? values[0] : "{" + values.joined(separator: ",") + "}"
    }
}

extension Report {
    /// Every finding once per cause, in report order: a diagnostic without a cause is a group of one, and a group
    /// stands where its first member is.
    public var findingGroups: [FindingGroup] {
        var groups = [FindingGroup]()
        var slot = [FindingGroup.Key: Int]()
        for (fileIndex, file) in files.enumerated() {
            for (index, diagnostic) in file.diagnostics.enumerated() {
                let member = FindingGroup.Member(fileIndex: fileIndex, index: index, diagnostic: diagnostic)
                guard let cause = diagnostic.cause else {
                    groups.append(FindingGroup(members: [member]))
                    continue
                }
                let key = FindingGroup.Key(ruleID: diagnostic.ruleID, severity: diagnostic.severity, cause: cause.key)
                if let existing = slot[key] {
                    groups[existing].members.append(member)
                } else {
                    slot[key] = groups.count
                    groups.append(FindingGroup(members: [member]))
                }
            }
        }
        return groups
    }
}
