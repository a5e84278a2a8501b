/// The parts of an ELF shared library Play's native-code rules look at: its class (32 or 64-bit), machine and
/// the alignment of each loadable segment.
public struct ELFFile: Sendable, Hashable {
    static let loadSegment = 1

    public var is64Bit: Bool
    /// `e_machine` (183 AArch64, 40 ARM, 62 x86-64, 3 x86).
    public var machine: Int
    /// `p_align` of every `PT_LOAD` segment, in file order.
    public var loadAlignments: [UInt64]

    public init(_ bytes: [UInt8]) throws(ArtifactParseError) {
        let reader = BinaryReader(bytes: bytes)
        guard bytes.count >= 52, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            throw ArtifactParseError("not an ELF file")
        }
        guard bytes[5] == 1 else { throw ArtifactParseError("not a little-endian ELF file") }
        guard bytes[4] == 1 || bytes[4] == 2 else { throw ArtifactParseError("unknown ELF class \(bytes[4])") }
        let is64Bit = bytes[4] == 2
        self.is64Bit = is64Bit
        (machine, loadAlignments) = try reader.parsing { () throws(BinaryReader.OutOfBounds) in
            let machine = try reader.u16(0x12)
            let headerTable = is64Bit ? Int(clamping: try reader.u64(0x20)) : try reader.u32(0x1C)
            let entrySize = try reader.u16(is64Bit ? 0x36 : 0x2A)
            let count = try reader.u16(is64Bit ? 0x38 : 0x2C)
            guard headerTable <= bytes.count else {
                throw BinaryReader.OutOfBounds(offset: headerTable, size: entrySize * count, count: bytes.count)
            }
            var alignments = [UInt64]()
            for index in 0..<count {
                let header = headerTable + index * entrySize
                guard try reader.u32(header) == Self.loadSegment else { continue }
                alignments.append(is64Bit ? try reader.u64(header + 0x30) : UInt64(try reader.u32(header + 0x1C)))
            }
            return (machine, alignments)
        }
    }

    /// The smallest `PT_LOAD` alignment, or `nil` without loadable segments.
    public var minimumLoadAlignment: UInt64? { loadAlignments.min() }
}

/// The Android ABIs of `lib/<abi>/`, with their 64-bit counterparts.
public enum AndroidABI: String, Sendable, CaseIterable {
    case armeabiV7a = "armeabi-v7a"
    case arm64V8a = "arm64-v8a"
    case x86
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The ABI's own name, as in lib/x86_64/.
    case x86_64
    case armeabi

    public var is64Bit: Bool { self == .arm64V8a || self == .x86_64 }

    /// The 64-bit ABI Play expects beside a 32-bit one.
    public var sixtyFourBitCounterpart: AndroidABI? {
        switch self {
        case .armeabiV7a, .armeabi: .arm64V8a
        case .x86: .x86_64
        case .arm64V8a, .x86_64: nil
        }
    }
}
