/// What the bytes of a path tell about a match of ASCII text in it.
private enum ByteMatch {
    /// The bytes occur nowhere, so neither do the characters.
    case absent
    /// They occur between ASCII bytes (or the ends), so as whole characters, at this byte offset.
    case whole(Int)
    /// They occur only beside a non-ASCII byte, which may join a character across the match's edge: the
    /// character-level operation decides.
    case undecided
}

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
        case .absent: return false
        case .whole: return true
        case .undecided: return contains(part)
        }
    }

    /// The last component of the path, as `split(separator: "/").last` gives it (the whole path when it has no
    /// slash), found from the end.
    public var lastComponent: String {
        guard let slash = self[...].lastSlashIndex else { return self }
        let name = self[utf8.index(after: slash)...]
        return name.isEmpty ? split(separator: "/").last.map(String.init) ?? self : String(name)
    }

    /// The rest of the path after `prefix` when it starts with it: `hasPrefix(prefix) ? dropFirst(prefix.count) :
    /// nil`, with the same answer. Checks ask it of every walked file with a folder's path as `prefix`; for ASCII
    /// bytes on both sides it is decided by bytes (ASCII characters are single bytes, CR LF aside), else by the
    /// character-level operations.
    public func droppingPrefix(_ prefix: String) -> Substring? {
        let decided = utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { Self.prefixMatch(of: $0, in: bytes) }
        }
        switch decided ?? nil {
        case .whole(let offset): return self[utf8.index(utf8.startIndex, offsetBy: offset)...]
        case .absent: return nil
        case .undecided, nil: return hasPrefix(prefix) ? dropFirst(prefix.count) : nil
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

    /// How many components `pathComponents` has, counted without making them: in an ASCII path a component
    /// starts at each byte that is not a slash and follows a slash or the start (a combining mark after a slash
    /// joins it into another character, so other paths are split).
    public var pathComponentCount: Int {
        let counted: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            var afterSlash = true
            var seen: UInt8 = 0
            for byte in bytes {
                seen |= byte
                let isSlash = byte == UInt8(ascii: "/")
                if !isSlash && afterSlash { count += 1 }
                afterSlash = isSlash
            }
            return seen < 0x80 ? count : nil
        }
        return (counted ?? nil) ?? split(separator: "/").count
    }

    /// The path's components, as `split(separator: "/")` gives them (no empty ones): checks split every walked
    /// path, and an ASCII path is split by its bytes, which are its characters (no ASCII character joins a slash).
    public var pathComponents: [Substring] {
        let split: [Substring]?? = utf8.withContiguousStorageIfAvailable { bytes in
            let slash = UInt8(ascii: "/")
            var slashes = 0
            var seen: UInt8 = 0
            for byte in bytes {
                seen |= byte
                if byte == slash { slashes += 1 }
            }
            guard seen < 0x80 else { return nil }
            // Sized once: growing the list component by component cost more than the split itself.
            var parts = [Substring]()
            parts.reserveCapacity(slashes + 1)
            let first = utf8.startIndex
            var start = 0
            for offset in bytes.indices where bytes[offset] == slash {
                if offset > start {
                    parts.append(self[utf8.index(first, offsetBy: start)..<utf8.index(first, offsetBy: offset)])
                }
                start = offset + 1
            }
            if bytes.count > start {
                parts.append(self[utf8.index(first, offsetBy: start)..<utf8.index(first, offsetBy: bytes.count)])
            }
            return parts
        }
        return (split ?? nil) ?? self.split(separator: "/")
    }

    /// How `prefix`'s bytes start `bytes`, in one pass: decided only when `prefix` and the path's bytes up to
    /// one past it are ASCII (single-byte characters); a prefix ending in CR does not start a path going on with
    /// LF, as `\r\n` is one character.
    private static func prefixMatch(of prefix: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
        -> ByteMatch
    {
        let shared = Swift.min(prefix.count, bytes.count)
        var seen: UInt8 = 0
        var differs: UInt8 = 0
        for offset in 0..<shared {
            seen |= prefix[offset] | bytes[offset]
            differs |= prefix[offset] ^ bytes[offset]
        }
        for offset in shared..<prefix.count { seen |= prefix[offset] }
        if bytes.count > prefix.count { seen |= bytes[prefix.count] }
        guard seen < 0x80 else { return .undecided }
        guard bytes.count >= prefix.count, differs == 0 else { return .absent }
        if prefix.last == 13, bytes.count > prefix.count, bytes[prefix.count] == 10 { return .absent }
        return .whole(prefix.count)
    }

    private static func byteMatch(of part: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
        -> ByteMatch
    {
        guard let first = part.first, bytes.count >= part.count else { return part.isEmpty ? .undecided : .absent }
        var found = ByteMatch.absent
        for start in 0...(bytes.count - part.count) where bytes[start] == first {
            guard UnsafeBufferPointer(rebasing: bytes[start..<(start + part.count)]).elementsEqual(part) else {
                continue
            }
            let end = start + part.count
            if (start == 0 || bytes[start - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) {
                return .whole(start)
            }
            found = .undecided
        }
        return found
    }
}

extension Substring {
    /// The index of the last `/`, as `lastIndex(of: "/")` finds it: checks ask it of every walked file to split
    /// folder from name. A slash byte between ASCII bytes (or the ends) is a whole character, and no other
    /// character equals `/`; a slash beside a non-ASCII byte, which may join it into another character, is left
    /// to the character-level search. The character after it starts at `utf8.index(after:)`.
    public var lastSlashIndex: Index? {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> ByteMatch in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return .absent }
            let alone =
                (slash == 0 || bytes[slash - 1] < 0x80) && (slash + 1 == bytes.count || bytes[slash + 1] < 0x80)
            return alone ? .whole(slash) : .undecided
        }
        switch found {
        case .whole(let offset): return utf8.index(utf8.startIndex, offsetBy: offset)
        case .absent: return nil
        case .undecided, nil: return lastIndex(of: "/")
        }
    }
}
