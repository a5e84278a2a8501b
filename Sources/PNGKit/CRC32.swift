/// CRC-32/ISO-HDLC (ISO 3309; reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF), the
/// checksum after every PNG chunk (over its type and data) and of ZIP and gzip data. The one implementation in
/// playprep, table-driven, so every reader and writer of chunks agrees on it. The check value of the ASCII
/// bytes "123456789" is 0xCBF43926.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
