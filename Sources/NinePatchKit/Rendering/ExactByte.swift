/// Float-to-byte conversions for the drawing loops, equal to the standard conversions on their domain but without
/// the standard conversion's range checks (a branch per value), so the compiler can vectorise the loops that use
/// them. `ExactByteTests` compares both on every boundary.
enum ExactByte {
    /// 2^23: adding it to a float in [0, 2^23) leaves a unit in the last place, so the sum is the value rounded to
    /// the nearest integer (ties to even) plus 2^23, and its bits hold that integer.
    private static let unitLastPlace: Float = 8_388_608
    private static let unitLastPlaceBits: Int32 = 0x4B00_0000

    /// `UInt8(value)`, i.e. `value` truncated toward zero, for `0 <= value < 256`.
    @inline(__always)
    static func truncating(_ value: Float) -> UInt8 {
        let shifted = value + unitLastPlace
        let nearest = shifted - unitLastPlace
        let integer = Int32(bitPattern: shifted.bitPattern) &- unitLastPlaceBits
        return UInt8(truncatingIfNeeded: integer &- (nearest > value ? 1 : 0))
    }

    /// `UInt8(min(255, max(0, value.rounded())))` (halves away from zero) for any finite `value`.
    @inline(__always)
    static func roundedClamped(_ value: Float) -> UInt8 {
        // Clamping first gives the same byte: 0 and 255 are whole, and rounding is monotone.
        let clamped = min(max(value, 0), 255)
        let shifted = clamped + unitLastPlace
        let nearest = shifted - unitLastPlace
        let isAbove = nearest > clamped
        let floor = isAbove ? nearest - 1 : nearest
        let integer = Int32(bitPattern: shifted.bitPattern) &- unitLastPlaceBits &- (isAbove ? 1 : 0)
        // `clamped - floor` is exact: the fraction of a float at least 0.
        return UInt8(truncatingIfNeeded: integer &+ (clamped - floor >= 0.5 ? 1 : 0))
    }
}
