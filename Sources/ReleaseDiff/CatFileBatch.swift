/// `git cat-file --batch` output split into objects as it arrives, piece by piece, so no object is held whole:
/// each object is `<object> <type> <size>\n`, then `size` bytes, then `\n`; a missing one is `<object> missing\n`.
struct CatFileBatch {
    /// What the output holds next.
    enum Event {
        /// An object's header: its bytes follow.
        case object(bytes: Int)
        /// Some of the current object's bytes (in order).
        case bytes(UnsafeRawBufferPointer)
        /// The current object's last byte has been handed over.
        case end
    }

    /// A header line longer than this is no cat-file header (an object name, a type and a size).
    private static let maximumHeaderBytes = 512

    private var header = [UInt8]()
    /// Bytes of the current object still to come, or nil while a header is read.
    private var remaining: Int?
    /// Whether the newline after an object's bytes is still to come.
    private var awaitsNewline = false
    /// Objects whose header has been read.
    private(set) var objects = 0

    /// Hands `piece` to `handle` as events, each with the index of its object in request order; throws the first header that is not an object's, or `handle`'s error.
    mutating func feed(
        _ piece: UnsafeRawBufferPointer, _ handle: (Int, Event) throws(ReleaseReadError) -> Void
    ) throws(ReleaseReadError) {
        var position = 0
        while position < piece.count {
            if awaitsNewline {
                guard piece[position] == 10 else { throw .gitFailed("unexpected cat-file output after an object") }
                awaitsNewline = false
                position += 1
            } else if let left = remaining {
                let count = min(left, piece.count - position)
                try handle(objects - 1, .bytes(UnsafeRawBufferPointer(rebasing: piece[position..<(position + count)])))
                position += count
                try finish(left - count, handle)
            } else if piece[position] == 10 {
                position += 1
                let fields = header.split(separator: 32)
                let line = String(decoding: header, as: UTF8.self)
                header.removeAll(keepingCapacity: true)
                guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0 else {
                    throw .gitFailed("unexpected cat-file output: \(line)")
                }
                objects += 1
                try handle(objects - 1, .object(bytes: size))
                try finish(size, handle)
            } else {
                guard header.count < Self.maximumHeaderBytes else { throw .gitFailed("unexpected cat-file output") }
                header.append(piece[position])
                position += 1
            }
        }
    }

    /// Records that `left` bytes of the current object are still to come, ending it when none are.
    private mutating func finish(_ left: Int, _ handle: (Int, Event) throws(ReleaseReadError) -> Void)
        throws(ReleaseReadError)
    {
        guard left == 0 else {
            remaining = left
            return
        }
        remaining = nil
        awaitsNewline = true
        try handle(objects - 1, .end)
    }
}
