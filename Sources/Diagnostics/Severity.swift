/// How much a finding matters: errors fail a run, warnings fail it only in strict mode, notes never do.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    /// `note < warning < error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
