import ArgumentParser
import Diagnostics
import FileAccess
import NinePatchKit
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
        for file in files where PathKind(path: file) != .file { throw CLIError.inputNotFound(file) }
        if let output {
            try OutputFile(path: output, force: force).checkNotOverwriting(files)
            if !force && PathKind(path: output) != .missing {
                throw CLIError.cannotWrite(output, reason: "it exists (pass --force to replace it)")
            }
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
                console.write("\(file): \(change)\n")
            }
            for diagnostic in repaired.unresolved {
                let place = diagnostic.location.flatMap { location in
                    location.x.flatMap { x in location.y.map { " at x=\(x) y=\($0)" } }
                }
                console.write("\(file): cannot fix \(diagnostic.ruleID)\(place ?? ""): \(diagnostic.message)\n")
            }
            let target = output ?? (inPlace ? file : nil)
            guard repaired.isAccepted else {
                needsAttention = true
                console.write("\(file): not written: aapt2 would still reject it; a person must choose\n")
                continue
            }
            guard let target, !(repaired.changes.isEmpty && target == file) else {
                needsAttention = needsAttention || !repaired.changes.isEmpty
                continue
            }
            try OutputFile(path: target, force: true).write(repaired.image, encoder: PNGEncoder(compressionLevel: 9))
            console.write("\(file): \(repaired.changes.count) pixel(s) repaired, written to \(target)\n")
        }
        if needsAttention { throw ExitCode.failure }
    }
}
