#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One self-contained HTML page for people: a summary (files checked, findings per severity), the rules that
/// fired with their summaries and links to their findings, then the findings grouped by file, each with its
/// illustration (a picture as a `data:` URI, or a text excerpt with the offending part marked). One cause in
/// several files (`FindingGroup`) is one finding, under its first file, listing the others.
///
/// The page loads nothing: CSS is inline, pictures are embedded, fonts are the system's. Its one inline script
/// records on `<body>` how many pictures decoded (`data-images-loaded`, `data-images-broken`), so a browser test
/// can check them.
public struct HTMLReporter: Reporter {
    public var catalog: RuleCatalog
    /// Illustrations by finding; findings without one are shown as text only.
    public var illustrations: [FindingKey: Illustration]
    public var toolVersion: String
    /// The project, date and release shown at the top; `nil` for commands that check loose files.
    public var header: ReportHeader?

    public init(
        catalog: RuleCatalog, illustrations: [FindingKey: Illustration] = [:], toolVersion: String,
        header: ReportHeader? = nil
    ) {
        self.catalog = catalog
        self.illustrations = illustrations
        self.toolVersion = toolVersion
        self.header = header
    }

    public func render(_ report: Report) -> String {
        let findings = report.findingGroups.map { group in
            let first = group.members[0]
            var diagnostic = group.first
            if group.isMerged {
                diagnostic.message = group.message
                diagnostic.location = nil
            }
            return ShownFinding(
                diagnostic: diagnostic, anchor: "finding-\(first.fileIndex)-\(first.index)",
                key: FindingKey(file: diagnostic.file, index: first.index),
                otherFiles: group.isMerged ? group.compactFiles : nil)
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>playprep report</title>
            <style>\(Self.style)</style>
            </head>
            <body>

            """
        html += summary(report, findings: findings)
        html += artifacts(report)
        html += rules(findings)
        html += files(report, findings: findings)
        html += "<footer>playprep \(Self.escape(toolVersion))</footer>\n"
        html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return html
    }

    /// One finding group as shown: a merged group stands at its first file and lists all its files.
    private struct ShownFinding {
        var diagnostic: Diagnostic
        var anchor: String
        var key: FindingKey
        var otherFiles: String?
    }

    private func summary(_ report: Report, findings: [ShownFinding]) -> String {
        let withFindings = report.files.count { !$0.diagnostics.isEmpty }
        var html = "<header>\n<h1>playprep report</h1>\n" + about()
        html += "<p class=\"summary\">"
        html += "\(Self.counted(report.files.count, "file")) checked, \(withFindings) with findings</p>\n"
        html += "<ul class=\"counts\">\n"
        for severity in Severity.allCases {
            let count = findings.count { $0.diagnostic.severity == severity }
            html += "<li class=\"\(severity.rawValue)\" data-severity=\"\(severity.rawValue)\" data-count=\"\(count)\">"
            html += "<strong>\(count)</strong> \(severity.rawValue)\(count == 1 ? "" : "s")</li>\n"
        }
        return html + "</ul>\n</header>\n"
    }

    /// The header's facts: project, date, version, release variants and listings with their stores.
    private func about() -> String {
        guard let header else { return "" }
        var html = "<dl class=\"about\">\n"
        html += "<dt>project</dt><dd class=\"project\"><code>\(Self.escape(header.project))</code></dd>\n"
        html += "<dt>checked</dt><dd class=\"date\">\(Self.escape(header.date))</dd>\n"
        html += "<dt>playprep</dt><dd class=\"version\">\(Self.escape(toolVersion))</dd>\n"
        let lists = [
            ("release variants", "variants", header.releaseVariants, "none read from the build"),
            ("listings", "listings", header.listings, "none found"),
        ]
        if let compared = header.comparedRelease.first {
            html += "<dt>compared with</dt><dd class=\"since\">\(Self.escape(compared))"
            let variants = header.comparedRelease.dropFirst()
            html += variants.isEmpty ? "" : "<ul>" + variants.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
            html += "</dd>\n"
        }
        for (title, kind, items, none) in lists {
            html += "<dt>\(title)</dt><dd class=\"\(kind)\" data-count=\"\(items.count)\">"
            html += items.isEmpty ? none : "<ul>" + items.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
            html += "</dd>\n"
        }
        return html + "</dl>\n"
    }

    /// Each APK or AAB's identity and signers (read, not verified); nothing when the report has none.
    private func artifacts(_ report: Report) -> String {
        let artifacts = report.files.compactMap { file in file.artifact.map { (file.file, $0) } }
        guard !artifacts.isEmpty else { return "" }
        var html = "<section id=\"artifacts\">\n<h2>Artifacts</h2>\n<dl>\n"
        for (file, facts) in artifacts {
            html += "<dt>\(Self.escape(file))</dt><dd>\(Self.escape(facts.identityLine))"
            if !facts.signers.isEmpty {
                html += "<ul>"
                for signer in facts.signers {
                    html +=
                        "<li>\(Self.escape(signer.schemes.joined(separator: "+"))): \(Self.escape(signer.subject)), "
                    html += "SHA-256 <code>\(Self.escape(signer.sha256))</code>, valid "
                    html += "\(Self.escape(signer.validFrom)) to \(Self.escape(signer.validUntil))</li>"
                }
                html += "</ul>"
            }
            html += "</dd>\n"
        }
        return html + "</dl>\n</section>\n"
    }

    private func rules(_ findings: [ShownFinding]) -> String {
        guard !findings.isEmpty else { return "<p class=\"clean\">No findings.</p>\n" }
        let byRule = Dictionary(grouping: findings, by: \.diagnostic.ruleID)
        var html = "<section id=\"by-rule\">\n<h2>Findings by rule</h2>\n<table>\n"
        html +=
            "<thead><tr><th>rule</th><th>severity</th><th>what it checks</th><th>findings</th></tr></thead>\n<tbody>\n"
        for id in byRule.keys.sorted() {
            let group = byRule[id] ?? []
            let severity = group.map(\.diagnostic.severity).max() ?? .warning
            let rule = catalog.rule(for: id, severity: severity)
            html += "<tr data-rule=\"\(Self.escape(id))\"><td><code>\(Self.escape(id))</code><br>"
            html += "<small>\(Self.escape(rule.name))</small></td>"
            html += "<td><span class=\"badge \(severity.rawValue)\">\(severity.rawValue)</span></td>"
            html += "<td>\(Self.escape(rule.summary))</td><td><ul>"
            for finding in group {
                html += "<li><a href=\"#\(finding.anchor)\">\(Self.escape(finding.diagnostic.file))"
                html += Self.place(finding.diagnostic.location).map { " " + Self.escape($0) } ?? ""
                html += "</a></li>"
            }
            html += "</ul></td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    private func files(_ report: Report, findings: [ShownFinding]) -> String {
        let byFile = Dictionary(grouping: findings, by: \.key.file)
        var html = "<section id=\"by-file\">\n<h2>Findings by file</h2>\n"
        for file in report.files where byFile[file.file] != nil {
            html += "<section class=\"file\">\n<h3>\(Self.escape(file.file))</h3>\n"
            for finding in byFile[file.file] ?? [] { html += article(finding) }
            html += "</section>\n"
        }
        let clean = report.files.filter { $0.diagnostics.isEmpty }
        if !clean.isEmpty {
            html +=
                "<details class=\"clean\"><summary>\(Self.counted(clean.count, "file")) without findings</summary><ul>"
            html += clean.map { "<li>\(Self.escape($0.file))</li>" }.joined()
            html += "</ul></details>\n"
        }
        return html + "</section>\n"
    }

    private func article(_ finding: ShownFinding) -> String {
        let diagnostic = finding.diagnostic
        let severity = diagnostic.severity.rawValue
        let rule = catalog.rule(for: diagnostic.ruleID, severity: diagnostic.severity)
        var html = "<article class=\"finding \(severity)\" id=\"\(finding.anchor)\" "
        html += "data-rule=\"\(Self.escape(diagnostic.ruleID))\" data-severity=\"\(severity)\">\n"
        html +=
            "<h4><span class=\"badge \(severity)\">\(severity)</span> <code>\(Self.escape(diagnostic.ruleID))</code>"
        html += Self.place(diagnostic.location).map { " <span class=\"place\">\(Self.escape($0))</span>" } ?? ""
        html += "</h4>\n"
        let illustration = illustrations[finding.key]
        // A thumbnail floats beside the text that follows; other illustrations come below it.
        var below = ""
        if let illustration {
            if case .thumbnail = illustration.content {
                html += figure(illustration)
            } else {
                below = figure(illustration)
            }
        }
        html += "<p class=\"message\">\(Self.escape(diagnostic.message))</p>\n"
        if let files = finding.otherFiles {
            html += "<p class=\"files\"><b>Files:</b> <code>\(Self.escape(files))</code></p>\n"
        }
        if let hint = diagnostic.hint { html += "<p class=\"hint\"><b>Fix:</b> \(Self.escape(hint))</p>\n" }
        html += "<p class=\"rule\"><b>\(Self.escape(rule.name))</b>: \(Self.escape(rule.summary))</p>\n"
        return html + below + "</article>\n"
    }

    private func figure(_ illustration: Illustration) -> String {
        var html = "<figure>\n"
        switch illustration.content {
        case .picture(let png, let width, let height):
            html +=
                "<img class=\"picture\" width=\"\(width)\" height=\"\(height)\" alt=\"\(Self.escape(illustration.caption))\" "
            html += "src=\"data:image/png;base64,\(Data(png).base64EncodedString())\">\n"
        case .thumbnail(let bytes, let mediaType):
            html = "<figure class=\"thumbnail\">\n"
            html += "<img class=\"thumbnail\" alt=\"\(Self.escape(illustration.caption))\" "
            html += "src=\"data:\(Self.escape(mediaType));base64,\(Data(bytes).base64EncodedString())\">\n"
        case .excerpt(let excerpt):
            html += "<pre class=\"excerpt\">"
            for line in excerpt.lines {
                html += "<span class=\"line-number\">\(line.number)</span>"
                html += Self.highlight(line.text, line.highlighted) + "\n"
            }
            if excerpt.omittedLines > 0 {
                html += "<span class=\"omitted\">… \(Self.counted(excerpt.omittedLines, "more line"))</span>\n"
            }
            html += "</pre>\n"
        }
        return html + "<figcaption>\(Self.escape(illustration.caption))</figcaption>\n</figure>\n"
    }

    /// `text` escaped, with the scalars in `range` wrapped in `<mark>`.
    private static func highlight(_ text: String, _ range: Range<Int>?) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let range else { return escape(text) }
        let clamped = range.clamped(to: 0..<scalars.count)
        let part = { (bounds: Range<Int>) in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[bounds])
            return escape(String(view))
        }
        return part(0..<clamped.lowerBound) + "<mark>" + part(clamped) + "</mark>"
            + part(clamped.upperBound..<scalars.count)
    }

    /// `pixel (x,y)`, `line L, column C` or `line L`.
    private static func place(_ location: Location?) -> String? {
        guard let location else { return nil }
        if let x = location.x, let y = location.y { return "pixel (\(x),\(y))" }
        guard let line = location.line else { return nil }
        return location.column.map { "line \(line), column \($0)" } ?? "line \(line)"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Text as HTML content or attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        // After `ConsoleText.lines`: the page may be printed on standard output, in a CI log.
        for character in ConsoleText.lines(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    private static let style = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;\
        padding:16px 24px;color:#222;background:#fff;line-height:1.4}\
        h1{margin:0 0 4px}dl.about{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:8px 0}\
        dl.about dt{color:#555}dl.about dd{margin:0}dl.about ul{margin:0;padding-left:18px}\
        h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:32px}\
        h3{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:15px;background:#f2f2f2;padding:6px 8px;\
        margin:24px 0 8px;word-break:break-all}h4{margin:0 0 4px;font-size:15px}\
        .counts{display:flex;gap:12px;list-style:none;padding:0;margin:8px 0}\
        .counts li{padding:6px 14px;border-radius:6px;background:#f2f2f2}.counts strong{font-size:20px}\
        .counts .error{background:#fde2e1}.counts .warning{background:#fff1cc}.counts .note{background:#e1effd}\
        .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff}\
        .badge.error{background:#c62828}.badge.warning{background:#b26a00}.badge.note{background:#1565c0}\
        table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:6px 8px;text-align:left;\
        vertical-align:top;font-size:14px}td ul{margin:0;padding-left:18px}a{color:#1558b0}\
        .finding{border-left:4px solid #999;padding:8px 12px;margin:8px 0 16px;background:#fafafa}\
        .finding.error{border-color:#c62828}.finding.warning{border-color:#e09b00}.finding.note{border-color:#1565c0}\
        .finding p{margin:4px 0}.message{font-weight:600}.rule{color:#555;font-size:14px}\
        .finding{overflow:auto}figure.thumbnail{float:right;margin:0 0 8px 16px;max-width:200px}\
        img.thumbnail{max-width:200px;max-height:360px;border:1px solid #ddd}figure{margin:8px 0 0}figcaption{color:#555;font-size:13px;margin-top:4px}\
        img.picture{max-width:100%;height:auto;image-rendering:pixelated;border:1px solid #ddd;background:#fff}\
        pre.excerpt{background:#fff;border:1px solid #ddd;padding:8px;white-space:pre-wrap;word-break:break-all;\
        font-size:14px;margin:0}.line-number{display:inline-block;min-width:3em;color:#888;user-select:none}\
        mark{background:#ffb3b3;color:#000;outline:1px solid #c62828}.omitted{color:#888}\
        footer{margin-top:32px;color:#888;font-size:12px}
        """

    private static let script = """
        window.addEventListener("load",function(){var images=Array.prototype.slice.call(document.images);\
        var broken=images.filter(function(image){return !(image.complete&&image.naturalWidth>0);}).length;\
        document.body.setAttribute("data-images-loaded",String(images.length-broken));\
        document.body.setAttribute("data-images-broken",String(broken));});
        """
}
