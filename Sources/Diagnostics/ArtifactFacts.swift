/// What an APK or AAB is, as read from it (not judged): identity, SDK levels, native ABIs, signers and size.
/// Reports show it for every artifact, also on a clean pass, so a release script needs no `aapt2 dump badging`.
public struct ArtifactFacts: Sendable, Hashable, Codable {
    /// One ABI folder of native libraries and whether its 64-bit libraries load on 16 KB page devices.
    public struct ABI: Sendable, Hashable, Codable {
        public var name: String
        /// `ok`, `not aligned` (a segment or a stored entry off 16 KB), or `n/a` (32-bit ABIs have 4 KB pages).
        public var pageSize16KB: String

        public init(name: String, pageSize16KB: String) {
            self.name = name
            self.pageSize16KB = pageSize16KB
        }
    }

    /// One signer's certificate as the artifact carries it: read, not cryptographically verified.
    public struct Signer: Sendable, Hashable, Codable {
        /// The schemes whose signer this certificate is (`v1`, `v2`, `v3`, `v3.1`).
        public var schemes: [String]
        /// The subject as RFC 4514 prints it (`CN=Upload,O=Example`).
        public var subject: String
        /// SHA-256 of the DER certificate, upper-case hex pairs joined by colons (keytool's and Play Console's form).
        public var sha256: String
        /// `YYYY-MM-DD` (UTC).
        public var validFrom: String
        public var validUntil: String

        public init(schemes: [String], subject: String, sha256: String, validFrom: String, validUntil: String) {
            self.schemes = schemes
            self.subject = subject
            self.sha256 = sha256
            self.validFrom = validFrom
            self.validUntil = validUntil
        }
    }

    /// `apk` or `aab`.
    public var kind: String
    public var applicationId: String?
    public var versionCode: Int?
    public var versionName: String?
    public var minSdk: Int?
    public var targetSdk: Int?
    /// `android:compileSdkVersion` when the build recorded it.
    public var compileSdk: Int?
    public var abis: [ABI]
    /// The signature schemes present, in order (`v1`, `v2`, `v3`, `v3.1`); empty when unsigned.
    public var signatureSchemes: [String]
    public var signers: [Signer]
    /// Why a signature could not be read (the signers read before it are listed), `nil` when every one was read.
    public var signatureProblem: String?
    public var sizeBytes: Int

    public init(
        kind: String, applicationId: String?, versionCode: Int?, versionName: String?, minSdk: Int?, targetSdk: Int?,
        compileSdk: Int?, abis: [ABI], signatureSchemes: [String], signers: [Signer], sizeBytes: Int
    ) {
        self.kind = kind
        self.applicationId = applicationId
        self.versionCode = versionCode
        self.versionName = versionName
        self.minSdk = minSdk
        self.targetSdk = targetSdk
        self.compileSdk = compileSdk
        self.abis = abis
        self.signatureSchemes = signatureSchemes
        self.signers = signers
        self.sizeBytes = sizeBytes
    }

    /// The text report's identity line, after the file's name:
    /// `org.example.app 42 (1.4.2) min 24 target 35 · arm64-v8a 16 KB ok · v2+v3 signed by CN=Upload (SHA-256 3A:…) · 4.2 MB`.
    public var identityLine: String {
        var identity = applicationId ?? "no package"
        identity += " " + (versionCode.map(String.init) ?? "no versionCode")
        if let versionName { identity += " (\(versionName))" }
        if let minSdk { identity += " min \(minSdk)" }
        if let targetSdk { identity += " target \(targetSdk)" }
        if let compileSdk { identity += " compile \(compileSdk)" }
        var parts = [identity]
        if !abis.isEmpty {
            parts.append(
                abis.map { $0.pageSize16KB == "n/a" ? $0.name : "\($0.name) 16 KB \($0.pageSize16KB)" }
                    .joined(separator: ", "))
        }
        if signatureSchemes.isEmpty {
            parts.append(signatureProblem == nil ? "unsigned" : "signature unreadable")
        } else {
            let by = signers.map { "\($0.subject) (SHA-256 \($0.sha256.prefix(8))…)" }
            parts.append(
                signatureSchemes.joined(separator: "+") + " signed"
                    + (by.isEmpty ? "" : " by " + by.joined(separator: ", "))
                    + (signatureProblem == nil ? "" : ", the rest unreadable"))
        }
        parts.append(Self.size(sizeBytes))
        return parts.joined(separator: " · ")
    }

    /// `812 B`, `48.3 KB`, `4.2 MB` (powers of 1024, one decimal).
    static func size(_ bytes: Int) -> String {
        guard bytes >= 1024 else { return "\(bytes) B" }
        let (value, unit) = bytes < 1 << 20 ? (Double(bytes) / 1024, "KB") : (Double(bytes) / 1_048_576, "MB")
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
