/// Reads a JPEG's size and component count from its first start-of-frame (SOFn) marker, without decoding.
struct JPEGHeaderReader: Sendable {
    struct Header: Sendable, Hashable {
        var width: Int
        var height: Int
        /// 1 grey, 3 YCbCr, 4 CMYK or YCCK.
        var components: Int
        var precision: Int
    }

    enum Failure: Error, Sendable, Hashable {
        case notJPEG
        case truncated
        case noFrame
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static let frameMarkers: Set<UInt8> = [
        0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]

    func header(of bytes: [UInt8]) throws(Failure) -> Header {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
        var offset = 2
        while true {
            guard offset + 1 < bytes.count else { throw .truncated }
            guard bytes[offset] == 0xFF else { throw .truncated }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { throw .noFrame }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard offset + 3 < bytes.count else { throw .truncated }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { throw .truncated }
            if Self.frameMarkers.contains(marker) {
                guard offset + 9 < bytes.count, length >= 8 else { throw .truncated }
                let base = offset + 4
                return Header(
                    width: Int(bytes[base + 3]) << 8 | Int(bytes[base + 4]),
                    height: Int(bytes[base + 1]) << 8 | Int(bytes[base + 2]),
                    components: Int(bytes[base + 5]), precision: Int(bytes[base]))
            }
            offset += 2 + length
        }
    }
}
