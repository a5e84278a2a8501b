import AndroidBuild
import Foundation

@testable import UploadWiring

/// A repository written to a temporary folder from `path: text` pairs, read as `check` reads one.
struct TemporaryRepository: ~Copyable {
    let root: String
    let walked: [String]

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wiring-\(UUID())").path
        var walked = [String]()
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            // The project walk skips hidden folders; CI configurations are read from them directly.
            if !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { walked.append(root + "/" + path) }
        }
        self.walked = walked.sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var repository: ProjectFiles {
        ProjectFiles(root: root, walked: walked, maxBytes: FastlaneFiles.Limits.fileBytes)
    }

    /// Every uploader's input over the repository, with no Gradle build unless one is given.
    func input(build: AndroidBuildModel? = nil) -> UploaderInput {
        UploaderInput(
            ci: ContinuousIntegration(root: root, walked: walked),
            build: build ?? AndroidBuildModel(root: root, modules: []), repository: repository)
    }
}
