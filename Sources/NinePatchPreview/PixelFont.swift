/// A 5×7 pixel font for printable ASCII, so preview sheets can carry labels without a font library.
/// Each glyph is seven rows of five bits (the high bit is the leftmost pixel), written as hex pairs.
struct PixelFont: Sendable {
    static let glyphWidth = 5
    static let glyphHeight = 7
    /// Horizontal distance from one character to the next, in font pixels.
    static let advance = 6

    private static let firstCharacter: UInt8 = 0x20
    private static let rows: [UInt8] = {
        let digits = table.joined().utf8.map {
            $0 <= UInt8(ascii: "9") ? $0 - UInt8(ascii: "0") : $0 - UInt8(ascii: "A") + 10
        }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }()

    /// Whether pixel (`x`, `y`) of `character`'s glyph is set; characters outside printable ASCII draw as `?`.
    static func isSet(_ character: Character, x: Int, y: Int) -> Bool {
        let code = character.asciiValue.flatMap { (0x20...0x7E).contains($0) ? $0 : nil } ?? UInt8(ascii: "?")
        let row = rows[Int(code - firstCharacter) * glyphHeight + y]
        return row & (0x10 >> UInt8(x)) != 0
    }

    /// Width in font pixels of `text` on one line.
    static func width(of text: String) -> Int { max(0, text.count * advance - 1) }

    private static let table = [
        "00000000000000040404040400040A0A00000000000A0A1F0A1F0A0A040F140E051E0418190204081303",
        "0C12140815120D0404000000000002040808080402080402020204080004150E1504000004041F040400",
        "000000000C04080000001F00000000000000000C0C000102040810000E11131519110E040C040404040E",
        "0E11010204081F1F02040201110E02060A121F02021F101E0101110E0608101E11110E1F010204080808",
        "0E11110E11110E0E11110F01020C000C0C000C0C00000C0C000C04080204081008040200001F001F0000",
        "080402010204080E1101020400040E11010D15150E0E11111F1111111E11111E11111E0E11101010110E",
        "1C12111111121C1F10101E10101F1F10101E1010100E11101711110F1111111F1111110E04040404040E",
        "0702020202120C111214181412111010101010101F111B1515111111111119151311110E11111111110E",
        "1E11111E1010100E11111115120D1E11111E1412110F10100E01011E1F0404040404041111111111110E",
        "11111111110A041111111515150A11110A040A111111110A040404041F01020408101F0E08080808080E",
        "001008040201000E02020202020E040A11000000000000000000001F0804000000000000000E010F110F",
        "1010161911111E00000E1010110E01010D1311110F00000E111F100E0609081C080808000F11110F010E",
        "1010161911111104000C0404040E0200060202120C101012141814120C04040404040E00001A15151111",
        "0000161911111100000E1111110E00001E111E101000000D130F01010000161910101000000E100E011E",
        "08081C080809060000111111130D00001111110A040000111115150A0000110A040A11000011110F010E",
        "00001F0204081F02040408040402040404040404040804040204040800000815020000",
    ]
}
