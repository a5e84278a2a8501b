import ArgumentParser
import ArtifactKit

/// `--upload-certificate SHA256`, for the commands that judge an artifact (ART015).
struct UploadCertificateOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SHA-256 fingerprint of the upload certificate the artifact must be signed with (ART015).",
            valueName: "SHA256"))
    var uploadCertificate: String?

    /// The fingerprint in the form reports use, or `nil` when not given; a malformed one is a one-line error.
    func fingerprint() throws -> String? {
        try uploadCertificate.map { text in
            guard let fingerprint = ArtifactChecker.uploadCertificateFingerprint(text) else {
                throw CLIError.invalidArgument(
                    "--upload-certificate \(text): expected a SHA-256 fingerprint (64 hex digits, colons allowed)")
            }
            return fingerprint
        }
    }
}
