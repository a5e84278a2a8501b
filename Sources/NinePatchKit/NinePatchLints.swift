public import Diagnostics

/// Checks on an accepted NinePatch that aapt2 does not make, computed from the parsed model alone.
public enum NinePatchLints {
    /// The NP107 visibility threshold used unless configured otherwise: the largest accepted premultiplied
    /// channel difference between a stretched cell and the same cell stretched cleanly (see `StretchSmearTest`).
    public static let defaultBadPatchTolerance = 16

    /// NP201 (opt-in): what aapt (v1) rejects although aapt2 accepts it — a border without any stretch tick.
    public static func aapt1Compatibility(_ model: NinePatch, file: String) -> [Diagnostic] {
        var missing = [String]()
        if model.stretchX.isEmpty { missing.append("top") }
        if model.stretchY.isEmpty { missing.append("left") }
        guard !missing.isEmpty else { return [] }
        return [
            NinePatchRules.aapt1Rejects.diagnostic(
                file: file, at: .pixel(x: missing[0] == "top" ? 1 : 0, y: missing[0] == "top" ? 0 : 1),
                "the \(missing.joined(separator: " and ")) border\(missing.count > 1 ? "s have" : " has") no stretch tick: "
                    + "aapt (v1) fails with 'No marked region found along edge', aapt2 accepts it",
                hint:
                    "mark at least one stretchable pixel on the top and left borders if the project still builds with aapt v1"
            )
        ]
    }

    /// NP107: a stretchable cell that visibly smears when stretched (candidates found while the rows stream past,
    /// see `BadPatchScanner`; the verdict drawn by `StretchSmearTest`).
    public static func diagnostic(_ patch: BadPatch, file: String, threshold: Int) -> Diagnostic {
        let along =
            switch patch.direction {
            case .horizontal: "along its rows"
            case .vertical: "along its columns"
            case .both: "along its rows and columns"
            }
        return NinePatchRules.badPatch.diagnostic(
            file: file, at: .pixel(x: patch.x + 1, y: patch.y + 1),
            "stretchable cell x \(patch.columns), y \(patch.rows) smears \(along): stretched \(patch.stretchFactor)x, the detail "
                + "at this pixel blurs over \(patch.smearLength) px that differ by up to \(patch.difference) from the cell "
                + "stretched cleanly (threshold \(threshold))",
            hint: "move the stretch ticks onto a uniform area (or a linear gradient along the stretch), or take the "
                + "detail out of the stretchable cell")
    }

    /// NP108: parts of the content box lie outside the layout (optical) bounds. A padding line drawn on the same
    /// border as the red runs cannot do that (a pixel is black or red), so this catches a missing padding line,
    /// whose default (the stretch area) can reach past the optical bounds, and NP103's misread single run.
    public static func contentBoxOutsideLayoutBounds(_ model: NinePatch, file: String) -> [Diagnostic] {
        guard let bounds = model.layoutBounds else { return [] }
        let sides: [(name: String, padding: Int, bound: Int, border: String, pixel: Location)] = [
            ("left", model.padding.left, bounds.left, "bottom", .pixel(x: model.padding.left + 1, y: model.height + 1)),
            (
                "right", model.padding.right, bounds.right, "bottom",
                .pixel(x: model.width - model.padding.right, y: model.height + 1)
            ),
            ("top", model.padding.top, bounds.top, "right", .pixel(x: model.width + 1, y: model.padding.top + 1)),
            (
                "bottom", model.padding.bottom, bounds.bottom, "right",
                .pixel(x: model.width + 1, y: model.height - model.padding.bottom)
            ),
        ]
        return sides.filter { $0.padding < $0.bound }.map { side in
            NinePatchRules.contentOutsideLayoutBounds.diagnostic(
                file: file, at: side.pixel,
                "the content box reaches \(side.bound - side.padding) px past the \(side.name) layout bound "
                    + "(padding \(side.padding), layout-bound inset \(side.bound)), so content overlaps the area "
                    + "outside the optical bounds",
                hint:
                    "draw an explicit black padding run on the \(side.border) border between the red layout-bound runs")
        }
    }
}
