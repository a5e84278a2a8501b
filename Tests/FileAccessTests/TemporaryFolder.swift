import Foundation

/// A fresh folder under the system's temporary folder, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FileAccessTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        // The real path, so paths compare equal to what realpath(3) gives.
        path = url.resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` at `relative`, creating the folders on the way; returns the full path.
    @discardableResult
    func write(_ text: String, at relative: String) throws -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Makes `relative` a symbolic link to `target` (as written, relative to the link's folder or absolute).
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: target)
    }

    /// Makes `relative` a second name (a hard link) of the file at `existing`.
    func hardLink(_ relative: String, to existing: String) throws {
        try FileManager.default.linkItem(atPath: existing, toPath: path + "/" + relative)
    }

    /// The names in `relative` (hidden ones included), sorted.
    func names(in relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path + "/" + relative).sorted()
    }
}
