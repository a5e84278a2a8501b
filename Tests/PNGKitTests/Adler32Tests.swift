import PNGShim
import Testing

/// PNGShim's Adler-32 replaces zlib's (see Adler32.c), so zlib checks every inflated PNG byte with it: it must
/// return exactly the checksum RFC 1950 defines, for any length, alignment and starting value.
@Suite struct Adler32Tests {
    /// RFC 1950's definition, a byte at a time.
    static func definition(_ start: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        var (sum, weighted) = ((start & 0xFFFF) % 65521, (start >> 16) % 65521)
        for byte in bytes {
            sum = (sum + UInt32(byte)) % 65521
            weighted = (weighted + sum) % 65521
        }
        return weighted << 16 | sum
    }

    static func adler(_ start: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { pngshim_adler32(start, $0.baseAddress, $0.count) }
    }

    @Test func hasTheKnownCheckValues() {
        #expect(Self.adler(1, ArraySlice("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Self.adler(1, ArraySlice("123456789".utf8)) == 0x091E_01DE)
        #expect(Self.adler(1, []) == 1)
    }

    /// Lengths around the 16-byte blocks and the 5,552-byte reductions, at every alignment, from several starts;
    /// all-0xFF data makes the sums as large as they can get.
    @Test(arguments: [UInt8(0xFF), 0x00, 0x5A])
    func equalsTheDefinition(fill: UInt8) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<40_000).map { index in fill == 0x5A ? UInt8.random(in: 0...255, using: &generator) : fill }
        let lengths = Array(0...40) + [255, 256, 5_551, 5_552, 5_553, 11_104, 11_120, 39_983]
        for length in lengths {
            for offset in [0, 1, 7, 15] where offset + length <= bytes.count {
                let slice = bytes[offset..<(offset + length)]
                for start: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678] {
                    #expect(Self.adler(start, slice) == Self.definition(start, slice), "\(length) at \(offset)")
                }
            }
        }
    }
}
