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

    /// The rest of the path after `prefix` when it starts with it: `hasPrefix(prefix) ? dropFirst(prefix.count) :
    /// nil`, with the same answer. Checks ask it of every walked file with a folder's path as `prefix`; for ASCII
    /// bytes on both sides it is decided by bytes (ASCII characters are single bytes, CR LF aside), else by the
    /// character-level operations.
    public func droppingPrefix(_ prefix: String) -> Substring? {
        var path = self
        var prefix = prefix
        let decided: Int?? = path.withUTF8 { bytes in
            prefix.withUTF8 { start in
                let checked = Swift.min(bytes.count, start.count + 1)
                guard start.allSatisfy({ $0 < 0x80 }), bytes[..<checked].allSatisfy({ $0 < 0x80 }) else { return nil }
                guard bytes.count >= start.count, bytes[..<start.count].elementsEqual(start) else { return .some(nil) }
                // `\r\n` is one character: a prefix ending in `\r` does not start a path going on with `\n`.
                if start.last == 13, bytes.count > start.count, bytes[start.count] == 10 { return .some(nil) }
                return .some(start.count)
            }
        }
        switch decided {
        case .some(let offset?): return self[utf8.index(utf8.startIndex, offsetBy: offset)...]
        case .some(nil): return nil
        case nil: return hasPrefix(prefix) ? dropFirst(prefix.count) : nil
        }
    }

    /// Whether a component of the path starts with a dot (a hidden file or folder), as
    /// `split(separator: "/").contains { $0.hasPrefix(".") }` answers it; by bytes when the path is ASCII.
    public var hasHiddenComponent: Bool {
        var path = self
        let decided: Bool? = path.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var atStart = true
            for byte in bytes {
                if atStart && byte == UInt8(ascii: ".") { return true }
                atStart = byte == UInt8(ascii: "/")
            }
            return false
        }
        return decided ?? split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Whether the path comes before `other` in UTF-8 byte order (`utf8.lexicographicallyPrecedes(other.utf8)`),
    /// compared in place: sorting a project's files compares their long shared folder prefixes many times.
    public func precedesInByteOrder(_ other: String) -> Bool {
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { bytes.lexicographicallyPrecedes($0) }
        }
        return (inPlace ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// The path's components, as `split(separator: "/")` gives them (no empty ones): checks split every walked
    /// path, and an ASCII path is split by its bytes, which are its characters (no ASCII character joins a slash).
    public var pathComponents: [Substring] {
        var path = self
        let bounds: [Range<Int>]? = path.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var bounds = [Range<Int>]()
            var start = 0
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                if offset > start { bounds.append(start..<offset) }
                start = offset + 1
            }
            if bytes.count > start { bounds.append(start..<bytes.count) }
            return bounds
        }
        guard let bounds else { return split(separator: "/") }
        return bounds.map {
            self[utf8.index(startIndex, offsetBy: $0.lowerBound)..<utf8.index(startIndex, offsetBy: $0.upperBound)]
        }
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
