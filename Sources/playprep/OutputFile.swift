import ArgumentParser
import FileAccess
import PNGKit

/// An output file a command is asked to write (`-` for standard output): never one of its inputs unless
/// `--force`, written as `OutputTarget` says (regular files atomically, so a failed or killed run leaves the old
/// file or nothing, never a partial one; FIFOs and devices opened and written; never through a symbolic link).
struct OutputFile {
    let path: String
    let force: Bool
    /// The option that named it, for the refusal.
    var option = "-o"
    /// What the refusal says instead of "(or pass --force)", for a command that never replaces its input.
    var refusal: String?
    /// Whether a symbolic link at the output's name is replaced by the new file (the user's `--force`) instead of
    /// refused; it is never written through.
    var replacesLink = false
    /// The folder below which no folder on the way may be a link (`OutputTarget`): the working folder when `nil`.
    var linksCheckedBelow: String?

    /// The target as `OutputTarget` decides it, links included.
    var target: OutputTarget { OutputTarget(path: path, linksCheckedBelow: linksCheckedBelow) }

    /// Refuses, before any work is done, a target a symbolic link is on the way to (unless `replacesLink` and the
    /// link is the output's own name).
    func refuseLink() throws {
        do {
            try target.refuseLink(replacingLink: replacesLink)
        } catch {
            throw CLIError.cannotWrite(path, reason: Self.reason(error, offeringForce: !replacesLink))
        }
    }

    /// The error's words, with the way out `--force` gives where it gives one.
    private static func reason(_ error: FileWriteError, offeringForce: Bool) -> String {
        guard offeringForce, case .throughLink(let link) = error, link.isOutput else { return error.description }
        return error.description + " (pass --force to replace the link)"
    }

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
        try write(bytes: bytes)
    }

    /// Writes UTF-8 text (exit 2 when it cannot be written).
    func write(_ text: String) throws {
        try write(bytes: Array(text.utf8))
    }

    private func write(bytes: [UInt8]) throws {
        do {
            try target.write(bytes, replacingLink: replacesLink)
        } catch {
            throw CLIError.cannotWrite(path, reason: Self.reason(error, offeringForce: !replacesLink))
        }
    }
}
