/// The files `ninepatch export` writes for one NinePatch in one format: the content image without its frame and
/// one text file (CSS, an iOS image set's Contents.json, Dart, Kotlin or JSON) that slices it.
public struct SliceExportFiles: Sendable, Hashable {
    /// The platforms a slicing is written for.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case css, ios, flutter, compose, json
    }

    /// The slicing, with what it loses.
    public var export: SliceExport
    /// The folder the files go in: the output folder, or for iOS the image set inside it.
    public var folder: String
    /// The content image's path.
    public var image: String
    /// The text file's path and contents.
    public var textFile: String
    public var text: String

    /// The files for the NinePatch `ninePatch` read from `file` (`NAME.9.png`, its folder's density giving dp)
    /// into the folder `output`.
    public init(file: String, ninePatch: NinePatch, format: Format, output: String) {
        let parts = file.split(separator: "/").map(String.init)
        let fileName = parts.last ?? file
        let name = fileName.hasSuffix(".9.png") ? String(fileName.dropLast(6)) : fileName
        export = SliceExport(ninePatch, density: parts.count >= 2 ? DensityBucket(folder: parts[parts.count - 2]) : nil)
        folder = format == .ios ? "\(output)/\(name).imageset" : output
        image = "\(folder)/\(name).png"
        (textFile, text) =
            switch format {
            case .css: ("\(output)/\(name).css", export.css(className: name, image: "\(name).png"))
            case .ios: ("\(folder)/Contents.json", export.iosContents(image: "\(name).png"))
            case .flutter: ("\(output)/\(name).dart", export.flutter(asset: "\(name).png"))
            case .compose: ("\(output)/\(name).kt", export.compose(name: name))
            case .json: ("\(output)/\(name).json", export.json(file: file))
            }
    }

    /// Every path written, the image first.
    public var paths: [String] { [image, textFile] }
}
