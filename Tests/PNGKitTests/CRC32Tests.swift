import PNGKit
import Testing

/// The one CRC-32 of playprep is CRC-32/ISO-HDLC, as PNG chunks and ZIP entries use it.
@Suite struct CRC32Tests {
    @Test func hasTheCatalogueCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func matchesTheCRCsOfRealChunks() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        // Every PNG ends with this IEND chunk: its CRC is AE 42 60 82.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }
}
