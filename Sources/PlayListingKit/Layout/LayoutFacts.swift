import Diagnostics

/// An entry on a classified tree's layout facts: a rule, its examples and its check, which turns the facts of its
/// kind into findings on their paths.
typealias LayoutFactRule = RuleCheck<LayoutFacts, TreeFinding, Never>

/// An entry on where a folder's listing starts: the root ``ListingRootFinder`` found, `nil` when the files look
/// like no listing.
typealias ListingRootRule = RuleCheck<ListingRoot?, Finding, Never>

/// What a classifier saw at one path of a listing tree that its uploader skips, misreads or refuses: the data the
/// LAY002–LAY008 entries need to word their findings, and no words.
enum LayoutFact: Sendable, Hashable {
    /// A name within reach of one the uploader reads (`meant`).
    case misspelt(MisspeltName, name: String, meant: String)
    /// A fastlane text file's name at the top, outside every locale folder.
    case textFileOutsideLocale
    /// A fastlane single image (`icon.png`) directly in `locale`'s folder, not in `images/`.
    case singleImageOutsideImages(ImageType, fileExtension: String, locale: String)
    /// A fastlane screenshot folder directly in `locale`'s folder, not in `images/`.
    case screenshotsOutsideImages(ImageType, locale: String)
    /// A fastlane `images/<type>.<ext>` in a format supply skips, with no uploaded image of that type beside it.
    case singleImageInOtherFormat(ImageType, name: String)
    /// A GPP `listings/<locale>/graphics/<name>` that is no image GPP reads.
    case misplacedGraphic(name: String)
    /// A GPP file below a graphics folder of `listings/<locale>/` that is not at `graphics/<type>/<file>`.
    case misplacedListingFile(relativePath: String)
    /// A GPP release notes or release name file named after a known track but not `.txt`.
    case trackFileNotText(TrackFile, track: String)
    /// A file GPP refuses, failing the build.
    case refusedByGPP(GPPRefusal)
    /// A single image type named more than once (`icon.png`, `icon.jpg`): supply uploads only `uploaded`, the
    /// last of `count` matches.
    case duplicateSingleImage(count: Int, uploaded: String)
    /// A promo graphic, a type Play dropped.
    case promoGraphic
    /// A fastlane changelog not named `<versionCode>.txt` or `default.txt`.
    case changelogNotVersionCode(name: String)
    /// GPP release notes for a track Play does not define (`nightly.txt`).
    case customTrack(String)
    /// A screenshot (or a GPP graphic) in a format the uploader does not send.
    case imageFormatNotUploaded(file: String)
    /// A GPP 1.x name (`<locale>/listing/`, `whatsnew`), which GPP 2 and later ignore.
    case legacyName
    /// A file no uploader reads that is no misspelt or misplaced name of one it reads: kept on purpose, as a rule
    /// (a generator's input, an image's source).
    case unread

    /// Which of the names an uploader reads a misspelt one was meant to be.
    enum MisspeltName: Sendable, Hashable {
        /// fastlane `<locale>/title.txt` and the other text files.
        case supplyTextFile
        /// fastlane `<locale>/changelogs/` or `images/`.
        case supplyFolder
        /// fastlane `<locale>/images/icon.png` or a screenshot folder.
        case supplyImage
        /// fastlane `<locale>/images/phoneScreenshots/` and the other screenshot folders.
        case supplyScreenshotFolder
        /// GPP `listings/<locale>/title.txt`, the other text files and `graphics/`.
        case gppListingFile
        /// GPP `listings/<locale>/graphics/<type>/`.
        case gppGraphicsFolder
    }

    /// The GPP files named after a track.
    enum TrackFile: Sendable, Hashable {
        case releaseNotes
        case releaseName
    }

    /// Why GPP's resource task (`GenerateResources.Validator`, GPP 3.x and 4.0) refuses a file, failing the build:
    /// each case is one of its checks, in the order it makes them.
    enum GPPRefusal: Sendable, Hashable {
        /// Below a folder of the play folder that is none of GPP's (`listings`, `release-notes`, `release-names`,
        /// `products`, `subscriptions`): "Unknown Play resource file". `meant` is the folder a misspelt name was
        /// meant to be; `legacy` says the path is GPP 1.x's layout (`<locale>/listing/`, `<locale>/whatsnew`).
        case unknownResource(meant: String?, legacy: Bool)
        /// A file or folder named `play` inside the play folder: "Illegal or missing 'play' directory in path".
        case playInsidePlay
        /// A `*.index` file: "Resources cannot use the 'index' extension".
        case indexFile
        /// A `folder` (`listings`, …) that is not directly in the play folder: "Listings (…) must be under the
        /// 'play' directory".
        case folderNotAtTop(folder: String)
        /// `file` directly under `folder` (`listings/` or `release-notes/`), not in a locale folder: "Files are not
        /// allowed under the listings directory".
        case directlyUnder(folder: String, file: String)
        /// A file named like one of GPP's folders that must be one (`release-names`, `products`,
        /// `subscriptions`): "… must be a directory".
        case notAFolder(String)
    }
}

/// The layout facts a classifier recorded on one tree, in the order it met them: the subject of the layout
/// entries.
struct LayoutFacts: Sendable {
    let layout: ListingLayout
    private(set) var recorded: [(path: String, fact: LayoutFact)] = []

    init(layout: ListingLayout) {
        self.layout = layout
    }

    /// Records what the classifier saw at the root-relative `path`.
    mutating func record(_ fact: LayoutFact, at path: String) {
        recorded.append((path, fact))
    }

    /// Only the facts recorded at paths `include` accepts.
    func keeping(_ include: (String) -> Bool) -> LayoutFacts {
        var kept = self
        kept.recorded = recorded.filter { include($0.path) }
        return kept
    }

    /// The paths of the ``LayoutFact/unread`` files, sorted.
    var unreadPaths: [String] {
        recorded.filter { $0.fact == .unread }.map(\.path).sorted()
    }

    /// The findings `judge` makes of the facts one by one, each on its fact's path.
    func findings(_ judge: (_ path: String, _ fact: LayoutFact) -> Finding?) -> [TreeFinding] {
        recorded.compactMap { path, fact in judge(path, fact).map { TreeFinding(path, $0) } }
    }
}
