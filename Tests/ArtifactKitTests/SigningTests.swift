import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import ArtifactKit

/// The signatures read offline: the APK Signing Block's signers, the JAR signature's PKCS#7, their limits, and
/// the signing rules on the fixtures `scripts/make-artifacts.sh` signs with apksigner and jarsigner.
@Suite struct SigningTests {
    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/\(name)").path }

    func facts(_ name: String) throws -> ArtifactFacts {
        try ArtifactFixtureTests.checker.check(path: Self.path(name)).facts
    }

    @Test func releaseIsSignedWithV2AndV3ByTheUploadKey() throws {
        let facts = try facts("release.apk")
        #expect(facts.signatureSchemes == ["v2", "v3"])
        #expect(facts.signers.count == 1)
        #expect(facts.signers.first?.schemes == ["v2", "v3"])
        #expect(facts.signers.first?.sha256 == ArtifactRules.fixtureUploadCertificate)
        #expect(facts.signers.first?.subject == "CN=playprep upload,O=playprep")
        #expect(facts.abis.map(\.pageSize16KB) == ["n/a", "ok"])
        #expect(facts.compileSdk == 29)
    }

    @Test func theJARSignatureOfAnAPKAndABundle() throws {
        #expect(try facts("v1-only.apk").signatureSchemes == ["v1"])
        #expect(try facts("v1-only.apk").signers.first?.sha256 == ArtifactRules.fixtureUploadCertificate)
        #expect(try facts("release.aab").signatureSchemes == ["v1"])
        #expect(try facts("unsigned.apk").signatureSchemes == [])
        #expect(try facts("unsigned.aab").signers == [])
    }

    @Test func eachSigningRuleOnItsFixture() throws {
        // Only the ART family: every fixture targets API 36, so each also gets DCL001, the Advertising ID answer
        // Play asks of every API 33+ app, which DeclarationTests pins; here only what the signature proves.
        func rules(_ name: String, upload: String? = nil) throws -> [String] {
            var checker = ArtifactFixtureTests.checker
            checker.uploadCertificate = upload
            return try checker.check(path: Self.path(name)).files.flatMap(\.diagnostics).map(\.ruleID)
                .filter { $0.hasPrefix("ART") }
        }
        #expect(try rules("unsigned.apk") == ["ART013"])
        #expect(try rules("unsigned.aab") == ["ART013"])
        #expect(try rules("debug-signed.apk") == ["ART014"])
        #expect(try rules("short-lived.apk") == ["ART016"])
        #expect(try rules("v1-only.apk") == ["ART017"])
        #expect(try rules("no-metadata.aab") == ["ART018", "ART019"])
        #expect(try rules("release.apk", upload: ArtifactRules.fixtureUploadCertificate) == [])
        #expect(try rules("release.aab", upload: ArtifactRules.fixtureUploadCertificate) == [])
        #expect(try rules("debug-signed.apk", upload: ArtifactRules.fixtureUploadCertificate) == ["ART014", "ART015"])
        // Not signed at all is ART013's, not also ART015's.
        #expect(try rules("unsigned.apk", upload: ArtifactRules.fixtureUploadCertificate) == ["ART013"])
    }

    @Test func fingerprintsAreAcceptedAsPeoplePasteThem() {
        let colons = ArtifactRules.fixtureUploadCertificate
        let plain = colons.replacingOccurrences(of: ":", with: "").lowercased()
        #expect(ArtifactChecker.uploadCertificateFingerprint(plain) == colons)
        #expect(ArtifactChecker.uploadCertificateFingerprint(colons.lowercased()) == colons)
        #expect(ArtifactChecker.uploadCertificateFingerprint("12:34") == nil)
        #expect(ArtifactChecker.uploadCertificateFingerprint(String(repeating: "g", count: 64)) == nil)
    }

    /// A block laid out by hand around `pairs`: size, pairs, size, magic, then a central directory offset.
    static func block(_ pairs: [UInt8], declaredSize: UInt64? = nil) -> (bytes: [UInt8], directory: Int) {
        let size = declaredSize ?? UInt64(pairs.count + 24)
        let le64 = { (value: UInt64) in (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) } }
        let bytes = [UInt8](repeating: 0, count: 16) + le64(size) + pairs + le64(size) + APKSigningBlock.magic
        return (bytes, bytes.count)
    }

    static func lengthPrefixed(_ body: [UInt8]) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: body.count >> ($0 * 8)) } + body
    }

    @Test func theSigningBlockIsReadWithinItsBounds() throws {
        // No magic: no block (an unsigned or v1-only APK).
        #expect(
            try APKSigningBlock.read(Data(count: 64), centralDirectory: 64, limits: .init()) == nil)
        // A v2 pair whose signer sequence claims more bytes than it has.
        let v2: [UInt8] = [0x1A, 0x87, 0x09, 0x71] + [0xFF, 0xFF, 0, 0]
        let pair = (0..<8).map { UInt8(truncatingIfNeeded: v2.count >> ($0 * 8)) } + v2
        let truncated = Self.block(pair)
        let error = #expect(throws: (any Error).self) {
            try APKSigningBlock.read(Data(truncated.bytes), centralDirectory: truncated.directory, limits: .init())
        }
        #expect("\(String(describing: error))".contains("reaches past the end"), "\(String(describing: error))")
        // A size that does not fit before the central directory, or over the limit.
        let oversized = Self.block(pair, declaredSize: 1 << 40)
        #expect(throws: (any Error).self) {
            try APKSigningBlock.read(Data(oversized.bytes), centralDirectory: oversized.directory, limits: .init())
        }
        let small = SigningLimits(maxBlockBytes: 16)
        #expect(throws: (any Error).self) {
            try APKSigningBlock.read(Data(truncated.bytes), centralDirectory: truncated.directory, limits: small)
        }
        // An unknown pair (padding, v4's, a channel id) is skipped.
        let other: [UInt8] = [0x77, 0x65, 0x72, 0x42, 1, 2, 3]
        let skipped = Self.block((0..<8).map { UInt8(truncatingIfNeeded: other.count >> ($0 * 8)) } + other)
        #expect(
            try APKSigningBlock.read(Data(skipped.bytes), centralDirectory: skipped.directory, limits: .init())?.signers
                == []
        )
    }

    @Test func tooManySignersAreRefused() throws {
        let certificate = Self.lengthPrefixed([0x30, 0x00])
        let signedData = Self.lengthPrefixed(Self.lengthPrefixed([]) + Self.lengthPrefixed(certificate))
        let signer = Self.lengthPrefixed(signedData)
        let value: [UInt8] = [0x1A, 0x87, 0x09, 0x71] + Self.lengthPrefixed(signer + signer + signer)
        let pair = (0..<8).map { UInt8(truncatingIfNeeded: value.count >> ($0 * 8)) } + value
        let block = Self.block(pair)
        #expect(
            try APKSigningBlock.read(Data(block.bytes), centralDirectory: block.directory, limits: .init())?.signers
                .count
                == 3)
        #expect(throws: (any Error).self) {
            try APKSigningBlock.read(
                Data(block.bytes), centralDirectory: block.directory, limits: SigningLimits(maxSigners: 2))
        }
    }

    @Test func aJARSignatureThatIsNotPKCS7IsAnError() {
        #expect(throws: (any Error).self) {
            try JARSignature.certificates([0x30, 0x03, 0x02, 0x01, 0x01])
        }
        #expect(throws: (any Error).self) {
            try JARSignature.certificates([])
        }
        #expect(JARSignature.isSignatureBlock("META-INF/CERT.RSA"))
        #expect(JARSignature.isSignatureBlock("META-INF/upload.ec"))
        #expect(!JARSignature.isSignatureBlock("META-INF/sub/CERT.RSA"))
        #expect(!JARSignature.isSignatureBlock("META-INF/CERT.SF"))
    }
}
