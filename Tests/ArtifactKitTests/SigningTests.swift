import Diagnostics
import Foundation
import TestSupport
import XCTest

@testable import ArtifactKit

/// The signatures read offline: the APK Signing Block's signers, the JAR signature's PKCS#7, their limits, and
/// the signing rules on the fixtures `scripts/make-artifacts.sh` signs with apksigner and jarsigner.
final class SigningTests: XCTestCase {
    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/\(name)").path }

    func facts(_ name: String) throws -> ArtifactFacts {
        try ArtifactFixtureTests.checker.check(path: Self.path(name)).facts
    }

    func testReleaseIsSignedWithV2AndV3ByTheUploadKey() throws {
        let facts = try facts("release.apk")
        XCTAssertEqual(facts.signatureSchemes, ["v2", "v3"])
        XCTAssertEqual(facts.signers.count, 1)
        XCTAssertEqual(facts.signers.first?.schemes, ["v2", "v3"])
        XCTAssertEqual(facts.signers.first?.sha256, ArtifactRules.fixtureUploadCertificate)
        XCTAssertEqual(facts.signers.first?.subject, "CN=playprep upload,O=playprep")
        XCTAssertEqual(facts.abis.map(\.pageSize16KB), ["n/a", "ok"])
        XCTAssertEqual(facts.compileSdk, 29)
    }

    func testTheJARSignatureOfAnAPKAndABundle() throws {
        XCTAssertEqual(try facts("v1-only.apk").signatureSchemes, ["v1"])
        XCTAssertEqual(try facts("v1-only.apk").signers.first?.sha256, ArtifactRules.fixtureUploadCertificate)
        XCTAssertEqual(try facts("release.aab").signatureSchemes, ["v1"])
        XCTAssertEqual(try facts("unsigned.apk").signatureSchemes, [])
        XCTAssertEqual(try facts("unsigned.aab").signers, [])
    }

    func testEachSigningRuleOnItsFixture() throws {
        // Only the ART family: every fixture targets API 36, so each also gets DCL001, the Advertising ID answer
        // Play asks of every API 33+ app, which DeclarationTests pins; here only what the signature proves.
        func rules(_ name: String, upload: String? = nil) throws -> [String] {
            var checker = ArtifactFixtureTests.checker
            checker.uploadCertificate = upload
            return try checker.check(path: Self.path(name)).files.flatMap(\.diagnostics).map(\.ruleID)
                .filter { $0.hasPrefix("ART") }
        }
        XCTAssertEqual(try rules("unsigned.apk"), ["ART013"])
        XCTAssertEqual(try rules("unsigned.aab"), ["ART013"])
        XCTAssertEqual(try rules("debug-signed.apk"), ["ART014"])
        XCTAssertEqual(try rules("short-lived.apk"), ["ART016"])
        XCTAssertEqual(try rules("v1-only.apk"), ["ART017"])
        XCTAssertEqual(try rules("no-metadata.aab"), ["ART018", "ART019"])
        XCTAssertEqual(try rules("release.apk", upload: ArtifactRules.fixtureUploadCertificate), [])
        XCTAssertEqual(try rules("release.aab", upload: ArtifactRules.fixtureUploadCertificate), [])
        XCTAssertEqual(
            try rules("debug-signed.apk", upload: ArtifactRules.fixtureUploadCertificate), ["ART014", "ART015"])
        // Not signed at all is ART013's, not also ART015's.
        XCTAssertEqual(try rules("unsigned.apk", upload: ArtifactRules.fixtureUploadCertificate), ["ART013"])
    }

    func testFingerprintsAreAcceptedAsPeoplePasteThem() {
        let colons = ArtifactRules.fixtureUploadCertificate
        let plain = colons.replacingOccurrences(of: ":", with: "").lowercased()
        XCTAssertEqual(ArtifactChecker.uploadCertificateFingerprint(plain), colons)
        XCTAssertEqual(ArtifactChecker.uploadCertificateFingerprint(colons.lowercased()), colons)
        XCTAssertNil(ArtifactChecker.uploadCertificateFingerprint("12:34"))
        XCTAssertNil(ArtifactChecker.uploadCertificateFingerprint(String(repeating: "g", count: 64)))
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

    func testTheSigningBlockIsReadWithinItsBounds() throws {
        // No magic: no block (an unsigned or v1-only APK).
        XCTAssertNil(try APKSigningBlock.read([UInt8](repeating: 0, count: 64), centralDirectory: 64, limits: .init()))
        // A v2 pair whose signer sequence claims more bytes than it has.
        let v2: [UInt8] = [0x1A, 0x87, 0x09, 0x71] + [0xFF, 0xFF, 0, 0]
        let pair = (0..<8).map { UInt8(truncatingIfNeeded: v2.count >> ($0 * 8)) } + v2
        let truncated = Self.block(pair)
        XCTAssertThrowsError(
            try APKSigningBlock.read(truncated.bytes, centralDirectory: truncated.directory, limits: .init())
        ) { error in
            XCTAssertTrue("\(error)".contains("reaches past the end"), "\(error)")
        }
        // A size that does not fit before the central directory, or over the limit.
        let oversized = Self.block(pair, declaredSize: 1 << 40)
        XCTAssertThrowsError(
            try APKSigningBlock.read(oversized.bytes, centralDirectory: oversized.directory, limits: .init()))
        let small = SigningLimits(maxBlockBytes: 16)
        XCTAssertThrowsError(
            try APKSigningBlock.read(truncated.bytes, centralDirectory: truncated.directory, limits: small))
        // An unknown pair (padding, v4's, a channel id) is skipped.
        let other: [UInt8] = [0x77, 0x65, 0x72, 0x42, 1, 2, 3]
        let skipped = Self.block((0..<8).map { UInt8(truncatingIfNeeded: other.count >> ($0 * 8)) } + other)
        XCTAssertEqual(
            try APKSigningBlock.read(skipped.bytes, centralDirectory: skipped.directory, limits: .init())?.signers, [])
    }

    func testTooManySignersAreRefused() throws {
        let certificate = Self.lengthPrefixed([0x30, 0x00])
        let signedData = Self.lengthPrefixed(Self.lengthPrefixed([]) + Self.lengthPrefixed(certificate))
        let signer = Self.lengthPrefixed(signedData)
        let value: [UInt8] = [0x1A, 0x87, 0x09, 0x71] + Self.lengthPrefixed(signer + signer + signer)
        let pair = (0..<8).map { UInt8(truncatingIfNeeded: value.count >> ($0 * 8)) } + value
        let block = Self.block(pair)
        XCTAssertEqual(
            try APKSigningBlock.read(block.bytes, centralDirectory: block.directory, limits: .init())?.signers.count, 3)
        XCTAssertThrowsError(
            try APKSigningBlock.read(
                block.bytes, centralDirectory: block.directory, limits: SigningLimits(maxSigners: 2)))
    }

    func testAJARSignatureThatIsNotPKCS7IsAnError() {
        XCTAssertThrowsError(try JARSignature.certificates([0x30, 0x03, 0x02, 0x01, 0x01]))
        XCTAssertThrowsError(try JARSignature.certificates([]))
        XCTAssertTrue(JARSignature.isSignatureBlock("META-INF/CERT.RSA"))
        XCTAssertTrue(JARSignature.isSignatureBlock("META-INF/upload.ec"))
        XCTAssertFalse(JARSignature.isSignatureBlock("META-INF/sub/CERT.RSA"))
        XCTAssertFalse(JARSignature.isSignatureBlock("META-INF/CERT.SF"))
    }
}
