/// Quick questions about the text of a path that checks ask of every file of a project, with exactly the answers
/// `String`'s character-level operations give, found by bytes. A byte match between ASCII bytes is a match of
/// whole characters (no ASCII character joins a neighbour into one, CR LF aside); only a match beside a non-ASCII
/// byte is left to the slower character-level operation.
extension String {
    /// `contains(part)` for an ASCII `part` (such as `/src/main/java/`).
    public func containsPathPart(_ part: String) -> Bool {
        var path = self
        let match = path.withUTF8 { bytes in
            part.utf8.withContiguousStorageIfAvailable { Self.byteMatch(of: $0, in: bytes) } ?? .undecided
        }
        switch match {
        case .none: return false
        case .whole: return true
        case .undecided: return contains(part)
        }
    }

    /// The last component of the path, as `split(separator: "/").last` gives it (the whole path when it has no
    /// slash), found from the end.
    public var lastComponent: String {
        guard let slash = lastIndex(of: "/") else { return self }
        let name = self[index(after: slash)...]
        return name.isEmpty ? split(separator: "/").last.map(String.init) ?? self : String(name)
    }

    private enum ByteMatch {
        /// `part`'s bytes occur nowhere, so neither does `part`.
        case none
        /// They occur between ASCII bytes (or the ends): `part` occurs as whole characters.
        case whole
        /// They occur only beside a non-ASCII byte, which may join a character across the match's edge.
        case undecided
    }

    private static func byteMatch(of part: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
        -> ByteMatch
    {
        guard let first = part.first, bytes.count >= part.count else { return part.isEmpty ? .undecided : .none }
        var found = ByteMatch.none
        for start in 0...(bytes.count - part.count) where bytes[start] == first {
            guard UnsafeBufferPointer(rebasing: bytes[start..<(start + part.count)]).elementsEqual(part) else {
                continue
            }
            let end = start + part.count
            if (start == 0 || bytes[start - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) { return .whole }
            found = .undecided
        }
        return found
    }
}
