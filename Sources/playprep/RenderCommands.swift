import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import NinePatchPreview
import PNGKit

/// A destination size written `WIDTHxHEIGHT`, e.g. `320x48`.
struct PixelSize: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.width = width
        self.height = height
    }

    var description: String { "\(width)x\(height)" }
}

/// Sizes written `WxH,WxH,…` (the form `preview --sizes` takes).
struct PixelSizeList: ExpressibleByArgument {
    var sizes: [PixelSize]

    init?(argument: String) {
        let sizes = argument.split(separator: ",").map { PixelSize(argument: String($0)) }
        guard !sizes.isEmpty, !sizes.contains(where: { $0 == nil }) else { return nil }
        self.sizes = sizes.compactMap { $0 }
    }
}

/// A NinePatch source that aapt2 accepts, with its pixels; a rejected file prints its diagnostics and exits 1.
struct AcceptedNinePatch {
    var image: RGBAImage
    var ninePatch: NinePatch

    /// `reportWarnings` also prints the findings of an accepted file (compile shows what aapt2 would warn about).
    init(file: String, checker: NinePatchChecker, reportWarnings: Bool = false) throws {
        if let problem = PathProblem.asFile(file) { throw CLIError.invalidArgument(problem.description) }
        let check = checker.check(fileAt: file, parseAnyway: true, keepImage: true)
        let accepted = check.image.flatMap { image in check.ninePatch.map { (image, $0) } }
        if accepted == nil || (reportWarnings && !check.diagnostics.isEmpty) {
            let console = Console.standardOutput
            console.write(rendered: TextReporter(useColor: console.supportsColor).render(Report(files: [check.report])))
        }
        guard let (image, ninePatch) = accepted else { throw ExitCode.failure }
        self.image = image
        self.ninePatch = ninePatch
    }
}

/// `playprep ninepatch render FILE --size WxH -o OUT.png`
struct RenderNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a NinePatch stretched to a size exactly as Android does.",
        discussion: """
            The lattice is laid out like Android's hwui/Skia (fixed spans keep their size, the leftover is shared \
            by the stretchable spans in proportion to their source size; below the fixed size the stretchable \
            spans vanish and the fixed ones shrink) and sampled per cell in premultiplied RGBA. --scale F first \
            resizes the image as Android does when it loads the drawable on a device F times denser than its \
            folder (e.g. 2 for a drawable-mdpi file on an xhdpi device): pixels bilinearly to round(size x F), \
            stretch edges and padding rounded to the nearest pixel.
            """
    )

    @Argument(help: "The NinePatch source (.9.png, with its 1-pixel frame).")
    var file: String

    @Option(help: "Destination size, WIDTHxHEIGHT in pixels; repeat it to render several sizes in one run.")
    var size: [PixelSize]

    @Option(name: [.short, .long], help: "The PNG to write; with several sizes, a path containing {size}.")
    var output: String

    @OptionGroup var sampling: SamplingOption

    @Option(help: "Density scale applied first, as when a drawable is loaded on a denser (or sparser) device.")
    var scale: Float?

    @Flag(help: "Tint the stretchable cells and outline the content box and layout bounds.")
    var overlay = false

    @Flag(help: "Allow writing over an input file.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        for size in size where size.width <= 0 || size.height <= 0 {
            throw ValidationError("--size \(size) is empty; width and height must be at least 1")
        }
        guard size.count < 2 || output.contains("{size}") else {
            throw ValidationError("with several --size options, --output must contain {size}")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number")
        }
    }

    func run() throws {
        let targets = size.map {
            OutputFile(
                path: output.replacingOccurrences(of: "{size}", with: "\($0)"), force: force, replacesLink: force)
        }
        for target in targets {
            try target.checkNotOverwriting([InputFile(file, role: .ninePatch)])
            try target.refuseLink()
        }
        for (size, target) in zip(size, targets) {
            do {
                try limits.pngLimits.admitOutput(width: size.width, height: size.height)
            } catch {
                throw CLIError.cannotWrite(target.path, reason: error.description)
            }
        }
        let source = try AcceptedNinePatch(file: file, checker: limits.checker())
        var content = PremultipliedImage(source.image.withoutFrame)
        var ninePatch = source.ninePatch
        do {
            if let scale {
                (content, ninePatch) = try DensityScaling(factor: scale).apply(to: content, ninePatch: ninePatch)
            }
            let renderer = NinePatchRenderer(filter: sampling.renderFilter)
            for (size, target) in zip(size, targets) {
                var rendered = try renderer.render(content, as: ninePatch, width: size.width, height: size.height)
                    .unpremultiplied
                if overlay {
                    rendered = RenderOverlay().draw(
                        on: rendered,
                        layout: NinePatchLayout(
                            ninePatch, width: size.width, height: size.height), ninePatch: ninePatch)
                }
                try target.write(rendered, encoder: .fast)
            }
        } catch let error as RenderError {
            throw CLIError.invalidArgument("\(file): \(error)")
        }
    }
}

/// `playprep ninepatch preview FILE -o SHEET.png`
struct PreviewNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw one sheet that explains a NinePatch: its marks, bad patches and renderings at several sizes.",
        discussion: """
            The source is shown enlarged with stretchable areas tinted, the content box (padding) in blue, layout \
            bounds dashed red and bad patches (NP107) in red; then the image as Android draws it at each size, \
            with its content box and where the bad patches end up. Default sizes: half, 4x wide, 3x tall, 3x. \
            A file aapt2 rejects is still drawn, the source only with its offending pixels ringed in green; its \
            findings are printed and the exit status is 1.
            """
    )

    @Argument(help: "The NinePatch source (.9.png, with its 1-pixel frame).")
    var file: String

    @OptionGroup var output: OutputOptions

    @Option(
        parsing: .upToNextOption,
        help: "Sizes to render, WIDTHxHEIGHT, comma- or space-separated (default: a small, wide, tall and large one).")
    var sizes: [PixelSizeList] = []

    @OptionGroup var sampling: SamplingOption

    @OptionGroup var lints: LintOptions
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        for size in sizes.flatMap(\.sizes) where size.width <= 0 || size.height <= 0 {
            throw ValidationError("size \(size) is empty; width and height must be at least 1")
        }
    }

    func run() throws {
        try output.checkTarget(against: file)
        let check = limits.checker().check(fileAt: file, parseAnyway: true, keepImage: true)
        if check.ninePatch == nil {
            // Rejected (or not a PNG at all): the findings say why, and the sheet, when there are pixels to show,
            // rings each offending one.
            let console = Console.standardOutput
            console.write(rendered: TextReporter(useColor: console.supportsColor).render(Report(files: [check.report])))
        }
        if let image = check.image {
            let sheet = PreviewSheet(
                sizes: sizes.isEmpty
                    ? nil : sizes.flatMap(\.sizes).map { RenderSize(width: $0.width, height: $0.height) },
                filter: sampling.renderFilter, badPatchTolerance: lints.tolerance())
            let title = String(file.split(separator: "/").last ?? Substring(file))
            let marked = check.diagnostics.filter { $0.severity == .error }.compactMap { diagnostic in
                diagnostic.location.flatMap { location in
                    location.x.flatMap { x in location.y.map { PixelPoint(x: x, y: $0) } }
                }
            }
            do {
                let drawn =
                    try check.ninePatch.map { try sheet.draw(source: image, ninePatch: $0, title: title) }
                    ?? sheet.draw(finding: [], source: image, ninePatch: nil, title: title, marked: marked)
                try output.write { () throws(PNGError) in try PNGEncoder.fast.encode(drawn) }
            } catch let error as RenderError {
                throw CLIError.invalidArgument("\(file): \(error)")
            }
        }
        if check.ninePatch == nil { throw ExitCode.failure }
    }
}
