import Diagnostics

/// Runs the IMG entries on one image: its header is read once into the ``ListingImage`` every entry judges.
enum ImageChecker {
    /// The image's header facts (`nil` when unreadable) and the findings of every entry, in entry order.
    static func check(_ image: ListingImage) -> (info: ImageInfo?, findings: [Finding]) {
        (image.info, ImageRules.imageChecks.flatMap { $0.findings(on: image) })
    }
}
