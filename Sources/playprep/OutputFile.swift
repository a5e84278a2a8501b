import ArgumentParser
import FileAccess
import PNGKit

/// An output file a command is asked to write: never one of its inputs unless `--force`, always written
/// atomically so a failed or killed run leaves the old file (or nothing), never a partial one.
struct OutputFile {
    let path: String
    let force: Bool

    /// Refuses, before any work is done, a target that is one of `inputs` (after resolving links, hard links
    /// included).
    func checkNotOverwriting(_ inputs: [String]) throws {
        guard !force else { return }
        for input in inputs where AtomicFile(path: path).wouldReplace(input) {
            throw CLIError.cannotWrite(path, reason: FileWriteError.wouldOverwriteInput.description)
        }
    }

    /// Encodes `image` as PNG and writes it.
    func write(_ image: RGBAImage, encoder: PNGEncoder = PNGEncoder()) throws {
        try write { () throws(PNGError) in try encoder.encode(image) }
    }

    /// Writes what `encode` produces; an encoding or writing failure leaves no file behind (exit 2).
    func write(_ encode: () throws(PNGError) -> [UInt8]) throws {
        let bytes: [UInt8]
        do {
            bytes = try encode()
        } catch {
            throw CLIError.cannotWrite(path, reason: error.description)
        }
        do {
            try AtomicFile(path: path).write(bytes)
        } catch {
            throw CLIError.cannotWrite(path, reason: error.description)
        }
    }
}
