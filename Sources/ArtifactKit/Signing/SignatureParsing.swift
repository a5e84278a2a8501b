import Foundation

/// The two signature parsers on raw bytes, without an archive around them: what the fuzz target
/// (`Fuzz/Sources/SigningFuzzer`) drives, and a way to read a signature file on its own. Each returns the SHA-256
/// fingerprints of the certificates it read, or throws why it could not.
public enum SignatureParsing {
    /// The v2, v3 and v3.1 signers of the APK Signing Block that ends at `centralDirectory` in `bytes` (none
    /// without the block's magic there).
    public static func signingBlockFingerprints(
        _ bytes: [UInt8], centralDirectory: Int, limits: SigningLimits = SigningLimits()
    ) throws(ArtifactParseError) -> [String] {
        let block = try APKSigningBlock.read(Data(bytes), centralDirectory: centralDirectory, limits: limits)
        return try (block?.signerCertificates() ?? []).map(\.certificate.sha256)
    }

    /// The signers of a JAR signature file (`META-INF/*.RSA|DSA|EC`, PKCS#7 SignedData).
    public static func jarSignatureFingerprints(_ bytes: [UInt8]) throws(ArtifactParseError) -> [String] {
        try JARSignature.certificates(bytes).map(\.sha256)
    }
}
