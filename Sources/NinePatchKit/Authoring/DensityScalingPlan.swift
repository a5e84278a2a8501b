/// The files `ninepatch scale` makes from one source: the source's density, and for each target density the path
/// in the res folder (`res/drawable-night-mdpi/name.9.png` for a `drawable-night-xxxhdpi` source).
public struct DensityScalingPlan: Sendable, Hashable {
    /// One file to make: its density and its path.
    public struct Output: Sendable, Hashable {
        public var density: DensityBucket
        public var path: String
    }

    /// The source's density: the one given, else its folder's.
    public var source: DensityBucket
    public var outputs: [Output]

    /// The plan for `file` into `resFolder`: its folder's density qualifier replaced in each output folder
    /// (`drawable-<density>` when the folder is neither a density nor a drawable or mipmap folder); without
    /// `targets`, every density from mdpi up to below the source's (tvdpi excluded), as a larger one made from a
    /// smaller has no more detail.
    public init(file: String, resFolder: String, targets: [DensityBucket]?, sourceDensity: DensityBucket?)
        throws(DensityPlanError)
    {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last ?? file
        let sourceFolder = parts.count >= 2 ? parts[parts.count - 2] : ""
        guard let density = sourceDensity ?? DensityBucket(folder: sourceFolder) else {
            throw .noDensity(file: file, folder: sourceFolder)
        }
        let folderName =
            DensityBucket(folder: sourceFolder) != nil || sourceFolder.hasPrefix("drawable")
                || sourceFolder.hasPrefix("mipmap") ? sourceFolder : "drawable"
        let targets = targets ?? DensityBucket.allCases.filter { $0 < density && $0 >= .mdpi && $0 != .tvdpi }
        source = density
        outputs = targets.map { target in
            Output(density: target, path: "\(resFolder)/\(target.folder(replacingIn: folderName))/\(name)")
        }
    }

    /// The scale factor from the source to `output`'s density.
    public func ratio(to output: Output) -> Double {
        Double(output.density.dpi) / Double(source.dpi)
    }
}

/// Why `ninepatch scale` cannot plan its outputs.
public enum DensityPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source's folder names no density and none was given.
    case noDensity(file: String, folder: String)

    public var description: String {
        switch self {
        case .noDensity(let file, let folder):
            "\(file): its folder '\(folder)' names no density; say which with --from (e.g. --from xxxhdpi)"
        }
    }
}
