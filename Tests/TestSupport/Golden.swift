public import Foundation

/// Golden files: committed expected output that a test compares byte for byte. With `PLAYPREP_RECORD=1` in the
/// environment the tests write what they produce instead, so a deliberate change is one run and a reviewed diff.
public enum Golden {
    /// Whether this run records (`PLAYPREP_RECORD=1`) instead of comparing.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["PLAYPREP_RECORD"] == "1"
    }

    /// The committed text of `file`, to compare with `actual`. When recording, `actual` is written to `file`
    /// first (creating its folder), so the comparison passes and `git diff` shows what changed.
    public static func expected(_ actual: String, in file: URL) throws -> String {
        if isRecording {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file, options: .atomic)
        }
        return try String(contentsOf: file, encoding: .utf8)
    }
}
