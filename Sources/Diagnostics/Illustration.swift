/// Which finding an illustration belongs to: the file's report and the finding's position in it.
public struct FindingKey: Sendable, Hashable {
    public var file: String
    /// The index of the finding in its `FileReport.diagnostics`.
    public var index: Int

    public init(file: String, index: Int) {
        self.file = file
        self.index = index
    }
}

/// A picture or a text excerpt that shows one finding, for reports meant for people (HTML). Diagnostics neither
/// reads files nor draws: the layer that does (`ReportIllustrations`) makes these, and reporters only embed them.
public struct Illustration: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// An encoded PNG and its size in pixels.
        case picture(png: [UInt8], width: Int, height: Int)
        /// Lines of a text file with the part the finding is about highlighted.
        case excerpt(TextExcerpt)
        /// A listing image as it is (PNG or JPEG bytes and their media type), shown small beside its finding.
        case thumbnail(bytes: [UInt8], mediaType: String)
    }

    /// One sentence saying what the illustration shows.
    public var caption: String
    public var content: Content

    public init(caption: String, content: Content) {
        self.caption = caption
        self.content = content
    }
}

/// Consecutive lines of a text file, each with an optional highlighted range.
public struct TextExcerpt: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        /// 1-based line number in the file.
        public var number: Int
        public var text: String
        /// The highlighted part, in Unicode scalars from the start of the line (the unit of playprep's columns).
        public var highlighted: Range<Int>?

        public init(number: Int, text: String, highlighted: Range<Int>? = nil) {
            self.number = number
            self.text = text
            self.highlighted = highlighted
        }
    }

    public var lines: [Line]
    /// Lines left out after the last one shown.
    public var omittedLines: Int

    public init(lines: [Line], omittedLines: Int = 0) {
        self.lines = lines
        self.omittedLines = omittedLines
    }
}
