import SwiftASN1
@_spi(CMS) import X509

/// A v1 (JAR) signature block, `META-INF/NAME.RSA|DSA|EC`: a PKCS#7 SignedData parsed by swift-certificates'
/// CMS support for its signers' certificates. Nothing is verified.
enum JARSignature {
    /// Whether `path` is a signature block file jarsigner or apksigner writes.
    static func isSignatureBlock(_ path: String) -> Bool {
        guard path.hasPrefix("META-INF/"), !path.dropFirst(9).contains("/") else { return false }
        let upper = path.uppercased()
        return [".RSA", ".DSA", ".EC"].contains { upper.hasSuffix($0) }
    }

    /// The signer certificates of the SignedData in `bytes` (BER, which DER is a case of), signers first; the
    /// first certificate when no signer names one.
    static func certificates(_ bytes: [UInt8]) throws(ArtifactParseError) -> [SignerCertificate] {
        let signature: CMSSignature
        let signers: [Certificate]
        do {
            signature = try CMSSignature(berEncoded: try BER.parse(bytes))
            signers = try signature.signers.map(\.certificate)
        } catch {
            throw ArtifactParseError("not a PKCS#7 SignedData (\(bytes.count) bytes): \(asn1Reason(error))")
        }
        let chosen = signers.isEmpty ? Array(signature.certificates.prefix(1)) : signers
        guard !chosen.isEmpty else { throw ArtifactParseError("a PKCS#7 SignedData without certificates") }
        var found = [SignerCertificate]()
        for certificate in chosen {
            var serializer = DER.Serializer()
            do {
                try serializer.serialize(certificate)
            } catch {
                throw ArtifactParseError("a certificate that cannot be encoded again: \(asn1Reason(error))")
            }
            found.append(SignerCertificate(certificate, der: serializer.serializedBytes))
        }
        return found
    }
}
