import Diagnostics
import NinePatchKit

/// NP106 and NP109: the same NinePatch in several density folders (`drawable-mdpi/x.9.png`,
/// `drawable-xhdpi/x.9.png`, …), judged by what a device draws.
///
/// Each drawable's variants are compared with one **reference**: the file most devices draw. That is the file of a
/// majority, when three or more densities agree with each other (within ``threshold`` dp), else the file an xxhdpi
/// device draws (the lowest density from xxhdpi up, else the highest present). Every other density is compared with
/// the reference in dp, and each that differs is one **outlier**: one finding naming it, the reference and the dp of
/// each, its differences ranked by consequence (``Consequence``).
///
/// A difference is NP106's (on by default) when a person would see it:
/// - the outlier is the reference's pixels copied unscaled (the same pixel size), in any density (a copy is a
///   mistake whose fix is deleting a file), when what does not stretch (padding, bounds, a fixed part) shows at
///   least ``threshold`` dp larger or smaller (a file whose every pixel stretches is no copy);
/// - its padding or layout bounds, which move content, differ by at least ``threshold`` dp;
/// - its stretch spans do not sit at the reference's positions scaled by the density ratio, and the pixels between
///   are not uniform: drawn with its own ticks and with the proportional ones (each edge rounded down or up, whichever
///   is nearer its own), at its own size, twice its size and two odd sizes, some pixel differs by more than
///   ``visibleDifference`` (the test of NP107, across densities);
/// - a fixed part around the stretch spans (a corner, a cap) differs by at least ``threshold`` dp (not compared
///   when the spans moved without changing what is drawn; their sum is when the spans' counts differ).
///
/// Only densities from hdpi up count for the last three: below it (ldpi, mdpi, tvdpi) is under 1 % of the devices
/// in use. What differs by less than the threshold, or only below hdpi, but more than a pixel's rounding, is NP109's
/// (opt-in): an outlier is reported by one rule or the other, never both.
struct DensityConsistency {
    /// Pixels of the lower density's rounding allowed before two values differ at all.
    static let tolerance = 1.0
    /// The largest premultiplied channel difference between the two drawings that is not visible.
    static let visibleDifference = 16
    /// NP106's default threshold in dp (`ninepatch: densityThreshold`).
    static let defaultThreshold = 4
    /// The lowest density whose padding, bounds and stretch differences NP106 reports (hdpi).
    static let lowestReportedDPI = 240
    /// The density the reference is chosen for when no majority agrees: the most common one in use (xxhdpi).
    static let commonestDPI = 480

    /// The dp from which a layout value's difference is NP106's.
    var threshold = Double(Self.defaultThreshold)

    struct Variant {
        var file: String
        var dpi: Int
        var folder: String
        var model: NinePatch

        /// `drawable-hdpi/x.9.png`.
        var name: String { "\(folder)/\(file.split(separator: "/").last ?? "")" }
        var bucket: String { DensityBucket.name(dpi: dpi) }
        /// `value` pixels of this density in dp.
        func dp(_ value: Int) -> Double { Double(value) * 160 / Double(dpi) }
    }

    /// What a device on the outlier's density shows differently, most consequential first: the order of an
    /// outlier's differences and of the findings.
    enum Consequence: Int, Comparable {
        /// Content moves or is clipped: padding, layout (optical) bounds.
        case contentMoves
        /// A stretch span over pixels that are not uniform: the drawable looks different once stretched.
        case stretchesDetail
        /// The same drawing at another size: an unscaled copy, a larger or smaller fixed part.
        case drawnAtAnotherSize

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One way an outlier differs from the reference.
    struct Difference {
        var consequence: Consequence
        /// The whole clause, naming the outlier, the reference and the dp of each.
        var sentence: String
        /// The same in a few words, when it is not the first difference of its finding.
        var brief: String
        /// The size of the difference in dp, to rank differences of one consequence.
        var dp: Double
        var location: Location?
        /// NP106's (a person sees it), else NP109's.
        var isSignificant: Bool
    }

    /// A density that differs from the drawable's reference.
    struct Outlier {
        var variant: Variant
        var reference: Variant
        /// The other densities that agree with the reference, when it was chosen as a majority's file.
        var majority: [Variant]
        /// Most consequential first.
        var differences: [Difference]

        var consequence: Consequence { differences[0].consequence }
    }

    /// Which of an outlier's differences a rule reports.
    enum Reported {
        /// NP106: outliers with a difference a person sees; the finding names those.
        case significant
        /// NP109: outliers with none, whose smaller differences the finding names.
        case drift
    }

    /// Every outlier of every drawable found in more than one density, ranked by consequence, then by drawable.
    func outliers(in checks: [NinePatchCheck]) -> [Outlier] {
        var groups = [String: [Variant]]()
        for check in checks {
            guard let model = check.ninePatch, let (key, dpi, folder) = Self.classify(check.file) else { continue }
            groups[key, default: []].append(Variant(file: check.file, dpi: dpi, folder: folder, model: model))
        }
        let found = groups.keys.sorted().flatMap { key in
            // One variant per density, highest first (of two files of one density, the first by path).
            var seen = Set<Int>()
            let variants = groups[key]!.sorted { ($0.dpi, $1.file) > ($1.dpi, $0.file) }.filter {
                seen.insert($0.dpi).inserted
            }
            return variants.count > 1 ? judge(variants) : []
        }
        return found.enumerated().sorted { ($0.element.consequence, $0.offset) < ($1.element.consequence, $1.offset) }
            .map(\.element)
    }

    /// The findings of one rule: one per outlier it reports, in the order of `outliers`.
    static func diagnostics(_ outliers: [Outlier], _ reported: Reported, _ finding: RuleOutput) -> [Diagnostic] {
        outliers.compactMap { outlier in
            let significant = outlier.differences.filter(\.isSignificant)
            let named: [Difference]
            switch reported {
            case .significant: named = significant
            case .drift: named = significant.isEmpty ? outlier.differences : []
            }
            guard let first = named.first else { return nil }
            let others = named.dropFirst().prefix(3).map(\.brief)
            let more = named.count - 1 - others.count
            var message = first.sentence
            if !others.isEmpty {
                message += "; also " + others.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            var diagnostic = finding.diagnostic(
                file: outlier.variant.file, at: first.location, message, hint: hint(for: outlier))
            diagnostic.related = [
                RelatedLocation(
                    file: outlier.reference.file, location: nil,
                    message: "the reference: \(referenceWords(outlier.majority))")
            ]
            return diagnostic
        }
    }

    /// The outliers of one drawable's variants (highest density first).
    private func judge(_ variants: [Variant]) -> [Outlier] {
        let (reference, majority) = reference(of: variants)
        return variants.indices.filter { $0 != reference }.compactMap { index in
            let others = majority.filter { $0 != index }.map { variants[$0] }
            let words = Self.referenceWords(others)
            let differences = compare(variants[index], with: variants[reference], described: words).sorted {
                ($0.consequence, -$0.dp) < ($1.consequence, -$1.dp)
            }
            guard !differences.isEmpty else { return nil }
            return Outlier(
                variant: variants[index], reference: variants[reference], majority: others,
                differences: differences)
        }
    }

    /// The reference's index and the other members of its majority (empty when no three densities agree).
    private func reference(of variants: [Variant]) -> (Int, [Int]) {
        let rank = { (index: Int) in Self.commonness(variants[index].dpi) }
        var best: [Int] = []
        // At most seven densities: every subset of three or more is tried.
        for mask in 1..<(1 << variants.count) {
            let members = variants.indices.filter { mask & (1 << $0) != 0 }
            guard members.count >= 3, members.count >= best.count else { continue }
            let agree = members.allSatisfy { one in
                members.allSatisfy { other in other <= one || agrees(variants[one], variants[other]) }
            }
            guard agree else { continue }
            if members.count > best.count || members.map(rank).min()! < best.map(rank).min()! { best = members }
        }
        let pool = best.isEmpty ? Array(variants.indices) : best
        let reference = pool.min { rank($0) < rank($1) }!
        return (reference, best.filter { $0 != reference })
    }

    /// How far `dpi` is from what most devices draw: the lower, the more devices draw that density's file.
    private static func commonness(_ dpi: Int) -> Int {
        dpi >= commonestDPI ? dpi - commonestDPI : 10_000 - dpi
    }

    /// Whether two variants agree for choosing a majority: scaled, the same stretch counts, and their padding,
    /// layout bounds and fixed parts within the threshold in dp.
    private func agrees(_ one: Variant, _ other: Variant) -> Bool {
        guard !Self.isUnscaledCopy(one, of: other), one.model.stretchX.count == other.model.stretchX.count,
            one.model.stretchY.count == other.model.stretchY.count
        else { return false }
        let pairs = zip(Self.layoutValues(one), Self.layoutValues(other))
        return pairs.allSatisfy { abs(one.dp($0) - other.dp($1)) < threshold }
    }

    /// Padding, layout bounds and the fixed parts' sum on each axis, in pixels: what `agrees` compares.
    private static func layoutValues(_ variant: Variant) -> [Int] {
        let model = variant.model
        let bounds = model.layoutBounds ?? .zero
        let fixed = { (length: Int, stretch: [Span]) in
            NinePatch.segments(length: length, stretch: stretch).filter { !$0.isStretchable }
                .reduce(0) { $0 + $1.span.length }
        }
        return [
            model.padding.left, model.padding.top, model.padding.right, model.padding.bottom, bounds.left, bounds.top,
            bounds.right, bounds.bottom, fixed(model.width, model.stretchX), fixed(model.height, model.stretchY),
        ]
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
        // A folder without a density (`drawable`) is mdpi.
        if let index = qualifiers.firstIndex(where: { DensityBucket(rawValue: $0) != nil }) {
            density = DensityBucket(rawValue: qualifiers.remove(at: index))!.dpi
        } else if qualifiers.contains(where: { $0 == "nodpi" || $0 == "anydpi" || $0.hasSuffix("dpi") }) {
            return nil
        }
        let key = (parts.dropLast(2) + [([type] + qualifiers).joined(separator: "-"), parts[parts.count - 1]])
            .joined(separator: "/")
        return (key, density, folder)
    }

    /// The reference's pixels copied into another density: the same pixel size, not every pixel stretching.
    private static func isUnscaledCopy(_ variant: Variant, of reference: Variant) -> Bool {
        let model = variant.model
        guard model.width == reference.model.width, model.height == reference.model.height else { return false }
        let stretchable = (model.stretchX + model.stretchY).reduce(0) { $0 + $1.length }
        return stretchable < model.width + model.height
    }

    /// How `variant` differs from `reference` (`words` saying why it is the reference), in no order.
    private func compare(_ variant: Variant, with reference: Variant, described words: String) -> [Difference] {
        let shown = variant.dpi >= Self.lowestReportedDPI
        let (on, against) = (variant.bucket, "\(reference.name), \(words),")
        if Self.isUnscaledCopy(variant, of: reference) {
            // The same pixels: what does not stretch (padding, bounds, fixed parts) shows at another size.
            let model = variant.model
            let fixed =
                (NinePatch.segments(length: model.width, stretch: model.stretchX)
                + NinePatch.segments(length: model.height, stretch: model.stretchY)).filter { !$0.isStretchable }
            let bounds = model.layoutBounds ?? .zero
            let largest =
                ([model.padding.left, model.padding.top, model.padding.right, model.padding.bottom]
                + [bounds.left, bounds.top, bounds.right, bounds.bottom] + fixed.map(\.span.length)).max() ?? 0
            let grown = abs(variant.dp(largest) - reference.dp(largest))
            let size = { (owner: Variant) in
                "\(Self.format(owner.dp(model.width)))x\(Self.format(owner.dp(model.height))) dp"
            }
            return [
                Difference(
                    consequence: .drawnAtAnotherSize,
                    sentence:
                        "\(on) holds the same \(model.width)x\(model.height) px as \(against) copied unscaled: it "
                        + "shows at \(size(variant)) on \(on) devices but \(size(reference)) on \(reference.bucket) "
                        + "devices, its corners and padding up to \(Self.format(grown)) dp "
                        + "\(variant.dpi < reference.dpi ? "larger" : "smaller")",
                    brief: "copied unscaled", dp: grown, location: nil, isSignificant: grown >= threshold)
            ]
        }
        var differences = [Difference]()
        // A fixed part's length is rounded at both of its ends, a padding or an inset at one.
        func measured(
            _ consequence: Consequence, _ mine: Int, _ theirs: Int, roundings: Double = 1,
            _ describe: (String, String) -> String
        ) -> Difference? {
            guard !close(mine, theirs, variant.dpi, reference.dpi, roundings: roundings) else { return nil }
            let (a, b) = (variant.dp(mine), reference.dp(theirs))
            return Difference(
                consequence: consequence, sentence: describe(Self.format(a), Self.format(b)),
                brief: "", dp: abs(a - b), location: nil, isSignificant: shown && abs(a - b) >= threshold)
        }
        // Without padding lines aapt2 takes the stretch area as the content box: then the padding only follows
        // the stretch ticks, judged below by what they draw.
        if !Self.paddingFollowsStretch(variant.model) || !Self.paddingFollowsStretch(reference.model) {
            let sides = [
                ("left", variant.model.padding.left, reference.model.padding.left),
                ("top", variant.model.padding.top, reference.model.padding.top),
                ("right", variant.model.padding.right, reference.model.padding.right),
                ("bottom", variant.model.padding.bottom, reference.model.padding.bottom),
            ]
            for (side, mine, theirs) in sides {
                if var difference = measured(
                    .contentMoves, mine, theirs,
                    { a, b in
                        "\(on) pads content \(a) dp from the \(side) edge where \(against) pads it \(b) dp: text and icons "
                            + "move by \(Self.format(abs(variant.dp(mine) - reference.dp(theirs)))) dp on \(on) devices"
                    })
                {
                    difference.brief =
                        "\(side) padding \(Self.format(variant.dp(mine))) against \(Self.format(reference.dp(theirs))) dp"
                    differences.append(difference)
                }
            }
        }
        if variant.model.layoutBounds != nil || reference.model.layoutBounds != nil {
            let (mine, theirs) = (variant.model.layoutBounds ?? .zero, reference.model.layoutBounds ?? .zero)
            let sides = [
                ("left", mine.left, theirs.left), ("top", mine.top, theirs.top), ("right", mine.right, theirs.right),
                ("bottom", mine.bottom, theirs.bottom),
            ]
            for (side, inset, referenceInset) in sides {
                if var difference = measured(
                    .contentMoves, inset, referenceInset,
                    { a, b in
                        "\(on) sets the \(side) optical bound \(a) dp in where \(against) sets it \(b) dp in: the view "
                            + "lines up \(Self.format(abs(variant.dp(inset) - reference.dp(referenceInset)))) dp off on \(on) devices"
                    })
                {
                    difference.brief =
                        "\(side) optical bound \(Self.format(variant.dp(inset))) against \(Self.format(reference.dp(referenceInset))) dp"
                    differences.append(difference)
                }
            }
        }
        let axes: [(Axis, [Span], [Span], Int, Int)] = [
            (.x, variant.model.stretchX, reference.model.stretchX, variant.model.width, reference.model.width),
            (.y, variant.model.stretchY, reference.model.stretchY, variant.model.height, reference.model.height),
        ]
        for (axis, spans, referenceSpans, length, referenceLength) in axes {
            let ratio = Double(variant.dpi) / Double(reference.dpi)
            let offset =
                spans.count != referenceSpans.count
                || zip(spans, referenceSpans).contains { span, referenceSpan in
                    !close(span.start, referenceSpan.start, variant.dpi, reference.dpi)
                        || !close(span.end, referenceSpan.end, variant.dpi, reference.dpi)
                }
            var drawsDifferently = false
            if offset {
                drawsDifferently = TickOffsetRendering(file: variant.file, model: variant.model)
                    .movingTicks(
                        onX: axis == .x, to: referenceSpans, scaledBy: ratio,
                        changesPixelsBeyond: Self.visibleDifference)
            }
            if drawsDifferently {
                let dpSpans = { (owner: Variant, spans: [Span]) in
                    spans.map { "[\(Self.format(owner.dp($0.start))), \(Self.format(owner.dp($0.end))))" }.joined(
                        separator: " ")
                }
                let moved =
                    zip(spans, referenceSpans).map { span, referenceSpan in
                        max(
                            abs(variant.dp(span.start) - reference.dp(referenceSpan.start)),
                            abs(variant.dp(span.end) - reference.dp(referenceSpan.end)))
                    }.max() ?? 0
                let what =
                    spans.count == referenceSpans.count
                    ? "stretches \(axis) over \(dpSpans(variant, spans)) dp where \(against) stretches "
                        + "\(dpSpans(reference, referenceSpans)) dp"
                    : "has \(spans.count) stretch span(s) on \(axis) where \(against) has \(referenceSpans.count)"
                differences.append(
                    Difference(
                        consequence: .stretchesDetail,
                        sentence:
                            "\(on) \(what), over pixels that are not uniform: stretched, it draws differently on \(on) "
                            + "devices",
                        brief: "stretch on \(axis) over other pixels", dp: moved,
                        location: spans.first.map { axis.location($0.start) }, isSignificant: shown))
            }
            // A move that draws the same changes nothing a person sees: its fixed parts are not compared.
            let fixed = NinePatch.segments(length: length, stretch: spans).filter { !$0.isStretchable }
            let referenceFixed = NinePatch.segments(length: referenceLength, stretch: referenceSpans).filter {
                !$0.isStretchable
            }
            var parts: [(String, Int, Int)] = []
            if offset && !drawsDifferently {
                parts = []
            } else if spans.count == referenceSpans.count, fixed.count == referenceFixed.count {
                parts = zip(fixed, referenceFixed).enumerated().map { index, pair in
                    (axis.partName(index, of: fixed.count, edges: pair.0.span), pair.0.span.length, pair.1.span.length)
                }
            } else {
                parts = [
                    (
                        "fixed parts on \(axis) (together)", fixed.reduce(0) { $0 + $1.span.length },
                        referenceFixed.reduce(0) { $0 + $1.span.length }
                    )
                ]
            }
            let largest = parts.compactMap { name, mine, theirs in
                measured(.drawnAtAnotherSize, mine, theirs, roundings: 2) { a, b in
                    "\(on) draws its \(name) \(a) dp where \(against) draws it \(b) dp: it is "
                        + "\(Self.format(abs(variant.dp(mine) - reference.dp(theirs)))) dp "
                        + "\(variant.dp(mine) > reference.dp(theirs) ? "larger" : "smaller") on \(on) devices"
                }.map { difference in
                    var difference = difference
                    difference.brief =
                        "\(name) \(Self.format(variant.dp(mine))) against \(Self.format(reference.dp(theirs))) dp"
                    return difference
                }
            }.max { $0.dp < $1.dp }
            if let largest { differences.append(largest) }
        }
        return differences
    }

    /// The axes of a NinePatch, as findings name them.
    private enum Axis: String, CustomStringConvertible {
        case x, y

        var description: String { rawValue }

        /// The frame pixel of the tick at content position `position`.
        func location(_ position: Int) -> Location {
            self == .x ? .pixel(x: position + 1, y: 0) : .pixel(x: 0, y: position + 1)
        }

        /// The fixed part at `index` of `count`, in words.
        func partName(_ index: Int, of count: Int, edges span: Span) -> String {
            if index == 0 && span.start == 0 { return self == .x ? "fixed left part" : "fixed top part" }
            if index == count - 1 { return self == .x ? "fixed right part" : "fixed bottom part" }
            return "fixed part between stretch spans on \(self)"
        }
    }

    /// Why the reference is the reference, for the finding's words: the other members of its majority, if any.
    private static func referenceWords(_ majority: [Variant]) -> String {
        majority.isEmpty
            ? "the file most devices draw"
            : "the file most devices draw (\(Self.list(majority.map(\.bucket))) \(majority.count == 1 ? "agrees" : "agree") with it)"
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// The fix for an outlier: scale it from the reference, or let Android do it.
    private static func hint(for outlier: Outlier) -> String {
        let (variant, reference) = (outlier.variant, outlier.reference)
        let ratio = Self.format(Double(variant.dpi) / Double(reference.dpi), places: 2)
        if isUnscaledCopy(variant, of: reference) {
            return "export this density at \(ratio)x the \(reference.folder) size, or delete the copy and let Android "
                + "scale \(reference.name) (drawable-nodpi if it must not scale)"
        }
        return "redraw it as \(reference.name) scaled \(ratio)x (`playprep ninepatch scale` writes every density "
            + "from one source), or delete it and let Android scale \(reference.name)"
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

    /// Whether `value` pixels at `dpi` are `reference` pixels at `referenceDPI` within `roundings` pixels'
    /// rounding of the lower density, whichever of the two it is.
    private func close(_ value: Int, _ reference: Int, _ dpi: Int, _ referenceDPI: Int, roundings: Double = 1)
        -> Bool
    {
        let ratio = Double(dpi) / Double(referenceDPI)
        return abs(Double(value) - Double(reference) * ratio) <= roundings * Self.tolerance * max(1, ratio)
    }

    /// `value` with at most `places` decimals: dp to a tenth, density ratios to a hundredth (0.75x).
    private static func format(_ value: Double, places: Int = 1) -> String {
        let scale = (0..<places).reduce(1.0) { scale, _ in scale * 10 }
        let rounded = (value * scale).rounded() / scale
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
