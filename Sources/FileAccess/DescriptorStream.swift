#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text and bytes written to an open file in 64 KiB pieces, so a large output is never held whole; the first
/// failure is kept and what follows it is dropped.
public struct DescriptorStream: TextOutputStream {
    private let descriptor: Int32
    private var buffer = [UInt8]()
    /// 0, or the `errno` of the first write that failed (`ECANCELED` once abandoned).
    public private(set) var failure: Int32 = 0

    /// How many bytes are gathered before they are written.
    private static let pieceSize = 1 << 16

    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.pieceSize)
    }

    public mutating func write(_ string: String) {
        write(string.utf8)
    }

    /// Appends `bytes`; a piece as large as the buffer is written as it is, not copied.
    public mutating func write(_ bytes: some Collection<UInt8>) {
        guard failure == 0 else { return }
        if bytes.count >= Self.pieceSize {
            flush()
            let direct = bytes.withContiguousStorageIfAvailable { [descriptor] in
                writeAll(UnsafeRawBufferPointer($0), to: descriptor)
            }
            if let direct {
                if failure == 0 { failure = direct }
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.pieceSize { flush() }
    }

    /// Stops the output: nothing more is written, and ``finish()`` returns `ECANCELED`.
    public mutating func abandon() {
        if failure == 0 { failure = ECANCELED }
    }

    /// Writes what is gathered; returns 0 or the first failure.
    public mutating func finish() -> Int32 {
        flush()
        return failure
    }

    private mutating func flush() {
        guard failure == 0, !buffer.isEmpty else { return }
        failure = buffer.withUnsafeBytes { writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}
