import Diagnostics
import NinePatchKit

/// NP106: the same NinePatch in several density folders (`drawable-mdpi/x.9.png`, `drawable-xhdpi/x.9.png`, …)
/// should have its stretch spans, padding and layout bounds in proportion to the densities, within a pixel of
/// rounding; otherwise the drawable stretches or pads differently on different devices.
struct DensityConsistency {
    /// Android's density buckets in dots per inch; a folder without one (`drawable`) is mdpi.
    static let dpi: [String: Int] = [
        "ldpi": 120, "mdpi": 160, "tvdpi": 213, "hdpi": 240, "xhdpi": 320, "xxhdpi": 480, "xxxhdpi": 640,
    ]
    static let tolerance = 1.0

    struct Variant {
        var file: String
        var dpi: Int
        var folder: String
        var model: NinePatch
    }

    /// One finding per file that is out of proportion with the highest-density variant of its drawable.
    func diagnostics(for checks: [NinePatchCheck]) -> [Diagnostic] {
        var groups = [String: [Variant]]()
        for check in checks {
            guard let model = check.ninePatch, let (key, dpi, folder) = Self.classify(check.file) else { continue }
            groups[key, default: []].append(Variant(file: check.file, dpi: dpi, folder: folder, model: model))
        }
        var found = [Diagnostic]()
        for key in groups.keys.sorted() {
            let variants = groups[key]!.sorted { $0.dpi > $1.dpi }
            guard variants.count > 1, let reference = variants.first else { continue }
            for variant in variants.dropFirst() where variant.dpi != reference.dpi {
                if let diagnostic = compare(variant, with: reference) { found.append(diagnostic) }
            }
        }
        return found
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

    private func compare(_ variant: Variant, with reference: Variant) -> Diagnostic? {
        let ratio = Double(variant.dpi) / Double(reference.dpi)
        let referenceName = "\(reference.folder)/\(reference.file.split(separator: "/").last ?? "")"
        func warn(_ what: String, at location: Location?) -> Diagnostic {
            Diagnostic(
                ruleID: NinePatchRule.densityMismatch.id, severity: NinePatchRule.densityMismatch.descriptor.defaultSeverity,
                file: variant.file, location: location,
                message: "\(what) is not in proportion to \(referenceName) (\(reference.dpi) dpi scaled to \(variant.dpi) dpi)",
                hint: "redraw the ticks so each span is the \(reference.folder) span x \(format(ratio)), within a pixel")
        }
        let axes: [(String, [Span], [Span], (Int) -> Location)] = [
            ("x", variant.model.stretchX, reference.model.stretchX, { .pixel(x: $0 + 1, y: 0) }),
            ("y", variant.model.stretchY, reference.model.stretchY, { .pixel(x: 0, y: $0 + 1) }),
        ]
        for (axis, spans, referenceSpans, location) in axes {
            guard spans.count == referenceSpans.count else {
                return warn("\(spans.count) stretch span(s) on \(axis) where \(referenceName) has \(referenceSpans.count)",
                            at: spans.first.map { location($0.start) })
            }
            for (span, referenceSpan) in zip(spans, referenceSpans)
            where !close(span.start, referenceSpan.start, ratio) || !close(span.end, referenceSpan.end, ratio) {
                return warn("stretch span \(span) on \(axis) (expected about [\(format(Double(referenceSpan.start) * ratio)), "
                            + "\(format(Double(referenceSpan.end) * ratio))))", at: location(span.start))
            }
        }
        let padding = variant.model.padding
        let referencePadding = reference.model.padding
        let pairs = [(padding.left, referencePadding.left), (padding.top, referencePadding.top),
                     (padding.right, referencePadding.right), (padding.bottom, referencePadding.bottom)]
        if pairs.contains(where: { !close($0.0, $0.1, ratio) }) {
            return warn("padding (\(padding))", at: nil)
        }
        switch (variant.model.layoutBounds, reference.model.layoutBounds) {
        case (nil, nil):
            return nil
        case let (bounds?, referenceBounds?):
            let boundPairs = [(bounds.left, referenceBounds.left), (bounds.top, referenceBounds.top),
                              (bounds.right, referenceBounds.right), (bounds.bottom, referenceBounds.bottom)]
            return boundPairs.contains(where: { !close($0.0, $0.1, ratio) }) ? warn("layout bounds (\(bounds))", at: nil) : nil
        case (nil, _?):
            return warn("no layout bounds where the other has some", at: nil)
        case (_?, nil):
            return warn("layout bounds where the other has none", at: nil)
        }
    }

    private func close(_ value: Int, _ reference: Int, _ ratio: Double) -> Bool {
        abs(Double(value) - Double(reference) * ratio) <= Self.tolerance
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
