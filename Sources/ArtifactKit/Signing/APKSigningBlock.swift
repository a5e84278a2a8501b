import Foundation

/// The APK Signing Block (magic "APK Sig Block 42"), which sits between the last entry and the central directory,
/// read for its v2, v3 and v3.1 signers' certificates. Sizes and lengths are checked against the block before
/// use; nothing is verified cryptographically.
struct APKSigningBlock: Sendable, Hashable {
    /// The schemes whose signers live in the block, by their pair ID.
    enum Scheme: String, Sendable, CaseIterable {
        case v2
        case v3
        case v31 = "v3.1"

        var id: Int {
            switch self {
            case .v2: 0x7109_871A
            case .v3: 0xF053_68C0
            case .v31: 0x1B93_AD61
            }
        }
    }

    static let magic = Array("APK Sig Block 42".utf8)

    /// One signer of one scheme: its certificate chain (DER), the signer's own first.
    struct Signer: Sendable, Hashable {
        var scheme: Scheme
        var certificates: [[UInt8]]
    }

    /// Every signer of every scheme present, in block order.
    var signers: [Signer]

    /// Each signer's own certificate (the first of its chain), parsed, with its scheme.
    func signerCertificates() throws(ArtifactParseError) -> [(scheme: Scheme, certificate: SignerCertificate)] {
        var found = [(scheme: Scheme, certificate: SignerCertificate)]()
        for signer in signers {
            guard let der = signer.certificates.first else { continue }
            found.append((signer.scheme, try SignerCertificate(der: der)))
        }
        return found
    }

    /// The block that ends at `centralDirectory` in `bytes` (the archive file, mapped: only the block's pages are
    /// read), or `nil` when there is none (no magic there).
    static func read(
        _ bytes: Data, centralDirectory: Int, limits: SigningLimits
    ) throws(ArtifactParseError) -> APKSigningBlock? {
        guard centralDirectory >= 32, centralDirectory <= bytes.count,
            Array(bytes[(centralDirectory - 16)..<centralDirectory]) == magic
        else { return nil }
        let size = littleEndian(bytes[(centralDirectory - 24)..<(centralDirectory - 16)])
        guard size >= 24, size <= UInt64(limits.maxBlockBytes), Int(size) + 8 <= centralDirectory else {
            throw ArtifactParseError(
                "the APK Signing Block declares \(size) bytes, which do not fit before the central directory at "
                    + "offset \(centralDirectory) (limit \(limits.maxBlockBytes))")
        }
        let start = centralDirectory - Int(size) - 8
        guard littleEndian(bytes[start..<(start + 8)]) == size else {
            throw ArtifactParseError("the APK Signing Block's two size fields differ")
        }
        var pairs = LengthPrefixed(bytes[(start + 8)..<(centralDirectory - 24)], width: 8)
        var signers = [Signer]()
        while let pair = try pairs.next() {
            guard pair.count >= 4 else { throw ArtifactParseError("an ID-value pair shorter than its ID") }
            let id = Int(littleEndian(pair.prefix(4)))
            guard let scheme = Scheme.allCases.first(where: { $0.id == id }) else { continue }
            for certificates in try schemeSigners(pair.dropFirst(4), limits: limits) {
                signers.append(Signer(scheme: scheme, certificates: certificates))
            }
        }
        return APKSigningBlock(signers: signers)
    }

    /// The certificates of each signer in a v2/v3/v3.1 value: a length-prefixed sequence of signers, each with
    /// length-prefixed signed data whose second field is the length-prefixed sequence of certificates.
    private static func schemeSigners(
        _ value: Data, limits: SigningLimits
    ) throws(ArtifactParseError) -> [[[UInt8]]] {
        var outer = LengthPrefixed(value, width: 4)
        guard let sequence = try outer.next() else { throw ArtifactParseError("a scheme block without signers") }
        var signerList = LengthPrefixed(sequence, width: 4)
        var result = [[[UInt8]]]()
        while let signer = try signerList.next() {
            guard result.count < limits.maxSigners else {
                throw ArtifactParseError("more than \(limits.maxSigners) signers")
            }
            var signerFields = LengthPrefixed(signer, width: 4)
            guard let signedData = try signerFields.next() else { throw ArtifactParseError("a signer without data") }
            var dataFields = LengthPrefixed(signedData, width: 4)
            guard try dataFields.next() != nil, let certificateList = try dataFields.next() else {
                throw ArtifactParseError("a signer's signed data without certificates")
            }
            var certificates = LengthPrefixed(certificateList, width: 4)
            var ders = [[UInt8]]()
            while let certificate = try certificates.next() {
                guard ders.count < limits.maxCertificates else {
                    throw ArtifactParseError("a signer with more than \(limits.maxCertificates) certificates")
                }
                ders.append(Array(certificate))
            }
            guard !ders.isEmpty else { throw ArtifactParseError("a signer without a certificate") }
            result.append(ders)
        }
        return result
    }
}

/// The little-endian number in `bytes` (at most 8 of them).
func littleEndian(_ bytes: Data) -> UInt64 {
    bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
}

/// Length-prefixed little-endian fields one after another (4-byte or 8-byte lengths), each checked to fit.
struct LengthPrefixed {
    private var rest: Data
    private let width: Int

    /// The fields of `data`, a slice of the archive file (its indices are offsets in the file, which errors name).
    init(_ data: Data, width: Int) {
        rest = data
        self.width = width
    }

    /// The next field, or `nil` at the end; throws when a length reaches past the data.
    mutating func next() throws(ArtifactParseError) -> Data? {
        guard !rest.isEmpty else { return nil }
        guard rest.count >= width else {
            throw .truncated(offset: rest.startIndex, size: width, available: rest.endIndex)
        }
        let length = littleEndian(rest.prefix(width))
        let body = rest.startIndex + width
        guard length <= UInt64(rest.endIndex - body) else {
            throw .truncated(offset: body, size: Int(clamping: length), available: rest.endIndex)
        }
        let field = rest[body..<(body + Int(length))]
        rest = rest[(body + Int(length))...]
        return field
    }
}
