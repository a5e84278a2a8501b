import Testing

@testable import NinePatchKit

/// `ExactByte`'s branch-free conversions give the standard conversions' bytes on their whole domain.
@Suite struct ExactByteTests {
    /// Every whole and half value in 0...255, the floats right next to each, and 512 steps between them.
    static let domain: [Float] = {
        var values = [Float]()
        for whole in 0...255 {
            for step in 0..<512 { values.append(Float(whole) + Float(step) / 512) }
            for edge in [Float(whole), Float(whole) + 0.5] { values += [edge.nextDown, edge, edge.nextUp] }
        }
        return values.filter { $0 >= 0 && $0 < 256 }
    }()

    @Test func truncatingIsTheStandardConversion() {
        for value in Self.domain {
            #expect(ExactByte.truncating(value) == UInt8(value), "\(value)")
        }
        #expect(ExactByte.truncating(Float(256).nextDown) == 255)
    }

    @Test func roundedClampedIsTheStandardRoundingClamped() {
        let outside: [Float] = [-1_000, -1, -0.5, -0.49, -0, 255.49, 255.5, 256, 1e9]
        for value in Self.domain + outside {
            #expect(ExactByte.roundedClamped(value) == UInt8(min(255, max(0, value.rounded()))), "\(value)")
        }
        // Just under a half: adding 0.5 and flooring would round it up.
        #expect(ExactByte.roundedClamped(Float(0.5).nextDown) == 0)
        #expect(ExactByte.roundedClamped(0.5) == 1)
        #expect(ExactByte.roundedClamped(2.5) == 3)
    }
}
