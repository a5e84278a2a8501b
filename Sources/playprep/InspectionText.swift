import Diagnostics
import NinePatchKit

/// The terminal form of `ninepatch inspect`: the model in a few aligned lines, then any findings (the file's name
/// and the findings made inert by `ConsoleText`, as the text may be coloured).
struct InspectionText {
    var useColor: Bool

    func render(_ inspection: NinePatchInspection) -> String {
        let check = inspection.check
        if let compiled = inspection.compiled {
            var lines = [ConsoleText.field(check.file)]
            if let header = check.header { lines.append(field("size", "\(header.width)x\(header.height), no frame")) }
            lines.append(field("stretch x", spans(compiled.stretchX)))
            lines.append(field("stretch y", spans(compiled.stretchY)))
            lines.append(field("padding", compiled.padding.description))
            lines.append(field("layout bounds", compiled.layoutBounds?.description ?? "none"))
            let findings = TextReporter(useColor: useColor).renderDiagnostics(check.diagnostics)
            if !findings.isEmpty { lines.append(String(findings.dropLast())) }
            lines.append(
                field(
                    "verdict",
                    (check.report.isValid
                        ? "accepted as a source, but"
                        : "rejected: aapt2 compile refuses it where a source is expected, as it is")
                        + " already compiled by aapt2 (npTc chunk, no frame); `ninepatch decompile` gives back a source"
                ))
            return lines.joined(separator: "\n") + "\n"
        }
        var lines = [ConsoleText.field(check.file)]
        if let header = check.header {
            lines.append(
                field(
                    "size",
                    "\(header.width - 2)x\(header.height - 2) content (\(header.width)x\(header.height) with frame)"))
        }
        if let model = check.ninePatch {
            lines.append(field("stretch x", spans(model.stretchX)))
            lines.append(field("stretch y", spans(model.stretchY)))
            lines.append(field("padding", model.padding.description))
            lines.append(field("layout bounds", model.layoutBounds?.description ?? "none"))
            if let outline = model.outline {
                lines.append(field("outline", "\(outline.insets), radius \(outline.radius), alpha \(outline.alpha)"))
            }
            if let colors = model.regionColors {
                lines.append(
                    field("regions", regionSummary(colors, columns: model.columns.count, rows: model.rows.count)))
            }
        }
        let findings = TextReporter(useColor: useColor).renderDiagnostics(check.diagnostics)
        if !findings.isEmpty { lines.append(String(findings.dropLast())) }
        if check.report.isValid && check.ninePatch != nil {
            lines.append(field("verdict", "accepted by aapt2"))
        } else if !check.report.isValid {
            lines.append(field("verdict", "rejected"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func field(_ name: String, _ value: String) -> String {
        "  " + (name + ":").padding(toLength: 15, withPad: " ", startingAt: 0) + value
    }

    private func spans(_ spans: [Span]) -> String {
        spans.isEmpty ? "none" : spans.map(\.description).joined(separator: " ")
    }

    private func regionSummary(_ colors: [RegionColor], columns: Int, rows: Int) -> String {
        var transparent = 0
        var solid = 0
        var mixed = 0
        for color in colors {
            switch color {
            case .transparent: transparent += 1
            case .solid: solid += 1
            case .mixed: mixed += 1
            }
        }
        return "\(columns)x\(rows): \(solid) solid, \(transparent) transparent, \(mixed) mixed"
    }
}
