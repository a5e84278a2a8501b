public import Foundation

/// The files of a folder on disk.
public struct DirectoryFileSource: ListingFileSource {
    public var root: URL
    /// Operating-system clutter that is never part of a listing (hidden files are left out anyway).
    static let clutter: Set<String> = ["Thumbs.db", "desktop.ini"]

    public init(root: URL) {
        self.root = root
    }

    public func filePaths() throws(ListingReadError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
            throw .notFound(root.path)
        }
        guard isFolder.boolValue else { throw .notAFolder(root.path) }
        return try files(in: root, prefix: "").sorted()
    }

    private func files(in folder: URL, prefix: String) throws(ListingReadError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadable(folder.path, reason: error.localizedDescription)
        }
        var found: [String] = []
        for name in names where !Self.clutter.contains(name) && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += try files(in: url, prefix: prefix + name + "/")
            } else {
                found.append(prefix + name)
            }
        }
        return found
    }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        let url = root.appendingPathComponent(path)
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadable(url.path, reason: error.localizedDescription)
        }
    }
}
