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
        #expect(UploadEvidence.changelogLocales(in: step, tree: "fastlane/metadata/android") == ["en-US"])
    }

    @Test func anotherTreesLocaleIsNotThisOnes() {
        let locales = UploadEvidence.changelogLocales(
            in: "cp other/fastlane/metadata/android/de-DE/changelogs/1.txt out/", tree: "fastlane/metadata/android")
        #expect(locales?.contains("de-DE") != true)
    }
}
