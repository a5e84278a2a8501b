import ArgumentParser
import FileAccess
import PNGKit

/// An output file a command is asked to write (`-` for standard output): never one of its inputs unless
/// `--force`, written as `OutputTarget` says (regular files atomically, so a failed or killed run leaves the old
/// file or nothing, never a partial one; FIFOs and devices opened and written).
struct OutputFile {
    let path: String
    let force: Bool
    /// The option that named it, for the refusal.
    var option = "-o"
    /// What the refusal says instead of "(or pass --force)", for a command that never replaces its input.
    var refusal: String?

    /// Refuses, before any work is done, a target that is one of `inputs` (after resolving links, hard links
    /// included).
    func checkNotOverwriting(_ inputs: [InputFile]) throws {
        guard !force else { return }
        do {
            try OutputTarget(path: path).refuse(overwriting: inputs, option: option)
        } catch {
            if let refusal {
                throw CLIError.invalidArgument("\(path) is \(error.input.role.rawValue) this run reads: \(refusal)")
            }
            throw CLIError.invalidArgument("\(error) (or pass --force)")
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
            try OutputTarget(path: path).write(bytes)
        } catch {
            throw CLIError.cannotWrite(path, reason: error.description)
        }
    }
}
