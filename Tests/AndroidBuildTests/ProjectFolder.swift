import AndroidBuild
import Foundation

/// Lists a folder's files the way playprep's walk hands them to the reader: every regular file, root-prefixed.
enum ProjectFolder {
    static func files(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = root + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    static func read(_ root: String, overrides: [String: String] = [:]) -> AndroidBuildModel {
        AndroidBuildReader(propertyOverrides: overrides).read(root: root, files: files(under: root))
    }
}

/// A temporary project folder with the given files, removed when the value is dropped by the test.
struct TemporaryProject {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("androidbuild-\(UUID().uuidString)").path
        for (relative, text) in files {
            let url = URL(fileURLWithPath: root + "/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func read(overrides: [String: String] = [:]) -> AndroidBuildModel {
        defer { try? FileManager.default.removeItem(atPath: root) }
        return ProjectFolder.read(root, overrides: overrides)
    }
}
