import Testing

@testable import UploadWiring

/// The release-notes step of a CI job names the locales it copies, however it writes the checkout folder.
@Suite struct ChangelogLocaleTests {
    @Test(arguments: [
        "cp fastlane/metadata/android/en-US/changelogs/$CODE.txt whatsnew/whatsnew-en-US",
        "cp ./fastlane/metadata/android/en-US/changelogs/$CODE.txt whatsnew/whatsnew-en-US",
        "cp $GITHUB_WORKSPACE/fastlane/metadata/android/en-US/changelogs/$CODE.txt whatsnew/",
        "cp ${{ github.workspace }}/fastlane/metadata/android/en-US/changelogs/$CODE.txt whatsnew/",
    ])
    func theCopiedLocaleIsNamed(step: String) {
        let copied = Uploader.copiedChangelogs(in: step)
        #expect(copied.map(\.tree) == ["fastlane/metadata/android"])
        #expect(copied.first?.locales == ["en-US"])
    }

    @Test func anotherTreesLocaleIsNotThisOnes() {
        let copied = Uploader.copiedChangelogs(in: "cp other/fastlane/metadata/android/de-DE/changelogs/1.txt out/")
        #expect(copied.map(\.tree) == ["other/fastlane/metadata/android"])
    }
}
