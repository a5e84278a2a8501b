import Diagnostics
import ReleaseDiff
import UploadWiring

extension PlayProof {
    /// The severity of a finding that Play refuses this upload: an error where the repository shows Play
    /// receiving it (shown, live), a warning where only partly; `nil` where nothing sends it.
    var findingSeverity: Severity? {
        switch self {
        case .shown, .live: .error
        case .partial: .warning
        case .none: nil
        }
    }
}

extension VariantUpload {
    /// Each evidence line as a place of a finding about the variant (paths below `root`).
    func relatedLocations(root: String) -> [RelatedLocation] {
        evidence.prefix(4).map { line in
            RelatedLocation(
                file: root + "/" + line.file, location: .text(line: line.line), message: "\(what): `\(line.quote)`")
        }
    }

    /// The variant's delivery as the REL rules weigh it; `nil` where nothing sends it.
    func delivery(root: String) -> ReleaseComparison.Delivery? {
        proof.findingSeverity.map { severity in
            ReleaseComparison.Delivery(
                module: module, variant: variant, severity: severity, proof: sentence,
                related: relatedLocations(root: root), versionCodeChange: versionCodeChange)
        }
    }
}
