import Diagnostics

/// Checks one image against the rules for its slot: format (IMG001), exact sizes (IMG002, IMG005, IMG008), file
/// sizes (IMG003, IMG006, IMG009), alpha (IMG004, IMG007), screenshot geometry (IMG010–IMG014, IMG019) and colour
/// depth (IMG021).
struct ImageChecker: Sendable {
    var limits: ListingLimits
    var probe: ImageProbe

    /// The image's header facts (`nil` when unreadable) and its findings.
    func check(_ bytes: [UInt8], type: ImageType) -> (info: ImageInfo?, findings: [Finding]) {
        let info: ImageInfo
        do {
            info = try probe.info(of: bytes)
        } catch {
            return (
                nil,
                [
                    Finding(
                        ImageRules.decodable, "\(error); Play accepts only PNG and JPEG",
                        hint: "re-export the \(type.label) as PNG or JPEG")
                ]
            )
        }
        var findings = fileSize(info, type: type) + exactSize(info, type: type) + alpha(info, bytes: bytes, type: type)
        if type.isScreenshot { findings += geometry(info, type: type) }
        if info.png?.bitDepth == 16 || info.jpegComponents == 4 {
            findings.append(
                Finding(
                    ImageRules.colourSpace,
                    info.jpegComponents == 4
                        ? "CMYK JPEG: Play expects sRGB and may refuse or miscolour it"
                        : "16-bit PNG: Play re-encodes it to 8 bits",
                    hint: "export as 8-bit sRGB"))
        }
        return (info, findings)
    }

    private func fileSize(_ info: ImageInfo, type: ImageType) -> [Finding] {
        let (rule, limit): (Rule, Int) =
            switch type {
            case .icon: (ImageRules.iconFileSize, limits.iconMaxBytes.value)
            case .featureGraphic, .tvBanner: (ImageRules.featureGraphicFileSize, limits.featureGraphicMaxBytes.value)
            default: (ImageRules.screenshotFileSize, limits.screenshotMaxBytes.value)
            }
        if info.byteCount > limit {
            return [
                Finding(
                    rule, "\(type.label) is \(info.byteCount) bytes, over the limit of \(limit) bytes",
                    hint: "compress it or export it as JPEG")
            ]
        }
        let decimal = limits.screenshotMaxBytesDecimal.value
        if type.isScreenshot, info.byteCount > decimal {
            return [
                Finding(
                    rule, severity: .warning,
                    "\(type.label) is \(info.byteCount) bytes, over \(decimal) (8 MB read as decimal megabytes)",
                    hint: "keep screenshots under 8,000,000 bytes to be safe")
            ]
        }
        return []
    }

    private func exactSize(_ info: ImageInfo, type: ImageType) -> [Finding] {
        let required: (Rule, PixelSize)? =
            switch type {
            case .icon: (ImageRules.iconSize, limits.iconSize.value)
            case .featureGraphic: (ImageRules.featureGraphicSize, limits.featureGraphicSize.value)
            case .tvBanner: (ImageRules.tvBannerSize, limits.tvBannerSize.value)
            default: nil
            }
        guard let (rule, size) = required, info.size != size else { return [] }
        return [
            Finding(
                rule, "\(type.label) is \(info.size), but Play requires exactly \(size)",
                hint: "export it at \(size)")
        ]
    }

    private func alpha(_ info: ImageInfo, bytes: [UInt8], type: ImageType) -> [Finding] {
        if type == .icon {
            guard !info.isThirtyTwoBitPNG else { return [] }
            let what = info.png.map { "\($0.bitDepth)-bit \($0.colorType) PNG" } ?? "JPEG"
            return [
                Finding(
                    ImageRules.iconFormat, "icon is a \(what); the Play icon spec asks for a 32-bit PNG (8-bit RGBA)",
                    hint: "export the icon as 32-bit PNG")
            ]
        }
        guard info.hasAlpha else { return [] }
        if type == .wearScreenshots {
            return [
                Finding(
                    ImageRules.noAlpha,
                    "Wear screenshot has an alpha channel; Play asks for Wear screenshots without transparency",
                    hint: "save it as 24-bit PNG or JPEG, without alpha")
            ]
        }
        guard let share = probe.translucentShare(of: bytes), share >= limits.translucentShareMax.value else {
            return []
        }
        return [
            Finding(
                ImageRules.noAlpha, severity: .note,
                "\(Int((share * 100).rounded(.up)))% of the \(type.label) is transparent; Play asks for JPEG or 24-bit PNG "
                    + "and shows transparent areas on a background of its choosing",
                hint: "flatten it onto the background you want and save without alpha",
                cause: Cause(
                    key: "\(type.rawValue) transparent", subjects: type.label + "s",
                    statement: "are partly transparent (1% or more); Play asks for JPEG or 24-bit PNG and shows "
                        + "transparent areas on a background of its choosing"))
        ]
    }

    private func geometry(_ info: ImageInfo, type: ImageType) -> [Finding] {
        let short = min(info.width, info.height)
        let long = max(info.width, info.height)
        var findings: [Finding] = []
        let range = type == .tenInchScreenshots ? limits.largeTabletSide.value : limits.screenshotSide.value
        if !range.contains(short) || !range.contains(long) {
            let rule = type == .tenInchScreenshots ? ImageRules.largeTabletSides : ImageRules.screenshotSides
            findings.append(
                Self.finding(
                    rule, type, info, "\(info.size); each side must be \(range.lowerBound) to \(range.upperBound) px",
                    hint: "resize it"))
        }
        if type == .wearScreenshots, info.width != info.height || short < limits.wearMinSide.value {
            findings.append(
                Self.finding(
                    ImageRules.wearShape, type, info,
                    "\(info.size); it must be square and at least \(limits.wearMinSide.value)x\(limits.wearMinSide.value)",
                    hint: "capture the watch UI square, without a device frame"))
        }
        guard short > 0 else { return findings }
        let aspect = Double(long) / Double(short)
        if aspect > limits.screenshotMaxAspect.value {
            findings.append(
                Self.finding(
                    ImageRules.maxAspect, type, info,
                    "\(info.size), \(Self.format(aspect)):1; Play refuses more than \(Self.format(limits.screenshotMaxAspect.value)):1",
                    hint: "crop it"))
        } else if aspect > limits.screenshotDocumentedAspect.value {
            findings.append(
                Self.finding(
                    ImageRules.documentedAspect, type, info,
                    "\(info.size), \(Self.format(aspect)):1; Play documents at most \(Self.format(limits.screenshotDocumentedAspect.value)):1",
                    hint: "accepted today; crop to 16:9 for promotion"))
        }
        if type == .tvScreenshots, !(info.width > info.height && Self.isSixteenByNine(info)) {
            findings.append(
                Self.finding(ImageRules.tvShape, type, info, "\(info.size), not 16:9 landscape", hint: "use 1920x1080"))
        }
        return findings
    }

    /// A screenshot finding `<label> is <facts>` whose cause is the slot and size, so every screenshot of that size
    /// in every locale is one finding (`<n> <label>s in <k> locales are <facts>`).
    private static func finding(_ rule: Rule, _ type: ImageType, _ info: ImageInfo, _ facts: String, hint: String)
        -> Finding
    {
        Finding(
            rule, "\(type.label) is \(facts)", hint: hint,
            cause: Cause(key: "\(type.rawValue) \(info.size)", subjects: type.label + "s", statement: "are \(facts)"))
    }

    /// 16:9 or 9:16 within 1%.
    static func isSixteenByNine(_ info: ImageInfo) -> Bool {
        let short = Double(min(info.width, info.height))
        let long = Double(max(info.width, info.height))
        return short > 0 && abs(long / short - 16.0 / 9.0) <= 0.01 * 16.0 / 9.0
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
