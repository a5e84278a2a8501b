/// What the per-file pass learnt about the uploaded files, for the rules that look at the whole tree.
struct ListingFacts: Sendable {
    struct Image: Sendable, Hashable {
        var info: ImageInfo
        var digest: [Int]
    }

    var classified: ClassifiedListing
    /// Decoded, normalised text by root-relative path (absent when the file is not UTF-8).
    var texts: [String: CountedText] = [:]
    var images: [String: Image] = [:]

    /// The text files of a locale, by field.
    func texts(of locale: String) -> [TextField: CountedText] {
        var result: [TextField: CountedText] = [:]
        for file in classified.files where file.locale == locale && file.isUploaded {
            if case .text(let field) = file.role, let text = texts[file.path] { result[field] = text }
        }
        return result
    }

    /// The readable images of a locale, by type, in path order.
    func images(of locale: String) -> [ImageType: [(path: String, image: Image)]] {
        var result: [ImageType: [(path: String, image: Image)]] = [:]
        for file in classified.files where file.locale == locale && file.isUploaded {
            if case .image(let type) = file.role, let image = images[file.path] {
                result[type, default: []].append((file.path, image))
            }
        }
        return result
    }

    /// Images of a locale by type counted whether readable or not (what the uploader would send).
    func imageCounts(of locale: String) -> [ImageType: Int] {
        var result: [ImageType: Int] = [:]
        for file in classified.files where file.locale == locale && file.isUploaded {
            if case .image(let type) = file.role { result[type, default: 0] += 1 }
        }
        return result
    }
}
