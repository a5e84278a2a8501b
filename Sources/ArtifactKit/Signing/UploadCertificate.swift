extension ArtifactChecker {
    /// `text` (a SHA-256 fingerprint as Play Console or keytool shows it, with or without colons, any case) in
    /// the form reports use, `3A:4B:…`; `nil` when it is not 32 hex bytes.
    public static func uploadCertificateFingerprint(_ text: String) -> String? {
        SignerCertificate.normalizedFingerprint(text)
    }
}
