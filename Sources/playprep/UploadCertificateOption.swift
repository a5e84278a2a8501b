import ArgumentParser
import ArtifactKit
import ProjectCheck

/// `--upload-certificate SHA256`, for the commands that judge an artifact (ART015).
struct UploadCertificateOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SHA-256 fingerprint of the upload certificate the artifact must be signed with (ART015).",
            valueName: "SHA256"))
    var uploadCertificate: String?

    /// The fingerprint in the form reports use, or `nil` when not given; a malformed one is a one-line error.
    func fingerprint() throws -> String? {
        do {
            return try uploadCertificate.map(ArtifactChecker.uploadCertificate)
        } catch {
            throw CLIError(error)
        }
    }
}
