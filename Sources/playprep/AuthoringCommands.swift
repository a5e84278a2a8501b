import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import NinePatchPreview
import PNGKit

/// `playprep ninepatch fix FILE... [-o OUT | --in-place]`
struct FixNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Repair the frame pixels of NinePatches whose intent is clear, and say what a person must decide.",
        discussion: """
            Frame pixels only, content never: alpha below 128 becomes the background (faint-tick-end); alpha \
            128 or more within \(FrameRepair.defaultColorTolerance) per channel of black becomes opaque black \
            (near-black-tick), of red on the bottom or right border opaque red (near-red-bound), of white on a \
            white frame opaque white (near-white-background); a top-left pixel that is invalid or disagrees with \
            most of the frame becomes that background (corner). Every changed pixel is printed (x, y, from, to, rule), then \
            what aapt2 would still reject. Without -o or --in-place nothing is written and the exit status is 1 \
            when a change is needed (a CI check). A file aapt2 would still reject is never written (exit 1).
            """
    )

    @Argument(help: "NinePatch sources (*.9.png).")
    var files: [String]

    @Option(name: .shortAndLong, help: "Write the repaired image here (one input only; atomically).")
    var output: String?

    @Flag(help: "Replace each input with its repaired image (atomically; untouched when nothing changes).")
    var inPlace = false

    @Flag(help: "Allow -o to replace an existing file or an input.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if output != nil && inPlace { throw ValidationError("-o and --in-place exclude each other") }
        if output != nil && files.count != 1 { throw ValidationError("-o takes exactly one input file") }
    }

    func run() throws {
        for file in files {
            if PathKind(path: file) == .folder {
                throw CLIError.invalidArgument(
                    "\(file): is a folder: ninepatch fix takes .9.png files (playprep ninepatch check \(file) finds "
                        + "the ones that need fixing)")
            }
            if let problem = PathProblem.asFile(file) { throw CLIError.invalidArgument(problem.description) }
        }
        if let output {
            try OutputFile(path: output, force: force).checkNotOverwriting(
                files.map { InputFile($0, role: .ninePatch) })
            try OutputFile(path: output, force: force).refuseExisting()
        } else if inPlace {
            for file in files { try OutputFile(path: file, force: true, replacesLink: force).refuseLink() }
        }
        let checker = limits.checker(detail: .geometry)
        let console = Console.standardOutput
        var needsAttention = false
        for file in files {
            let check = checker.check(fileAt: file, parseAnyway: true, keepImage: true)
            guard let image = check.image else {
                throw CLIError.unreadable(file, reason: check.diagnostics.first?.message ?? "not a PNG")
            }
            let repaired = FrameRepair().repair(image, file: file)
            for change in repaired.changes {
                console.write(line: "\(file): \(change)")
            }
            for diagnostic in repaired.unresolved {
                let place = diagnostic.location.flatMap { location in
                    location.x.flatMap { x in location.y.map { " at x=\(x) y=\($0)" } }
                }
                console.write(line: "\(file): cannot fix \(diagnostic.ruleID)\(place ?? ""): \(diagnostic.message)")
            }
            let target = output ?? (inPlace ? file : nil)
            guard repaired.isAccepted else {
                needsAttention = true
                console.write(line: "\(file): not written: aapt2 would still reject it; a person must choose")
                continue
            }
            guard let target, !(repaired.changes.isEmpty && target == file) else {
                needsAttention = needsAttention || !repaired.changes.isEmpty
                if target == nil && !repaired.changes.isEmpty {
                    console.write(
                        line:
                            "\(file): not written: \(repaired.changes.count) pixel(s) need repair; -o OUT or --in-place "
                            + "writes the repaired image")
                }
                continue
            }
            try OutputFile(path: target, force: true, replacesLink: force).write(
                repaired.image, encoder: PNGEncoder(compressionLevel: 9))
            console.write(line: "\(file): \(repaired.changes.count) pixel(s) repaired, written to \(target)")
        }
        if needsAttention { throw ExitCode.failure }
    }
}

/// `playprep ninepatch scale FILE --res-dir RES [--to DENSITY,...] [--from DENSITY] [--force]`
struct ScaleNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Make every density of a NinePatch from one source, with a crisp frame aapt2 and NP106 accept.",
        discussion: """
            Writes RES/<folder>/<name>.9.png for each target density, where <folder> is the source's folder with \
            its density qualifier replaced (drawable-night-xxxhdpi -> drawable-night-mdpi; drawable-<density> \
            when the source has none). The content is resampled in premultiplied colour by area averaging, each \
            fixed or stretchable segment onto its own; every segment edge is rounded once to its nearest \
            proportional pixel (each segment keeps at least 1 px, so spans never overlap or merge); padding and \
            layout bounds are scaled and rounded likewise. Without --to, every density below the source's is \
            made (a larger one made from a smaller has no more detail). Nothing is written unless every target \
            can be: an existing file is refused unless --force, the source itself always.
            """
    )

    /// Densities written `mdpi,hdpi,…`.
    struct DensityList: ExpressibleByArgument {
        var buckets: [DensityBucket]

        init?(argument: String) {
            let buckets = argument.split(separator: ",").map { DensityBucket(rawValue: String($0)) }
            guard !buckets.isEmpty, !buckets.contains(where: { $0 == nil }) else { return nil }
            self.buckets = buckets.compactMap { $0 }
        }
    }

    @Argument(help: "The NinePatch source (*.9.png), usually the xxxhdpi or xxhdpi one.")
    var file: String

    @Option(help: "The res folder to write the densities into.")
    var resDir: String

    @Option(help: "Target densities, e.g. mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi (default: every one below the source's).")
    var to: DensityList?

    @Option(
        help: "The source's density when its folder does not say (e.g. xxxhdpi).",
        transform: { name in
            guard let bucket = DensityBucket(rawValue: name) else {
                throw ValidationError("'\(name)' is not a density (ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi)")
            }
            return bucket
        })
    var from: DensityBucket?

    @Flag(help: "Replace existing output files (never the source).")
    var force = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let plan: DensityScalingPlan
        do {
            plan = try DensityScalingPlan(file: file, resFolder: resDir, targets: to?.buckets, sourceDensity: from)
        } catch {
            throw CLIError.invalidArgument(error.description)
        }
        for output in plan.outputs {
            // The source is never replaced, --force or not: a density made from itself would lose its detail.
            var target = OutputFile(path: output.path, force: false)
            target.refusal =
                "ninepatch scale never writes over its source: leave \(output.density.rawValue) out of --to"
            try target.checkNotOverwriting([InputFile(file, role: .ninePatch)])
            try OutputFile(path: output.path, force: force, linksCheckedBelow: resDir).refuseExisting()
        }
        let source = try AcceptedNinePatch(file: file, checker: limits.checker())
        var scaled = [(String, ScaledNinePatch)]()
        for output in plan.outputs {
            do {
                scaled.append(
                    (
                        output.path,
                        try DensityScaler(limits: limits.pngLimits).scale(
                            source.image, as: source.ninePatch, by: plan.ratio(to: output))
                    ))
            } catch ScaleError.tooLarge(let oversized) {
                throw CLIError.cannotWrite(output.path, reason: oversized.description)
            } catch {
                throw ExitCode.inputProblem(file, "cannot scale to \(output.density.rawValue): \(error)")
            }
        }
        for (path, result) in scaled {
            try OutputFile.createFolder(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
            try OutputFile(path: path, force: true, replacesLink: force, linksCheckedBelow: resDir).write(
                result.image, encoder: PNGEncoder(compressionLevel: 9))
            Console.standardOutput.write(
                line: "\(path): \(result.ninePatch.width)x\(result.ninePatch.height) content, stretch x "
                    + "\(result.ninePatch.stretchX.map(\.description).joined(separator: " ")), y "
                    + "\(result.ninePatch.stretchY.map(\.description).joined(separator: " "))")
        }
    }
}

/// `playprep ninepatch export FILE --format css|ios|flutter|compose|json [-o DIR] [--force]`
struct ExportNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a NinePatch's content image and its slicing for the web, iOS, Flutter or Compose, or as JSON.",
        discussion: """
            Writes into DIR (default: the current folder) NAME.png, the content without its frame, and: css: \
            NAME.css (border-image, sizes in CSS pixels = dp); ios: NAME.imageset/ with the image and a \
            Contents.json with 9-part cap insets; flutter: NAME.dart (Image.asset with centerSlice); compose: \
            NAME.kt (a Painter in nine parts for Compose Multiplatform; on Android Compose draws the .9.png); json: \
            NAME.json (insets and padding in pixels, and in dp when the folder names a density). These platforms \
            stretch one centre: with several stretch spans on an axis, or layout bounds, what is lost is printed \
            and written into the JSON. Existing files are refused unless --force.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case css, ios, flutter, compose, json

        /// The library's name for this format.
        var files: SliceExportFiles.Format {
            switch self {
            case .css: .css
            case .ios: .ios
            case .flutter: .flutter
            case .compose: .compose
            case .json: .json
            }
        }
    }

    @Argument(help: "The NinePatch source (*.9.png).")
    var file: String

    @Option(help: "css, ios, flutter, compose or json.")
    var format: Format

    @Option(name: .shortAndLong, help: "The folder to write into (created if needed).")
    var output = "."

    @Flag(help: "Replace existing output files.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let source = try AcceptedNinePatch(file: file, checker: limits.checker())
        let files = SliceExportFiles(file: file, ninePatch: source.ninePatch, format: format.files, output: output)
        for target in files.paths {
            try OutputFile(path: target, force: false).checkNotOverwriting([InputFile(file, role: .ninePatch)])
            try OutputFile(path: target, force: force, linksCheckedBelow: output).refuseExisting()
        }
        try OutputFile.createFolder(files.folder)
        try OutputFile(path: files.image, force: true, replacesLink: force, linksCheckedBelow: output).write(
            source.image.withoutFrame, encoder: PNGEncoder(compressionLevel: 9))
        try OutputFile(path: files.textFile, force: true, replacesLink: force, linksCheckedBelow: output).write(
            files.text)
        for loss in files.export.losses { Console.standardError.write(line: "playprep: warning: \(file): \(loss)") }
        Console.standardOutput.write(lines: files.paths)
    }
}

/// `playprep ninepatch create IMAGE --stretch-x A:B[,C:D] --stretch-y A:B [--padding L,T,R,B] -o OUT.9.png`
struct CreateNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Add a NinePatch frame to a plain PNG.",
        discussion: """
            Spans are in the plain image's pixels, half-open as `ninepatch inspect` prints them (4:8 is [4, 8)); \
            several are comma-separated and must not touch. Without --padding the content box is aapt2's \
            default, the first to last stretch span. The frame is transparent with opaque black ticks; the output \
            is refused if it exists (unless --force) and always if it is the input.
            """
    )

    /// Spans written `A:B,C:D`.
    struct SpanList: ExpressibleByArgument {
        var spans: [Span]

        init?(argument: String) {
            var spans = [Span]()
            for part in argument.split(separator: ",") {
                let ends = part.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
                guard ends.count == 2, let start = ends[0], let end = ends[1], start >= 0, start < end else {
                    return nil
                }
                spans.append(Span(start, end))
            }
            guard !spans.isEmpty else { return nil }
            self.spans = spans
        }
    }

    /// Padding written `LEFT,TOP,RIGHT,BOTTOM`.
    struct PaddingValue: ExpressibleByArgument {
        var insets: Insets

        init?(argument: String) {
            let values = argument.split(separator: ",").map { Int($0) }
            guard values.count == 4, let left = values[0], let top = values[1], let right = values[2],
                let bottom = values[3], [left, top, right, bottom].allSatisfy({ $0 >= 0 })
            else { return nil }
            insets = Insets(left: left, top: top, right: right, bottom: bottom)
        }
    }

    @Argument(help: "A plain PNG (no frame).")
    var image: String

    @Option(help: "Horizontal stretch spans, e.g. 4:8 or 2:5,9:12.")
    var stretchX: SpanList

    @Option(help: "Vertical stretch spans, e.g. 3:6.")
    var stretchY: SpanList

    @Option(help: "Content padding LEFT,TOP,RIGHT,BOTTOM in pixels (default: the stretch area).")
    var padding: PaddingValue?

    @OptionGroup var output: OutputOptions
    @OptionGroup var limits: LimitOptions

    func run() throws {
        // The input is never replaced, whatever --force says (--force only replaces another existing file).
        if let problem = PathProblem.asFile(image) { throw CLIError.invalidArgument(problem.description) }
        var target = OutputFile(path: output.output, force: false)
        target.refusal = "ninepatch create never writes over its input: choose another -o"
        try target.checkNotOverwriting([InputFile(image, role: .input)])
        if image.lowercased().hasSuffix(".9.png") {
            throw CLIError.invalidArgument(
                "\(image) is a NinePatch (.9.png) and already has a frame: create takes a plain PNG; "
                    + "`ninepatch fix` repairs a frame, `ninepatch inspect` shows it")
        }
        try OutputFile(path: output.output, force: output.force).refuseExisting()
        let decoder = limits.checker().decoder
        let content: RGBAImage
        do {
            content = try decoder.decode(try FileReader(maxBytes: decoder.limits.maxFileBytes).read(image))
        } catch let error as FileReadError {
            throw CLIError.unreadable(image, reason: error.description)
        } catch {
            throw ExitCode.inputProblem(image, "\(error)")
        }
        do {
            try limits.pngLimits.admitOutput(width: content.width + 2, height: content.height + 2)
        } catch {
            throw CLIError.cannotWrite(output.output, reason: error.description)
        }
        let framed: RGBAImage
        do {
            framed = try FrameDrawing().framed(
                content, stretchX: stretchX.spans, stretchY: stretchY.spans, padding: padding?.insets)
        } catch {
            throw CLIError.invalidArgument("\(image) is \(content.width)x\(content.height): \(error)")
        }
        try output.write { () throws(PNGError) in try PNGEncoder(compressionLevel: 9).encode(framed) }
    }
}

/// `playprep ninepatch gallery PATH... -o gallery.html [--force]`
struct GalleryNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "One self-contained HTML page with every NinePatch of a project drawn at several sizes.",
        discussion: """
            PATH may be a file or a folder (searched recursively for *.9.png, as `ninepatch check` does). Each \
            NinePatch is drawn as Android draws it at its own size, 3x as wide, twice as tall and both, with its \
            content box (padding) outlined; files aapt2 rejects are listed with their first error. Pictures are \
            inline, so the page can be opened or attached anywhere. The first 2000 files are drawn; any others \
            are listed by name.
            """
    )

    @Argument(help: "Files or folders.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "The HTML file to write (atomically).")
    var output: String

    @Flag(help: "Replace an existing output file.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        try OutputFile(path: output, force: force).refuseExisting()
        var files = [FoundFile]()
        do {
            try NinePatchFinder().forEachFoundFile(in: paths) { files.append($0) }
        } catch {
            switch error {
            case .notFound(let path): throw CLIError.inputNotFound(path)
            }
        }
        let checker = limits.checker()
        // Each file is checked and drawn as the page reaches it, so only one file's pixels are held at a time;
        // past the page's limit, files are only named.
        let entries = files.enumerated().lazy.map { index, file in
            index < GalleryPage.maximumDrawnFiles
                ? GalleryPage.Entry(checker.check(file, keepImage: true)) : .notDrawn(file: file.path)
        }
        try OutputFile(path: output, force: true, replacesLink: force).refuseLink()
        var drawingError: GalleryError?
        do throws(FileWriteError) {
            try AtomicFile(path: output).write { page in
                do throws(GalleryError) {
                    try GalleryPage(limits: limits.pngLimits).write(entries, count: files.count, to: &page)
                } catch {
                    drawingError = error
                    page.abandon()
                }
            }
        } catch {
            throw CLIError.cannotWrite(output, reason: drawingError?.description ?? error.description)
        }
        Console.standardOutput.write(line: "\(output): \(files.count) NinePatch file(s)")
    }
}

extension OutputFile {
    /// Refuses a target that exists already, unless `--force`, and one a symbolic link is on the way to (with
    /// `--force`, a link at its own name is replaced instead; a dangling one too, never followed).
    func refuseExisting() throws {
        var replacing = self
        replacing.replacesLink = force
        try replacing.refuseLink()
        if !force && PathKind(path: path) != .missing {
            throw CLIError.cannotWrite(path, reason: "it exists (pass --force to replace it)")
        }
    }

    /// Creates `folder` and its parents for the files to come; a failure names the folder (exit 2).
    static func createFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotWrite(folder, reason: error.localizedDescription)
        }
    }
}
