public import Foundation

/// Paths to committed fixtures and to the shared corpus, independent of the working directory.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestImages/<relative>`.
    public static func testImage(_ relative: String) -> URL {
        packageRoot.appendingPathComponent("TestImages").appendingPathComponent(relative)
    }

    /// The shared corpus beside the checkout (`../shared/corpus`), or `PLAYPREP_CORPUS` when set;
    /// `nil` when it is not there, so corpus tests can skip with a message.
    public static var sharedCorpus: URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["PLAYPREP_CORPUS"].map { URL(fileURLWithPath: $0) },
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Bytes of a file; fails the calling test loudly when it is missing.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// The first executable named `name` on PATH, for tests that compare with peer tools.
    public static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
