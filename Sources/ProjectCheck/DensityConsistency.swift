import Diagnostics
import NinePatchKit

/// NP106: the same NinePatch in several density folders (`drawable-mdpi/x.9.png`, `drawable-xhdpi/x.9.png`, …),
/// every density compared with every other in dp. When the others agree with each other and one disagrees with
/// them, that one is reported, naming the densities it was compared with; two densities that disagree are one
/// finding on the pair, and several that each disagree with most others one finding on the drawable. No density
/// is taken as right by its position, and a density that agrees with most others is not reported.
///
/// Two variants agree unless:
/// - one has the *same pixel size* as the other: copied unscaled, it shows at a different physical size on each
///   density (its ticks are not compared), unless every pixel stretches;
/// - its stretch spans do not sit at the other's positions scaled by the density ratio. An offset
///   only counts when it changes what users see: the variant is drawn with its own ticks and with the ticks
///   moved to the proportional positions (each edge rounded down or up, whichever is nearer its own), at its own
///   size, twice its size and two odd sizes, and reported only when some pixel differs by more than
///   `visibleDifference`. Rounding a fractional proportional position therefore never fires.
/// - its padding or layout bounds, which move content rather than pixels, are not proportional.
///
/// Positions are compared in dp within the rounding of one pixel of the coarser density (``tolerance`` pixels of
/// the lower density), whichever of the two is the variant, so the test is the same either way round.
struct DensityConsistency {
    /// Android's density buckets in dots per inch; a folder without one (`drawable`) is mdpi.
    static let dpi: [String: Int] = [
        "ldpi": 120, "mdpi": 160, "tvdpi": 213, "hdpi": 240, "xhdpi": 320, "xxhdpi": 480, "xxxhdpi": 640,
    ]
    /// Pixels of the lower density's rounding allowed.
    static let tolerance = 1.0
    /// The largest premultiplied channel difference between the two drawings that is not visible.
    static let visibleDifference = 16

    struct Variant {
        var file: String
        var dpi: Int
        var folder: String
        var model: NinePatch
    }

    /// How one variant is out of proportion with another, said from the first one's side.
    struct Mismatch {
        var message: String
        var location: Location?
        var hint: String
    }

    /// At most one finding per drawable whose densities disagree.
    func diagnostics(for checks: [NinePatchCheck], _ finding: RuleOutput) -> [Diagnostic] {
        var groups = [String: [Variant]]()
        for check in checks {
            guard let model = check.ninePatch, let (key, dpi, folder) = Self.classify(check.file) else { continue }
            groups[key, default: []].append(Variant(file: check.file, dpi: dpi, folder: folder, model: model))
        }
        return groups.keys.sorted().compactMap { key in
            // One variant per density, highest first (of two files of one density, the first by path).
            var seen = Set<Int>()
            let variants = groups[key]!.sorted { ($0.dpi, $1.file) > ($1.dpi, $0.file) }.filter {
                seen.insert($0.dpi).inserted
            }
            return variants.count > 1 ? judge(variants, finding) : nil
        }
    }

    /// Two variants' indices, the first compared with the second.
    private struct Pair: Hashable {
        var variant: Int
        var reference: Int
    }

    /// Compares every pair of densities (the lower with the higher; in dp the test is the same either way round)
    /// and reports the odd one out, the pair, or the drawable.
    private func judge(_ variants: [Variant], _ finding: RuleOutput) -> Diagnostic? {
        // Each ordered pair is compared once: a comparison may render the NinePatch (`TickOffsetRendering`), and
        // the odd one out is compared again with the others below.
        var compared = [Pair: Mismatch?]()
        func comparison(_ variant: Int, with reference: Int) -> Mismatch? {
            if let known = compared[Pair(variant: variant, reference: reference)] { return known }
            let mismatch = compare(variants[variant], with: variants[reference])
            compared[Pair(variant: variant, reference: reference)] = mismatch
            return mismatch
        }
        var disagreeing = [(higher: Int, lower: Int, mismatch: Mismatch)]()
        for higher in variants.indices {
            for lower in variants.indices where lower > higher {
                if let mismatch = comparison(lower, with: higher) {
                    disagreeing.append((higher, lower, mismatch))
                }
            }
        }
        guard let first = disagreeing.first else { return nil }
        let names = { (indices: [Int]) in indices.map { Self.bucket(variants[$0].dpi) }.joined(separator: ", ") }
        if variants.count == 2 {
            return finding.diagnostic(
                file: variants[first.lower].file, at: first.mismatch.location,
                first.mismatch.message + "; with two densities playprep cannot tell which one is off",
                hint: first.mismatch.hint)
        }
        // A density is out when it disagrees with most of the others; when none is, the disagreements are drift
        // between neighbours that each agree with the majority.
        let out = variants.indices.filter { index in
            2 * disagreeing.count { $0.higher == index || $0.lower == index } > variants.count - 1
        }
        guard !out.isEmpty else { return nil }
        // The odd one out: the only density out, and in every disagreeing pair (the others agree with each other).
        if out.count == 1, let index = out.first,
            disagreeing.allSatisfy({ $0.higher == index || $0.lower == index })
        {
            let others = variants.indices.filter { $0 != index }
            if let mismatch = others.lazy.compactMap({ comparison(index, with: $0) }).first {
                return finding.diagnostic(
                    file: variants[index].file, at: mismatch.location,
                    mismatch.message + "; compared with \(names(others)), which agree with each other",
                    hint: mismatch.hint)
            }
        }
        let pairs = disagreeing.map { "\(Self.bucket(variants[$0.lower].dpi))–\(Self.bucket(variants[$0.higher].dpi))" }
        return finding.diagnostic(
            file: variants[first.lower].file, at: first.mismatch.location,
            first.mismatch.message + "; the densities \(names(Array(variants.indices))) have no majority: "
                + "\(pairs.joined(separator: ", ")) disagree",
            hint: first.mismatch.hint)
    }

    /// Group key (resource folder, type, qualifiers without density, name), density, folder name.
    static func classify(_ path: String) -> (String, Int, String)? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 3 else { return nil }
        let folder = parts[parts.count - 2]
        var qualifiers = folder.split(separator: "-").map(String.init)
        let type = qualifiers.removeFirst()
        guard type == "drawable" || type == "mipmap" else { return nil }
        var density = 160
        if let index = qualifiers.firstIndex(where: { dpi[$0] != nil }) {
            density = dpi[qualifiers.remove(at: index)]!
        } else if qualifiers.contains(where: { $0 == "nodpi" || $0 == "anydpi" || $0.hasSuffix("dpi") }) {
            return nil
        }
        let key = (parts.dropLast(2) + [([type] + qualifiers).joined(separator: "-"), parts[parts.count - 1]])
            .joined(separator: "/")
        return (key, density, folder)
    }

    /// How `variant` is out of proportion with `reference`, or `nil` when they agree.
    private func compare(_ variant: Variant, with reference: Variant) -> Mismatch? {
        let ratio = Double(variant.dpi) / Double(reference.dpi)
        let referenceName = "\(reference.folder)/\(reference.file.split(separator: "/").last ?? "")"
        func warn(_ what: String, at location: Location?) -> Mismatch {
            Mismatch(
                message:
                    "\(what) is not in proportion to \(referenceName) (\(reference.dpi) dpi scaled to \(variant.dpi) dpi)",
                location: location,
                hint: "redraw the ticks so each span is the \(reference.folder) span x \(format(ratio)), within a pixel"
            )
        }
        if variant.model.width == reference.model.width && variant.model.height == reference.model.height {
            // Only parts that do not stretch show at a density's physical size.
            let stretchable = (variant.model.stretchX + variant.model.stretchY).reduce(0) { $0 + $1.length }
            return stretchable < variant.model.width + variant.model.height
                ? unscaledCopy(variant, of: reference, named: referenceName) : nil
        }
        let axes: [(String, [Span], [Span], (Int) -> Location)] = [
            ("x", variant.model.stretchX, reference.model.stretchX, { .pixel(x: $0 + 1, y: 0) }),
            ("y", variant.model.stretchY, reference.model.stretchY, { .pixel(x: 0, y: $0 + 1) }),
        ]
        for (axis, spans, referenceSpans, location) in axes {
            let offset = zip(spans, referenceSpans).first { span, referenceSpan in
                !close(span.start, referenceSpan.start, ratio) || !close(span.end, referenceSpan.end, ratio)
            }
            guard spans.count != referenceSpans.count || offset != nil else { continue }
            guard
                TickOffsetRendering(file: variant.file, model: variant.model)
                    .movingTicks(
                        onX: axis == "x", to: referenceSpans, scaledBy: ratio,
                        changesPixelsBeyond: Self.visibleDifference)
            else { continue }
            guard let (span, referenceSpan) = offset else {
                return warn(
                    "\(spans.count) stretch span(s) on \(axis) where \(referenceName) has \(referenceSpans.count)",
                    at: spans.first.map { location($0.start) })
            }
            return warn(
                "stretch span \(span) on \(axis) (expected about [\(format(Double(referenceSpan.start) * ratio)), "
                    + "\(format(Double(referenceSpan.end) * ratio))), and the difference shows when drawn)",
                at: location(span.start))
        }
        let padding = variant.model.padding
        let referencePadding = reference.model.padding
        let pairs = [
            (padding.left, referencePadding.left), (padding.top, referencePadding.top),
            (padding.right, referencePadding.right), (padding.bottom, referencePadding.bottom),
        ]
        // Without padding lines aapt2 takes the stretch area as the content box: then the padding only follows
        // the stretch ticks, whose offset was judged above by what it draws.
        let paddingIsDrawn = !Self.paddingFollowsStretch(variant.model) || !Self.paddingFollowsStretch(reference.model)
        if paddingIsDrawn, pairs.contains(where: { !close($0.0, $0.1, ratio) }) {
            return warn("padding (\(padding))", at: nil)
        }
        switch (variant.model.layoutBounds, reference.model.layoutBounds) {
        case (nil, nil):
            return nil
        case (let bounds?, let referenceBounds?):
            let boundPairs = [
                (bounds.left, referenceBounds.left), (bounds.top, referenceBounds.top),
                (bounds.right, referenceBounds.right), (bounds.bottom, referenceBounds.bottom),
            ]
            return boundPairs.contains(where: { !close($0.0, $0.1, ratio) })
                ? warn("layout bounds (\(bounds))", at: nil) : nil
        case (nil, _?):
            return warn("no layout bounds where the other has some", at: nil)
        case (_?, nil):
            return warn("layout bounds where the other has none", at: nil)
        }
    }

    /// The bucket name of a density (`xhdpi` for 320).
    private static func bucket(_ dpi: Int) -> String {
        Self.dpi.first { $0.value == dpi }?.key ?? "\(dpi) dpi"
    }

    /// A variant with the reference's pixel size: copied into a density folder without scaling.
    private func unscaledCopy(_ variant: Variant, of reference: Variant, named referenceName: String) -> Mismatch {
        let size = "\(variant.model.width)x\(variant.model.height)"
        let dp = { (dpi: Int) in
            "\(format(Double(variant.model.width) * 160 / Double(dpi)))x\(format(Double(variant.model.height) * 160 / Double(dpi))) dp"
        }
        return Mismatch(
            message:
                "same \(size) px as \(referenceName): copied unscaled, it shows at \(dp(variant.dpi)) on \(Self.bucket(variant.dpi)) "
                + "devices but \(dp(reference.dpi)) on \(Self.bucket(reference.dpi)) devices",
            location: nil,
            hint:
                "export this density at \(format(Double(variant.dpi) / Double(reference.dpi)))x the \(reference.folder) "
                + "size, or keep one copy in drawable-nodpi if it must not scale")
    }

    /// Whether the padding is aapt2's default for a NinePatch without padding lines: the stretch area.
    static func paddingFollowsStretch(_ model: NinePatch) -> Bool {
        let left = model.stretchX.first?.start ?? 0
        let right = model.stretchX.last.map { model.width - $0.end } ?? 0
        let top = model.stretchY.first?.start ?? 0
        let bottom = model.stretchY.last.map { model.height - $0.end } ?? 0
        let padding = model.padding
        return (padding.left, padding.right, padding.top, padding.bottom) == (left, right, top, bottom)
    }

    /// Whether `value` is `reference` × `ratio` within a pixel's rounding of the lower density (`ratio` pixels
    /// of the variant when the variant is the higher one).
    private func close(_ value: Int, _ reference: Int, _ ratio: Double) -> Bool {
        abs(Double(value) - Double(reference) * ratio) <= Self.tolerance * max(1, ratio)
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Draws a density variant as Android does, to tell whether moving its stretch ticks changes what users see.
struct TickOffsetRendering {
    let model: NinePatch
    /// The variant's content, or `nil` when the file can no longer be read (then every move counts as visible).
    let content: PremultipliedImage?

    init(file: String, model: NinePatch) {
        self.model = model
        content = NinePatchChecker().check(fileAt: file, keepImage: true).image.map {
            PremultipliedImage($0.withoutFrame)
        }
    }

    /// Whether drawing the variant with one axis' stretch spans moved to `referenceSpans` × `ratio` (each edge
    /// rounded down or up, whichever is nearer the variant's own edge) differs from drawing it with its own, by
    /// more than `threshold` in some premultiplied channel, at its own size, twice its size or two odd sizes.
    func movingTicks(onX: Bool, to referenceSpans: [Span], scaledBy ratio: Double, changesPixelsBeyond threshold: Int)
        -> Bool
    {
        guard let content else { return true }
        let own = onX ? model.stretchX : model.stretchY
        let ownEdges = own.flatMap { [$0.start, $0.end] }
        let edges = referenceSpans.flatMap { [$0.start, $0.end] }.enumerated().map { index, edge in
            let exact = Double(edge) * ratio
            let (down, up) = (Int(exact.rounded(.down)), Int(exact.rounded(.up)))
            let target = own.count == referenceSpans.count ? Double(ownEdges[index]) : exact
            return abs(Double(down) - target) <= abs(Double(up) - target) ? down : up
        }
        guard let spans = Self.spans(edges: edges, length: onX ? model.width : model.height) else { return true }
        var moved = model
        if onX { moved.stretchX = spans } else { moved.stretchY = spans }
        let (width, height) = (model.width, model.height)
        let sizes = [
            (width, height), (2 * width, 2 * height), (2 * width + 1, 2 * height + 1),
            (3 * width + 2, 3 * height + 1),
        ]
        let renderer = NinePatchRenderer(filter: .linear)
        for (drawnWidth, drawnHeight) in sizes {
            guard let mine = try? renderer.render(content, as: model, width: drawnWidth, height: drawnHeight),
                let theirs = try? renderer.render(content, as: moved, width: drawnWidth, height: drawnHeight)
            else { return true }
            if Self.differ(mine.bytes, theirs.bytes, beyond: threshold) { return true }
        }
        return false
    }

    /// Whether some byte of `mine` and `theirs` differs by more than `threshold`. A plain loop over the buffers:
    /// this runs over every channel of four drawings per compared density, and a generic `zip` costs ten times
    /// more in the debug and sanitizer builds the tests run in.
    private static func differ(_ mine: [UInt8], _ theirs: [UInt8], beyond threshold: Int) -> Bool {
        mine.withUnsafeBufferPointer { mine in
            theirs.withUnsafeBufferPointer { theirs in
                let count = min(mine.count, theirs.count)
                var index = 0
                while index < count {
                    let difference = Int(mine[index]) - Int(theirs[index])
                    if difference > threshold || difference < -threshold { return true }
                    index += 1
                }
                return false
            }
        }
    }

    /// Spans from start/end pairs, clamped to the axis, at least a pixel long, overlapping or touching ones
    /// joined (as black runs would be); `nil` when nothing is left.
    private static func spans(edges: [Int], length: Int) -> [Span]? {
        var spans = [Span]()
        for index in stride(from: 0, to: edges.count - 1, by: 2) {
            let start = min(max(edges[index], 0), length - 1)
            let end = min(max(edges[index + 1], start + 1), length)
            if let last = spans.last, start <= last.end {
                spans[spans.count - 1] = Span(last.start, max(last.end, end))
            } else {
                spans.append(Span(start, end))
            }
        }
        return spans.isEmpty ? nil : spans
    }
}
