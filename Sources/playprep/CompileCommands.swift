import ArgumentParser
import Diagnostics
import FileAccess
import NinePatchKit
import PNGKit

/// `playprep ninepatch compile FILE -o OUT.png [--force]`
struct CompileNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile a NinePatch like aapt2: border stripped, npOl/npLb/npTc chunks written.",
        discussion: """
            The output's pixels and chunks equal what `aapt2 compile` puts in its .flat file. A file aapt2 \
            rejects gets its problems reported as by `ninepatch check` (exit 1) and nothing is written; so does \
            one whose counts overflow npTc's one-byte fields (NP104), where aapt2 would write a corrupt chunk.
            """
    )

    @Argument(help: "The NinePatch source (*.9.png).")
    var file: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var limits: LimitOptions

    func run() throws {
        try output.checkTarget(against: file)
        let source = try AcceptedNinePatch(file: file, checker: limits.checker(), reportWarnings: true)
        let compiled: CompiledNinePatch
        do {
            compiled = try NinePatchCompiler().compile(source.image, ninePatch: source.ninePatch)
        } catch {
            throw ExitCode.inputProblem(file, "cannot compile: \(error)")
        }
        try output.write { () throws(PNGError) in try compiled.encoded(with: PNGEncoder(compressionLevel: 9)) }
    }
}

/// `playprep ninepatch decompile FILE -o OUT.9.png [--force]`
struct DecompileNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decompile",
        abstract: "Turn a compiled NinePatch PNG (with npTc) back into a bordered .9.png source.",
        discussion: """
            Stretch spans become black ticks on the top and left, padding a black run on the bottom and right, \
            layout bounds (npLb) red runs from the ends; the frame is otherwise transparent. Where the result \
            would not parse back to the same chunks, a warning says what differs.
            """
    )

    @Argument(help: "A compiled NinePatch PNG, e.g. from `ninepatch compile` or an APK.")
    var file: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var limits: LimitOptions

    func run() throws {
        try output.checkTarget(against: file, role: .input)
        let decoder = limits.checker().decoder
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: decoder.limits.maxFileBytes).read(file)
        } catch {
            if case .notFound = error { throw CLIError.inputNotFound(file) }
            throw CLIError.unreadable(file, reason: error.description)
        }
        let decompiled: DecompiledNinePatch
        do {
            decompiled = try NinePatchDecompiler(decoder: decoder).decompile(png: bytes)
        } catch {
            throw ExitCode.inputProblem(file, error.description)
        }
        for warning in decompiled.warnings {
            Console.standardError.write(line: "playprep: warning: \(file): \(warning)")
        }
        try output.write { () throws(PNGError) in try PNGEncoder(compressionLevel: 9).encode(decompiled.image) }
    }
}

extension ExitCode {
    /// Prints `playprep: error: FILE: cause` for a problem with an input file and gives its exit status, 1.
    static func inputProblem(_ file: String, _ cause: String) -> ExitCode {
        Console.standardError.write(line: "playprep: error: \(file): \(cause)")
        return .failure
    }
}
