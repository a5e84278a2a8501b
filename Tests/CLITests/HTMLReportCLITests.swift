import Foundation
import TestSupport
import Testing

/// `--format html`: one self-contained page, checked as text and then in a real browser (headless Chromium).
@Suite struct HTMLReportCLITests {
    /// The BrokenApp's HTML report, written with `--output` into a fresh folder.
    func brokenAppReport() throws -> (file: URL, html: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("report.html")
        let run = try PlayprepBinary.run(
            ["check", "TestImages/BrokenApp", "--format", "html", "--output", file.path],
            environment: ["SOURCE_DATE_EPOCH": "1764000000"])
        #expect(run.status == 1)
        #expect(run.standardOutput == "16 files checked: 6 errors, 2 warnings, 0 notes (html report in \(file.path))\n")
        return (file, try String(contentsOf: file, encoding: .utf8))
    }

    /// The findings of a page: each `<article>` with its rule id and its markup.
    func articles(_ html: String) -> [(rule: String, markup: Substring)] {
        html.split(separator: "<article").dropFirst().compactMap { part in
            let markup = part.split(separator: "</article>", maxSplits: 1).first ?? part
            guard let rule = markup.firstMatch(of: /data-rule="([A-Z]+[0-9]+)"/)?.1 else { return nil }
            return (String(rule), markup)
        }
    }

    @Test func theBrokenAppReportIsSelfContainedWithOnePicturePerNinePatchFinding() throws {
        let (_, html) = try brokenAppReport()
        for external in ["src=\"http", "href=\"http", "<link", "@import", "url(", "@font-face", "<script src"] {
            #expect(!html.contains(external), "the page must load nothing: \(external)")
        }
        let findings = articles(html)
        #expect(
            findings.map(\.rule).sorted() == [
                "IMG002", "NP003", "NP102", "NP105", "NP106", "PKG007", "RES002", "TXT001",
            ])
        for (rule, markup) in findings {
            let pictures = markup.matches(
                of: /<img class="picture"[^>]* src="data:image\/png;base64,[A-Za-z0-9+\/=]+">/
            ).count
            #expect(pictures == (rule.hasPrefix("NP") ? 1 : 0), "\(rule): \(pictures) pictures")
            let thumbnails = markup.matches(of: /<img class="thumbnail"[^>]* src="data:image\/png;base64,/).count
            #expect(thumbnails == (rule.hasPrefix("IMG") ? 1 : 0), "\(rule): \(thumbnails) thumbnails")
        }
        // The title's 11 characters over the limit of 30 are marked, the rest not.
        let title = try #require(findings.first { $0.rule == "TXT001" }?.markup)
        #expect(
            title.contains("<span class=\"line-number\">1</span>Broken Example App With A Very<mark> Long Title</mark>")
        )
        #expect(title.contains("the highlighted text, from line 1 column 31 on, is over the limit"))
        // NP106's picture is the outlier beside its reference, at the same size in dp.
        let density = try #require(findings.first { $0.rule == "NP106" }?.markup)
        #expect(density.contains("this file beside the reference"))
        #expect(density.contains("drawable-xhdpi/card.9.png"))
        let package = try #require(findings.first { $0.rule == "PKG007" }?.markup)
        #expect(package.contains("<mark>&quot;com.example.brokenapp&quot;</mark>"))
        #expect(html.contains("<li class=\"error\" data-severity=\"error\" data-count=\"6\">"))
        #expect(html.contains("16 files checked, 7 with findings"))
        #expect(html.contains("Frame pixels must be exactly opaque black"), "the rule's summary is shown")
    }

    @Test(.enabled(if: Chromium.executable != nil, "chromium not installed (Debian: apt-get install -y chromium)"))
    func chromiumLoadsTheBrokenAppReportWithoutErrors() throws {
        let (file, _) = try brokenAppReport()
        let url = file.absoluteString
        let load = try Chromium.run(
            ["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", url])
        #expect(load.status == 0, "\(load.standardError)")
        let consoleLines = load.standardError.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "the page logged: \(consoleLines.joined(separator: "\n"))")
        // The page's script counts the pictures the browser decoded.
        #expect(
            load.standardOutput.contains("<body data-images-loaded=\"5\" data-images-broken=\"0\">"),
            "\(load.standardOutput.prefix(400))")
        let findings = articles(load.standardOutput)
        #expect(findings.count == 8)
        #expect(findings.filter { $0.rule.hasPrefix("NP") }.allSatisfy { $0.markup.ranges(of: "<img ").count == 1 })
        #expect(findings.filter { $0.rule.hasPrefix("IMG") }.allSatisfy { $0.markup.ranges(of: "<img ").count == 1 })
        #expect(
            findings.filter { !$0.rule.hasPrefix("NP") && !$0.rule.hasPrefix("IMG") }.allSatisfy {
                !$0.markup.contains("<img ")
            })
        // The header, as the browser parsed it: project, version, the release variant and the listing.
        #expect(load.standardOutput.contains("<dd class=\"project\"><code>TestImages/BrokenApp</code></dd>"))
        #expect(load.standardOutput.contains("<dd class=\"version\">0.2.0</dd>"))
        #expect(
            load.standardOutput.contains(
                "<dd class=\"variants\" data-count=\"1\"><ul><li>:app release: com.example.brokenapp, versionCode 1</li>"
            ))
        // The listing as the summary line gives it: its store, the lane that uploads it and the proof of the upload.
        #expect(
            load.standardOutput.contains(
                "<dd class=\"listings\" data-count=\"1\"><ul><li>fastlane/metadata/android: Play via supply "
                    + "(lane release) [shown: .github/workflows/release.yml:14 `bundle exec fastlane release`]</li>"))
        #expect(load.standardOutput.contains("<dd class=\"date\">2025-11-24T16:00:00Z</dd>"))

        let screenshot = file.deletingLastPathComponent().appendingPathComponent("report.png")
        let shot = try Chromium.run(["--screenshot=\(screenshot.path)", "--window-size=1280,2400", url])
        #expect(shot.status == 0, "\(shot.standardError)")
        let png = try Fixtures.bytes(screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let size = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect((size(16), size(20)) == (1280, 2400))
    }
}
