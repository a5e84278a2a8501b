import Testing

@testable import ProjectCheck

/// `artifact: uploadCertificate:` in playprep.yml (ART015): normalized as reports print fingerprints, and a value
/// that is not a SHA-256 fingerprint is an error with its line.
@Suite struct UploadCertificateConfigurationTests {
    @Test func theFingerprintIsNormalized() throws {
        let configuration = try ProjectConfiguration.parse(
            "artifact:\n  uploadCertificate: " + String(repeating: "ab", count: 32) + "\n", file: "playprep.yml")
        #expect(configuration.uploadCertificate == Array(repeating: "AB", count: 32).joined(separator: ":"))
    }

    @Test func aMalformedFingerprintIsAnErrorWithItsLine() {
        #expect(throws: ConfigurationError.self) {
            try ProjectConfiguration.parse("artifact:\n  uploadCertificate: 12:34\n", file: "playprep.yml")
        }
        do {
            _ = try ProjectConfiguration.parse("artifact:\n  uploadCertificate: 12:34\n", file: "playprep.yml")
        } catch {
            #expect(error.description.contains("playprep.yml:2"), "\(error.description)")
            #expect(error.description.contains("SHA-256 fingerprint"))
        }
    }
}
