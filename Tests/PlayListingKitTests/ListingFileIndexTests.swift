import PlayListingKit
import Testing

/// The walked files sorted once, and the files under one folder found by binary search.
@Suite struct ListingFileIndexTests {
    static let files = [
        "p/fastlane/metadata/android/en-US/title.txt", "p/fastlane/metadata/android-x/a.txt",
        "p/fastlane/metadata/android/zh-Hant/changelogs/1.txt", "p/fastlane/metadata/android0",
        "p/fastlane/metadata/android",
        "p/fastlane/metadata/androi", "p/fastlane/metadata/android/é/title.txt", "p/fastlane/metadata/android/",
        "p/app/src/main/play/listings/en-US/title.txt", "p/fastlane/metadata/androidé/b.txt", "q/x", "p",
    ]

    @Test(arguments: [
        "p/fastlane/metadata/android", "p/app/src/main/play", "p", "q", "p/fastlane/metadata/androi", "r", "",
    ])
    func theFilesUnderAFolderAreThoseItsPathStarts(_ folder: String) {
        let index = ListingFileIndex(Self.files)
        let expected = Self.files.filter { $0.utf8.starts(with: (folder + "/").utf8) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(index.files(under: folder) == expected)
    }
}
