import FileAccess
import Foundation
import PNGKit

/// An output file a command is asked to write: never one of its inputs unless `--force`, always written
/// atomically so a failed or killed run leaves the old file (or nothing), never a partial one.
struct OutputFile {
    let path: String
    let force: Bool

    /// Refuses, before any work is done, a target that is the same file as one of `inputs`.
    func checkNotOverwriting(_ inputs: [String]) throws {
        guard !force else { return }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        for input in inputs where URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path == target {
            throw CLIError.cannotWrite(path, reason: FileWriteError.wouldOverwriteInput.description)
        }
    }

    /// Encodes `image` as PNG (with `chunks`) and writes it.
    func write(_ image: RGBAImage, chunks: [PNGChunk] = [], encoder: PNGEncoder = PNGEncoder()) throws {
        let bytes: [UInt8]
        do {
            bytes = try encoder.encode(image, chunks: chunks)
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
