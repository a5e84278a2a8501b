/// Names a pixel colour the way a person would say it, with its exact value: `black at alpha 128 (0x80000000)`.
enum ColorWords {
    static func describe(_ argb: UInt32) -> String {
        "\(name(argb)) (\(hex(argb)))"
    }

    /// `0xAARRGGBB` with eight upper-case digits.
    static func hex(_ argb: UInt32) -> String {
        let digits = String(argb, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    private static func name(_ argb: UInt32) -> String {
        let alpha = argb >> 24
        let red = (argb >> 16) & 0xFF
        let green = (argb >> 8) & 0xFF
        let blue = argb & 0xFF
        if alpha == 0 { return "transparent" }
        let hue: String
        switch (red, green, blue) {
        case (0, 0, 0): hue = "black"
        case (255, 255, 255): hue = "white"
        case (255, 0, 0): hue = "red"
        case (let r, let g, let b) where r <= 8 && g <= 8 && b <= 8: hue = "almost black"
        case (let r, let g, let b) where r == g && g == b: hue = "grey"
        case (let r, let g, let b) where r >= 247 && g <= 8 && b <= 8: hue = "almost red"
        default: hue = "colour"
        }
        return alpha == 255 ? "opaque \(hue)" : "\(hue) at alpha \(alpha)"
    }
}
