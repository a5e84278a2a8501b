import Testing

@testable import UploadWiring

/// Every uploader is one entry with its examples: each example repository yields exactly the uploads it names.
@Suite struct UploaderEntryTests {
    static let cases = Uploader.all.flatMap { entry in entry.examples.map { (entry.name, $0.title) } }

    @Test(arguments: cases)
    func exampleFindsItsUploads(entry name: String, example title: String) throws {
        let entry = try #require(Uploader.all.first { $0.name == name })
        let example = try #require(entry.examples.first { $0.title == title })
        let repository = try TemporaryRepository(example.files)
        #expect(entry.uploads(in: repository.input()).map(\.summary) == example.uploads)
    }

    @Test func everyEntryHasAnExampleAndSaysWhatItSends() {
        for entry in Uploader.all {
            #expect(!entry.examples.isEmpty, "\(entry.name) has no example")
            #expect(!entry.sends.isEmpty, "\(entry.name) does not say what it sends")
        }
        #expect(Set(Uploader.all.map(\.name)).count == Uploader.all.count)
    }

    /// A line that only prints or searches for a fastlane command runs nothing (meshtastic's preflight script
    /// echoes "fastlane supply exited 0"); the command beside it does.
    @Test func aMessageNamingFastlaneIsNoUpload() throws {
        let repository = try TemporaryRepository([
            ".github/workflows/play.yml":
                "jobs:\n  play:\n    steps:\n      - run: |\n"
                + "          echo \"::error::fastlane supply exited 0 but nothing landed\"\n"
                + "          grep -r 'fastlane supply' docs\n"
                + "          bundle exec fastlane supply --metadata_path fastlane/metadata/android\n",
            "fastlane/metadata/android/en-US/title.txt": "Example\n",
        ])
        let uploads = Uploader.all.flatMap { $0.uploads(in: repository.input()) }
        #expect(uploads.map { $0.evidence.first?.line } == [7])
    }
}
