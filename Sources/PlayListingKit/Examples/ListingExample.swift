public import Diagnostics
public import PNGKit

/// The content of one file in a rule example.
public enum ExampleFile: Sendable, Hashable {
    case text(String)
    case bytes([UInt8])
    /// A header-only PNG (see ``SyntheticImage/pngHeader(width:height:colorType:bitDepth:transparency:padding:)``).
    case png(Int, Int, PNGColorType = .rgb, transparency: Bool = false, bitDepth: Int = 8, padding: Int = 0)
    case jpeg(Int, Int, components: Int = 3)
    /// A real, fully opaque RGBA PNG.
    case opaqueRGBA(Int, Int)
    /// A real RGBA PNG whose every pixel is fully transparent.
    case transparentRGBA(Int, Int)

    public var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        case .png(let width, let height, let colorType, let transparency, let bitDepth, let padding):
            SyntheticImage.pngHeader(
                width: width, height: height, colorType: colorType, bitDepth: bitDepth, transparency: transparency,
                padding: padding)
        case .jpeg(let width, let height, let components):
            SyntheticImage.jpegHeader(width: width, height: height, components: components)
        case .opaqueRGBA(let width, let height): SyntheticImage.whiteRGBA(width: width, height: height, alpha: 255)
        case .transparentRGBA(let width, let height): SyntheticImage.whiteRGBA(width: width, height: height, alpha: 0)
        }
    }
}

/// A small listing tree for a rule example: a complete, valid listing with some files replaced or removed.
public struct ListingExample: Sendable, CustomStringConvertible, RuleExample {
    public var layout: ListingLayout
    public var files: [String: ExampleFile]
    /// What the example shows, for test output.
    public var note: String
    /// Options the example is checked with (the layout is always detected).
    public var options = ListingOptions()

    public init(layout: ListingLayout, files: [String: ExampleFile], note: String) {
        self.layout = layout
        self.files = files
        self.note = note
    }

    /// The same example, checked as the release of `versionCode` named by the user.
    public func releasing(_ versionCode: Int) -> ListingExample {
        var copy = self
        copy.options.versionCode = versionCode
        copy.options.requiresReleaseNotes = true
        return copy
    }

    /// The same example, read as `store` reads it.
    public func read(by store: ListingStore, uploading uploads: UploadedParts = .all) -> ListingExample {
        var copy = self
        copy.options.store = store
        copy.options.uploads = uploads
        return copy
    }

    /// A valid fastlane listing for `en-US` with `changes` applied (`nil` removes a file).
    public static func fastlane(_ note: String, _ changes: [String: ExampleFile?] = [:]) -> ListingExample {
        ListingExample(
            layout: .fastlane,
            files: apply(
                changes,
                to: [
                    "en-US/title.txt": .text("Binary Eye"),
                    "en-US/short_description.txt": .text("Scan barcodes and QR codes quickly"),
                    "en-US/full_description.txt": .text("Reads and generates barcodes in many formats."),
                    "en-US/changelogs/100.txt": .text("Fixes a crash on start."),
                    "en-US/images/icon.png": .png(512, 512, .rgba),
                    "en-US/images/featureGraphic.png": .png(1024, 500),
                    "en-US/images/phoneScreenshots/1.png": .png(1080, 1920),
                    "en-US/images/phoneScreenshots/2.png": .png(1080, 1920, padding: 1),
                    "en-US/images/phoneScreenshots/3.jpg": .jpeg(1080, 1920),
                    "en-US/images/phoneScreenshots/4.png": .png(1080, 1920, padding: 2),
                ]), note: note)
    }

    /// A valid GPP listing for `en-US` with `changes` applied (`nil` removes a file).
    public static func gpp(_ note: String, _ changes: [String: ExampleFile?] = [:]) -> ListingExample {
        ListingExample(
            layout: .gpp,
            files: apply(
                changes,
                to: [
                    "default-language.txt": .text("en-US\n"),
                    "contact-email.txt": .text("dev@example.org\n"),
                    "listings/en-US/title.txt": .text("ConnectBot\n"),
                    "listings/en-US/short-description.txt": .text("Secure shell client\n"),
                    "listings/en-US/full-description.txt": .text("An SSH client.\n"),
                    "listings/en-US/graphics/icon/1.png": .png(512, 512, .rgba),
                    "listings/en-US/graphics/feature-graphic/1.png": .png(1024, 500, .palette),
                    "listings/en-US/graphics/phone-screenshots/1.png": .png(1080, 1920),
                    "listings/en-US/graphics/phone-screenshots/2.png": .png(1080, 1920, padding: 1),
                    "listings/en-US/graphics/phone-screenshots/3.png": .png(1080, 1920, padding: 2),
                    "listings/en-US/graphics/phone-screenshots/4.png": .jpeg(1080, 1920),
                    "release-notes/en-US/default.txt": .text("Bug fixes\n"),
                ]), note: note)
    }

    private static func apply(_ changes: [String: ExampleFile?], to base: [String: ExampleFile]) -> [String:
        ExampleFile]
    {
        var files = base
        for (path, file) in changes { files[path] = file }
        return files
    }

    /// The example as a file source for the checker.
    var source: MemoryFileSource {
        MemoryFileSource(files: files.mapValues(\.bytes))
    }

    public var description: String { "\(layout.rawValue): \(note)" }

    /// The layout and note, and how the example is read (store, release) when that is not the default.
    public var title: String {
        description + (readingNotes.isEmpty ? "" : " (\(readingNotes.joined(separator: ", ")))")
    }

    /// Each file that differs from the base listing, summarised.
    public var details: [String] {
        distinctiveFiles.map { "\($0.path): " + ($0.file?.summary ?? "absent") }
    }

    /// The tree checked in memory by ``ListingChecker`` with the example's options, its files named under
    /// `displayRoot`.
    public func report(displayRoot: String = "metadata") throws(ListingReadError) -> Report {
        try ListingChecker().check(source, options: options, displayRoot: displayRoot)
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        Set(try report().diagnostics.map(\.ruleID))
    }
}
