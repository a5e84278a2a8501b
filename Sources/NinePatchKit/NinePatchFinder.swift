internal import Foundation

/// Why a path named on the command line cannot be searched.
public enum NinePatchFinderError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        }
    }
}

/// Finds NinePatch candidates: named files as they are, folders searched recursively for names ending in
/// `.9.png` in any letter case (so mis-cased ones can be warned about). Hidden folders and `build` folders are
/// skipped. The result is sorted, so reports are deterministic.
public struct NinePatchFinder: Sendable {
    public init() {}

    public func files(in paths: [String]) throws(NinePatchFinderError) -> [String] {
        var found = [String]()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .notFound(path)
            }
            if isFolder.boolValue {
                found += search(folder: path).sorted()
            } else {
                found.append(path)
            }
        }
        return found
    }

    private func search(folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            return []
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let rootPath = root.standardizedFileURL.path
        var found = [String]()
        for case let url as URL in walker {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isDirectory == true {
                if name.hasPrefix(".") || name == "build" { walker.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, name.lowercased().hasSuffix(".9.png") else { continue }
            // Report paths relative to the folder as the user named it.
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : name
            found.append(prefix + relative)
        }
        return found
    }
}
