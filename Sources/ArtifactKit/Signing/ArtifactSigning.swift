/// Who signed an artifact and with which schemes, read offline: the v1 JAR signature (APK and AAB) and the APK
/// Signing Block's v2, v3 and v3.1 signers (APK). Certificates are read, not cryptographically verified.
struct ArtifactSigning: Sendable, Hashable {
    /// A scheme and the certificate of one of its signers.
    struct Signature: Sendable, Hashable {
        /// `v1`, `v2`, `v3` or `v3.1`.
        var scheme: String
        var certificate: SignerCertificate
    }

    /// Every signer of every scheme, v1 first, then the block's in its order.
    var signatures: [Signature]

    /// The schemes present, in the order v1, v2, v3, v3.1.
    var schemes: [String] {
        ["v1", "v2", "v3", "v3.1"].filter { scheme in signatures.contains { $0.scheme == scheme } }
    }

    /// Each distinct certificate, in the order first seen, with every scheme it signs.
    var certificates: [(certificate: SignerCertificate, schemes: [String])] {
        var order = [SignerCertificate]()
        var schemes = [SignerCertificate: [String]]()
        for signature in signatures {
            if schemes[signature.certificate] == nil { order.append(signature.certificate) }
            if !(schemes[signature.certificate]?.contains(signature.scheme) ?? false) {
                schemes[signature.certificate, default: []].append(signature.scheme)
            }
        }
        return order.map { ($0, schemes[$0] ?? []) }
    }

    /// Why a signature file or the APK Signing Block could not be read (the first such problem), when one could
    /// not: the signatures read before it are kept, and the rest of the artifact is still read.
    var problem: ArtifactError?

    /// The signatures of `archive`, as far as they can be read (``problem`` says where that stopped).
    init(_ archive: SafeArchive, readsSigningBlock: Bool, limits: SigningLimits) {
        var signatures = [Signature]()
        var problem: ArtifactError?
        for entry in archive.entries where JARSignature.isSignatureBlock(entry.path) {
            guard entry.uncompressedSize <= UInt64(limits.maxSignatureFileBytes) else {
                problem =
                    problem
                    ?? .entryTooLarge(
                        entry.path, bytes: entry.uncompressedSize, limit: limits.maxSignatureFileBytes)
                continue
            }
            do {
                for certificate in try archive.parse(entry.path, JARSignature.certificates) {
                    signatures.append(Signature(scheme: "v1", certificate: certificate))
                }
            } catch {
                problem = problem ?? error
            }
        }
        if readsSigningBlock, let directory = ZipDirectory.centralDirectoryOffset(archive.bytes) {
            do {
                let block = try APKSigningBlock.read(archive.bytes, centralDirectory: directory, limits: limits)
                for (scheme, certificate) in try block?.signerCertificates() ?? [] {
                    signatures.append(Signature(scheme: scheme.rawValue, certificate: certificate))
                }
            } catch {
                problem = problem ?? .malformed("the APK Signing Block", reason: error.description)
            }
        }
        self.signatures = signatures
        self.problem = problem
    }
}
