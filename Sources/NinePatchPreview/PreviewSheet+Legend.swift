import NinePatchKit
import PNGKit

/// The words and the colour key of a preview sheet: the header's lines about the model, the legend's entries.
extension PreviewSheet {
    /// What the sheet's header says about the model: size, stretch spans, padding, layout bounds, bad patches.
    func modelLines(_ ninePatch: NinePatch, badPatches: [BadPatch]) -> [String] {
        let spans = { (spans: [Span]) in spans.isEmpty ? "none" : spans.map(\.description).joined(separator: " ") }
        let insets = { (insets: Insets) in "l\(insets.left) t\(insets.top) r\(insets.right) b\(insets.bottom)" }
        return [
            "content \(ninePatch.width)x\(ninePatch.height), stretch x \(spans(ninePatch.stretchX)), "
                + "y \(spans(ninePatch.stretchY))",
            "padding \(insets(ninePatch.padding)), layout bounds "
                + (ninePatch.layoutBounds.map(insets) ?? "none"),
            badPatches.isEmpty
                ? "no bad patches (tolerance \(badPatchTolerance))"
                : "\(badPatches.count) bad patch\(badPatches.count == 1 ? "" : "es") (tolerance \(badPatchTolerance)): "
                    + "stretching smears them",
        ]
    }

    /// The colour key: the model's marks when there is a model, the finding's ring when a pixel is marked.
    func legendEntries(model: Bool, marking: Bool) -> Legend {
        let modelEntries: [(label: String, color: RGBA, dashed: Bool)] = [
            ("stretchable", overlay.stretchTint, false), ("content box (padding)", overlay.contentBoxColor, false),
            ("layout bounds", overlay.layoutBoundsColor, true), ("bad patch", badPatchColor, false),
        ]
        return Legend(
            entries: (model ? modelEntries : []) + (marking ? [("the finding's pixel", findingColor, false)] : []),
            ink: ink, textScale: textScale)
    }
}

/// The colour key at the bottom of a sheet.
struct Legend {
    var entries: [(label: String, color: RGBA, dashed: Bool)]
    var ink: RGBA
    var textScale: Int
    let swatch = 14
    let gap = 24

    var width: Int {
        entries.map { swatch + 6 + Canvas.textSize($0.label, scale: textScale).width + gap }.reduce(0, +)
    }

    func draw(on canvas: inout Canvas, x: Int, y: Int) {
        var left = x
        for entry in entries {
            let box = PixelRect(x: left, y: y, width: swatch, height: swatch)
            if entry.color.alpha < 255 {
                canvas.fill(box, with: entry.color)
            }
            canvas.stroke(
                box,
                with: RGBA(
                    red: entry.color.red, green: entry.color.green, blue: entry.color.blue,
                    alpha: 255), thickness: 2, dash: entry.dashed ? 4 : 0)
            left += swatch + 6
            canvas.text(entry.label, x: left, y: y, color: ink, scale: textScale)
            left += Canvas.textSize(entry.label, scale: textScale).width + gap
        }
    }
}
