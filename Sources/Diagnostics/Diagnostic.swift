/// Where in a file a finding is.
///
/// Images use pixel coordinates: 0-based, in the file's own pixel grid (for a NinePatch the 1-pixel frame is
/// included, so the top border is `y == 0`). Text files use 1-based line and column numbers.
public struct Location: Sendable, Hashable, Codable {
    public var x: Int?
    public var y: Int?
    public var line: Int?
    public var column: Int?

    public init(x: Int? = nil, y: Int? = nil, line: Int? = nil, column: Int? = nil) {
        self.x = x
        self.y = y
        self.line = line
        self.column = column
    }

    /// A pixel of an image.
    public static func pixel(x: Int, y: Int) -> Location { Location(x: x, y: y) }

    /// A line (and optionally a column) of a text file, 1-based.
    public static func text(line: Int, column: Int? = nil) -> Location { Location(line: line, column: column) }
}

/// Another place a finding stands for: one of the refusals a tree's finding lists (`file`, where, and what).
public struct RelatedLocation: Sendable, Hashable {
    public var file: String
    public var location: Location?
    public var message: String

    public init(file: String, location: Location?, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }
}

/// One problem found in one file: which rule, how bad, where, what and how to fix it.
public struct Diagnostic: Sendable, Hashable {
    /// Stable rule identifier such as `NP003` or `TXT001`; users look rules up by it.
    public var ruleID: String
    public var severity: Severity
    /// The file as the user named it (relative paths stay relative).
    public var file: String
    public var location: Location?
    /// One line saying what is wrong, with the numbers that matter.
    public var message: String
    /// One line saying how to fix it, when there is something useful to say.
    public var hint: String?
    /// The rule's name for the problem, when the same problem in several files is one finding (`FindingGroup`).
    public var cause: Cause?
    /// The places this finding stands for, when one finding names several (the refusals of a tree whose upload
    /// cannot be decided).
    public var related: [RelatedLocation]

    public init(
        ruleID: String,
        severity: Severity,
        file: String,
        location: Location? = nil,
        message: String,
        hint: String? = nil,
        cause: Cause? = nil,
        related: [RelatedLocation] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.file = file
        self.location = location
        self.message = Self.bounded(message)
        self.hint = hint.map(Self.bounded)
        self.cause = cause
        self.related = related
    }
}
