import Diagnostics

/// An entry on a whole listing tree: a rule, its examples and its check on what the per-file pass learnt.
typealias ListingTreeRule = RuleCheck<ListingTree, TreeFinding, Never>

/// A finding of a tree or layout entry, on a root-relative path (a file, or a folder such as a locale).
struct TreeFinding: Sendable {
    let path: String
    let finding: Finding

    init(_ path: String, _ finding: Finding) {
        self.path = path
        self.finding = finding
    }
}

/// A classified listing tree with what the per-file pass learnt about its uploaded files, filled once by
/// ``ListingChecker`` for the entries that compare files and locales (TXT010, TXT011, LOC005, LOC006, IMG015–IMG018,
/// IMG020, IMG022, LAY009, CON001, CON002, CON004).
struct ListingTree: Sendable {
    struct Image: Sendable, Hashable {
        var info: ImageInfo
        var digest: [Int]
    }

    let classified: ClassifiedListing
    let limits: ListingLimits
    let options: ListingOptions
    /// What the store receives: a fastlane tree's uploaded parts; all of a GPP tree, or only its release notes when
    /// it has no listings/.
    let uploads: UploadedParts
    /// The locales whose name reaches Play: those with a file that is uploaded.
    let sentLocales: [String]
    /// GPP `default-language.txt`'s locale, when the file is uploaded and not empty.
    let declaredDefaultLanguage: String?
    /// The declared default language, else the option's, else `en-US`.
    let defaultLanguage: String
    private let textsByLocale: [String: [TextField: CountedText]]
    private let imagesByLocale: [String: [ImageType: [(path: String, image: Image)]]]
    private let imageCountsByLocale: [String: [ImageType: Int]]
    /// The first file of each locale's text field, uploaded or not.
    private let textPaths: [String: [TextField: String]]
    /// Every folder that holds a file, at any depth: one lookup per locale instead of a pass over the files.
    private let foldersWithFiles: Set<Substring>

    /// - Parameters:
    ///   - texts: decoded, normalised text by root-relative path (absent when the file is not UTF-8).
    ///   - images: readable images by root-relative path.
    init(
        _ classified: ClassifiedListing, texts: [String: CountedText], images: [String: Image],
        options: ListingOptions, limits: ListingLimits
    ) {
        self.classified = classified
        self.limits = limits
        self.options = options
        // A GPP tree without listings/ (release notes only, say) publishes no listing to judge.
        let hasListings = classified.files.contains { $0.path.hasPrefix("listings/") }
        uploads =
            classified.layout == .gpp ? (hasListings ? UploadedParts.all : [.changelogs]) : options.uploads
        let uploadedLocales = Set(classified.files.filter(\.isUploaded).compactMap(\.locale))
        sentLocales = classified.locales.filter(uploadedLocales.contains)
        var textPaths: [String: [TextField: String]] = [:]
        var foldersWithFiles = Set<Substring>()
        for file in classified.files {
            if let locale = file.locale, case .text(let field) = file.role, textPaths[locale]?[field] == nil {
                textPaths[locale, default: [:]][field] = file.path
            }
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard foldersWithFiles.insert(folder).inserted else { break }
            }
        }
        self.textPaths = textPaths
        self.foldersWithFiles = foldersWithFiles
        let declared = classified.layout == .gpp ? texts["default-language.txt"]?.text : nil
        declaredDefaultLanguage = declared?.isEmpty == false ? declared : nil
        defaultLanguage = declaredDefaultLanguage ?? options.defaultLanguage ?? "en-US"
        var textsByLocale: [String: [TextField: CountedText]] = [:]
        var imagesByLocale: [String: [ImageType: [(path: String, image: Image)]]] = [:]
        var imageCountsByLocale: [String: [ImageType: Int]] = [:]
        for file in classified.files where file.isUploaded {
            guard let locale = file.locale else { continue }
            switch file.role {
            case .text(let field):
                if let text = texts[file.path] { textsByLocale[locale, default: [:]][field] = text }
            case .image(let type):
                imageCountsByLocale[locale, default: [:]][type, default: 0] += 1
                if let image = images[file.path] {
                    imagesByLocale[locale, default: [:]][type, default: []].append((file.path, image))
                }
            case .ignored:
                break
            }
        }
        self.textsByLocale = textsByLocale
        self.imagesByLocale = imagesByLocale
        self.imageCountsByLocale = imageCountsByLocale
    }

    /// The text files of a locale, by field.
    func texts(of locale: String) -> [TextField: CountedText] {
        textsByLocale[locale] ?? [:]
    }

    /// The readable images of a locale, by type, in path order.
    func images(of locale: String) -> [ImageType: [(path: String, image: Image)]] {
        imagesByLocale[locale] ?? [:]
    }

    /// Images of a locale by type counted whether readable or not (what the uploader would send).
    func imageCounts(of locale: String) -> [ImageType: Int] {
        imageCountsByLocale[locale] ?? [:]
    }

    /// The file of a locale's text field, if the tree has one (uploaded or not).
    func path(of field: TextField, locale: String) -> String? {
        textPaths[locale]?[field]
    }

    /// Where a locale's findings go: its listing folder, or a GPP tree's `release-notes/<locale>` when the locale
    /// has only release notes.
    func folder(of locale: String) -> String {
        let listingFolder = classified.localeFolder(locale)
        guard classified.layout == .gpp, !foldersWithFiles.contains(Substring(listingFolder))
        else {
            return listingFolder
        }
        return "release-notes/\(locale)"
    }

    /// The locales other than the default language with listing text of their own (a title or a description).
    var translations: [String] {
        classified.locales.filter { locale in
            locale != defaultLanguage
                && texts(of: locale).keys.contains { [.title, .shortDescription, .fullDescription].contains($0) }
        }
    }

    /// Whether the store receives images or screenshots of the tree.
    var uploadsImages: Bool {
        !uploads.isDisjoint(with: [.images, .screenshots])
    }
}
