import Diagnostics
import Foundation
import SwiftASN1
import X509

/// A signer's X.509 certificate, parsed by swift-certificates: what reports show and the signing rules judge.
/// Read, not verified: nothing here checks a signature or a chain.
struct SignerCertificate: Sendable, Hashable {
    /// RFC 4514 (`CN=Android Debug,O=Android,C=US`).
    var subject: String
    /// SHA-256 of the DER encoding, upper-case hex pairs joined by colons.
    var sha256: String
    var notBefore: Date
    var notAfter: Date

    /// The certificate encoded in `der`.
    init(der: [UInt8]) throws(ArtifactParseError) {
        let certificate: Certificate
        do {
            certificate = try Certificate(derEncoded: der)
        } catch {
            throw ArtifactParseError(
                "a signer certificate is not valid X.509 (\(der.count) bytes): \(asn1Reason(error))")
        }
        self.init(certificate, der: der)
    }

    init(_ certificate: Certificate, der: [UInt8]) {
        subject = certificate.subject.description
        sha256 = Self.fingerprint(der)
        notBefore = certificate.notValidBefore
        notAfter = certificate.notValidAfter
    }

    /// `3A:4B:…`: the form keytool prints and Play Console shows.
    static func fingerprint(_ der: [UInt8]) -> String {
        fingerprint(hex: Diagnostics.SHA256.hex(der).uppercased())
    }

    /// A fingerprint as people paste it (colons or not, any case) in the form of ``sha256``, or `nil` when it is
    /// not 32 hex bytes.
    static func normalizedFingerprint(_ text: String) -> String? {
        let digits = text.uppercased().filter { $0 != ":" && $0 != " " }
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        return fingerprint(hex: digits)
    }

    private static func fingerprint(hex digits: String) -> String {
        var pairs = [String]()
        var rest = digits[...]
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return pairs.joined(separator: ":")
    }

    /// `YYYY-MM-DD` of `date` in UTC.
    static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
