import Diagnostics

/// An entry of the IMG family on one image: a rule, its examples and its check on the image's header.
typealias ListingImageRule = RuleCheck<ListingImage, Finding, Never>

/// One listing image in its slot, its header read once: what every per-image IMG entry judges.
struct ListingImage: Sendable {
    let type: ImageType
    let bytes: [UInt8]
    /// The header facts, or why the bytes are no PNG or JPEG.
    let header: Result<ImageInfo, ImageProbeError>
    let limits: ListingLimits
    let probe: ImageProbe

    init(_ bytes: [UInt8], type: ImageType, limits: ListingLimits, probe: ImageProbe) {
        self.type = type
        self.bytes = bytes
        self.limits = limits
        self.probe = probe
        header = Result { () throws(ImageProbeError) in try probe.info(of: bytes) }
    }

    /// The header facts, `nil` when the image is unreadable (IMG001 reports it).
    var info: ImageInfo? {
        try? header.get()
    }

    /// The share of translucent pixels, decoding the image (only the entry that needs it asks).
    func translucentShare() -> Double? {
        probe.translucentShare(of: bytes)
    }
}

extension ImageInfo {
    /// 16:9 or 9:16 within 1%.
    var isSixteenByNine: Bool {
        let short = Double(min(width, height))
        let long = Double(max(width, height))
        return short > 0 && abs(long / short - 16.0 / 9.0) <= 0.01 * 16.0 / 9.0
    }
}
