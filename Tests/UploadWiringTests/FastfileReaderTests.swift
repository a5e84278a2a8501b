import AndroidBuild
import Foundation
import PlayListingKit
import Testing

@testable import UploadWiring

/// The Fastfile reader: line endings, comments and strings, platform blocks, imports, limits, and lane chains
/// in linear time.
@Suite struct FastfileReaderTests {
    static let fastfile = """
        # upload_to_play_store in a comment is not a call
        default_platform(:android)

        platform :ios do
          lane :deploy do
            upload_to_app_store
          end
        end

        platform :android do
          desc "Runs supply on the tree"
          lane :deploy do |options|
            if options[:build]
              build
            end
            supply(
              metadata_path: "play/listing",
              skip_upload_images: true,
            )
          end

          private_lane :build do
            gradle(task: "assemble", flavor: "free", build_type: "Release")
          end
        end

        """

    static func read(_ files: [String: String], runFolder: String = "") throws -> FastlaneFiles {
        let repository = try TemporaryRepository(files)
        return FastlaneFiles(runFolder: runFolder, repository: repository.repository)
    }

    /// A string that goes on over lines after a backslash (`sh("openssl … \\` as integreat-app writes it) does not
    /// swallow the lanes after it; a `metadata_path` built when the lane runs is named as not read.
    @Test func aStringContinuedOverLinesAndARunTimeMetadataPath() throws {
        let repository = try TemporaryRepository([
            "fastlane/Fastfile": #"""
            platform :android do
              lane :keystore do
                sh("openssl enc -d -aes-256-cbc \
                      -in #{KEYSTORE_PATH} -out #{OUT} \
                      -pass pass:$PASSWORD")
              end

              lane :playstore_upload do |options|
                build_config_name = options[:build_config_name]
                upload_to_play_store(
                  metadata_path: "./fastlane/#{build_config_name}/metadata",
                  skip_upload_images: true
                )
              end
            end
            """#
        ])
        let evidence = UploadEvidence(input: repository.input())
        let fastlane = try #require(evidence.input.fastlane.first)
        #expect(fastlane.lanes.map(\.name) == ["keystore", "playstore_upload"])
        #expect(
            evidence.unread.map(\.description) == [
                "\"./fastlane/#{build_config_name}/metadata\": listing tree of supply's metadata_path not read: its "
                    + "path is built when the job runs (named at fastlane/Fastfile:10)"
            ])
    }

    /// A hash constant indexed by a lane option picks the tree each run sends, a comparison of the option with a
    /// constant sets a skip flag; a key the hash lacks, an option nobody passes, or a value only known at run time
    /// stays as written.
    @Test func aHashConstantIndexedByALaneOption() throws {
        let fastlane = try Self.read([
            "fastlane/Fastfile": """
            PHONE = 'Phone'
            WATCH = "Watch"
            PATHS = {
              PHONE => File.join(Dir.pwd, 'metadata', 'android'),
              WATCH => File.join(Dir.pwd, 'metadata', 'wear'),
              'tv' => ENV['TV_METADATA']
            }.freeze
            lane :release do |options|
              app = pick_app(options)
              flavor = options[:flavor]
              supply(metadata_path: PATHS[app], skip_upload_metadata: app == WATCH,
                     skip_upload_images: flavor != 'full', track: PATHS[PHONE])
            end
            """
        ])
        #expect(fastlane.constants.strings == ["PHONE": "Phone", "WATCH": "Watch"])
        #expect(fastlane.lanes.first?.optionLocals == ["app": "app", "flavor": "flavor"])
        let upload = try #require(fastlane.uploads.first)
        let options = ["app": "Watch", "flavor": "full"]
        let (watch, used) = fastlane.arguments(of: upload, laneOption: { options[$0] })
        #expect(watch["metadata_path"]?.literal == "fastlane/metadata/wear")
        #expect(watch["skip_upload_metadata"]?.boolean == true)
        #expect(watch["skip_upload_images"]?.boolean == false)
        #expect(watch["track"]?.literal == "fastlane/metadata/android")
        #expect(used == ["app:Watch", "flavor:full"])
        let phone = fastlane.arguments(of: upload, laneOption: { $0 == "app" ? "Phone" : nil }).arguments
        #expect(phone["metadata_path"]?.literal == "fastlane/metadata/android")
        #expect(phone["skip_upload_metadata"]?.boolean == false)
        #expect(phone["skip_upload_images"]?.text == "flavor != 'full'")
        let television = fastlane.arguments(of: upload, laneOption: { $0 == "app" ? "tv" : nil }).arguments
        #expect(television["metadata_path"]?.text == "PATHS[app]")
        #expect(television["skip_upload_metadata"]?.boolean == false)
        let byHand = fastlane.arguments(of: upload, laneOption: { _ in nil }).arguments
        #expect(byHand["metadata_path"]?.text == "PATHS[app]")
        #expect(byHand["skip_upload_metadata"]?.text == "app == WATCH")
        #expect(byHand["track"]?.literal == "fastlane/metadata/android")
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func lanesCallsAndPlatformsWithAnyLineEnding(ending: String) throws {
        let text = Self.fastfile.replacingOccurrences(of: "\n", with: ending)
        let fastlane = try Self.read(["fastlane/Fastfile": text])
        #expect(
            fastlane.lanes.map { "\($0.platform ?? "-") \($0.name)" } == [
                "ios deploy", "android deploy", "android build",
            ])
        #expect(fastlane.uploads.count == 1)
        let upload = try #require(fastlane.uploads.first)
        #expect(upload.evidence.line == 16)
        #expect(upload.lane.map { fastlane.lanes[$0].name } == "deploy")
        #expect(upload.arguments["metadata_path"]?.literal == "play/listing")
        #expect(FastlaneFiles.parts(options: { upload.arguments[$0] }).0 == [.text, .screenshots, .changelogs])
        #expect(fastlane.lanes[1].runs == [2], "android deploy runs build")
        #expect(fastlane.builds.first?.tasks == ["assembleFreeRelease"])
        #expect(fastlane.lanes(named: "deploy", platform: "android") == [1])
    }

    @Test func importsAreReadOnceAndRemoteOnesNamed() throws {
        let fastlane = try Self.read(
            [
                "android/fastlane/Fastfile":
                    "import \"lanes/release.rb\"\nimport(\"../../shared/Fastfile\")\nimport \"missing.rb\"\n"
                    + "import_from_git(url: \"https://github.com/example/lanes\", path: \"fastlane/Fastfile\")\n",
                "android/fastlane/lanes/release.rb":
                    "import \"../Fastfile\"\nlane :release do\n  upload_to_play_store\nend\n",
                "shared/Fastfile": "lane :shared_lane do\nend\n",
            ], runFolder: "android")
        #expect(
            fastlane.files == ["android/fastlane/Fastfile", "android/fastlane/lanes/release.rb", "shared/Fastfile"])
        #expect(fastlane.lanes.map(\.name) == ["release", "shared_lane"])
        #expect(
            fastlane.uploads.first?.evidence.description == "android/fastlane/lanes/release.rb:3 `upload_to_play_store`"
        )
        #expect(
            fastlane.unread.map(\.description) == [
                "https://github.com/example/lanes: Fastfile import_from_git not read: outside the repository "
                    + "(another repository's lanes) (named at android/fastlane/Fastfile:4)",
                "android/fastlane/missing.rb: Fastfile import not read: no such file in the repository (named at "
                    + "android/fastlane/Fastfile:3)",
            ])
    }

    @Test func anImportOutsideTheProjectIsNamed() throws {
        let fastlane = try Self.read(["fastlane/Fastfile": "import \"../../elsewhere/Fastfile\"\n"])
        #expect(fastlane.unread.map(\.why) == [.remote("outside the project folder")])
    }

    /// A Fastfile over the size limit is not read, and says so with the limit: never a silent change of verdict.
    @Test func anOversizedFastfileIsNamedWithTheLimit() throws {
        let padding = String(repeating: "# padding\n", count: FastlaneFiles.Limits.fileBytes / 10 + 1)
        let text = "lane :deploy do\n  supply\nend\n" + padding
        let fastlane = try Self.read(["fastlane/Fastfile": text])
        #expect(fastlane.lanes.isEmpty)
        let unread = try #require(fastlane.unread.first)
        #expect(unread.why == .tooLarge(bytes: text.utf8.count, limit: FastlaneFiles.Limits.fileBytes))
    }

    /// 4,000 lanes each running the next: every one reached from the first, in linear time (issue 33: > 300 s).
    @Test func aLongLaneChainIsLinear() throws {
        let count = 4_000
        var text = ""
        for index in 0..<count {
            text += "lane :lane\(index) do\n"
            text += index + 1 < count ? "  lane\(index + 1)\n" : "  upload_to_play_store\n"
            text += "end\n"
        }
        let started = ContinuousClock.now
        let fastlane = try Self.read(["fastlane/Fastfile": text])
        let reached = fastlane.reach(from: fastlane.lanes(named: "lane0", platform: nil))
        #expect(reached.count == count)
        #expect(fastlane.entryLanes(reaching: count - 1).count == FastlaneFiles.Limits.lanesFollowed)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func appfileAndGemfile() throws {
        let fastlane = try Self.read([
            "fastlane/Fastfile": "fastlane_version \"2.69.3\"\n",
            "fastlane/Appfile": "json_key_file(\"\") # Path to the json secret file\npackage_name(\"org.example\")\n",
            "Gemfile.lock": "GEM\n  specs:\n    fastlane (2.219.0)\n",
        ])
        #expect(fastlane.packageName?.value == "org.example")
        #expect(fastlane.jsonKeyFile?.value.string == "")
        #expect(fastlane.versionPin?.version == "2.69.3")
        #expect(fastlane.gemfileLine?.description == "Gemfile.lock:3 `fastlane (2.219.0)`")
    }

    /// A lane's `sh` that copies a flavour's folder over `fastlane/` before supply: the flavour's tree is sent by
    /// that upload too (dead or live as the upload is); a command built at run time is not followed.
    @Test func aLaneCopyingATreeOverTheSentOneSendsItToo() throws {
        let repository = try TemporaryRepository([
            "fastlane/Fastfile": """
            lane :pro do
              sh("cp", "-a", "./pro/.", "./")
              sh("rm -rf #{ENV['OUT']}")
              upload_to_play_store(track: "beta")
            end
            """,
            "fastlane/metadata/android/en-US/title.txt": "Free\n",
            "fastlane/pro/metadata/android/en-US/title.txt": "Pro\n",
        ])
        let fastlane = FastlaneFiles(runFolder: "", repository: repository.repository)
        #expect(fastlane.shellCalls.map(\.operations.description) == ["[copy fastlane/pro/* -> fastlane]"])
        let uploads = Uploader.supplyInLanes.uploads(in: repository.input()).map(\.summary)
        #expect(
            uploads == [
                "supply (lane pro) → fastlane/metadata/android [text, images, screenshots, changelogs] by hand: lane `pro`",
                "supply (lane pro) → fastlane/pro/metadata/android [text, images, screenshots, changelogs] by hand: "
                    + "lane `pro`",
            ])
    }

    /// `publish<Variant>` sends the listing and the artifact's notes of a release variant the build has; other
    /// tasks named `publish…` (maven-publish's) are not Play uploads.
    @Test func gppVariantTasks() {
        let variants = ["globalRelease", "release"]
        #expect(Uploader.gppParts(of: "publishGlobalRelease", variants: variants) == .all)
        #expect(Uploader.gppParts(of: "publishRelease", variants: variants) == .all)
        #expect(Uploader.gppParts(of: "publishGlobalReleaseBundle", variants: variants) == .changelogs)
        #expect(Uploader.gppParts(of: "publishToMavenLocal", variants: variants) == nil)
        #expect(Uploader.gppParts(of: "publish", variants: variants) == nil)
    }

    /// The steps that change the versionCode before an upload, each with its effect: the plugin actions with and
    /// without `version_code:`, AGP's injected property, and another property the build may or may not read.
    @Test func theStepsThatChangeTheVersionCode() throws {
        let files = try Self.read([
            "fastlane/Fastfile": """
            platform :android do
              lane :bump do
                increment_version_code(gradle_file_path: "app/build.gradle")
              end
              lane :set do
                android_set_version_code(version_code: 42)
              end
              lane :computed do
                increment_version_code(version_code: google_play_track_version_codes(track: "beta")[0] + 1)
              end
              lane :injected do
                gradle(task: "bundle", properties: { "android.injected.version.code" => 77, "x" => "a,b" })
              end
              lane :property do
                gradle(
                  task: "bundle",
                  properties: {
                    "versionCode" => codes[0] + 1
                  }
                )
              end
            end

            """
        ])
        #expect(
            files.versionCodeSteps.map(\.change) == [
                VersionCodeChange(.raised(by: 1), step: "increment_version_code (fastlane/Fastfile:3)"),
                VersionCodeChange(.set(42), step: "android_set_version_code (fastlane/Fastfile:6)"),
                VersionCodeChange(
                    .computed("google_play_track_version_codes(track: \"beta\")[0] + 1"),
                    step: "increment_version_code (fastlane/Fastfile:9)"),
                VersionCodeChange(
                    .set(77), step: "the gradle call's property android.injected.version.code (fastlane/Fastfile:12)"),
                VersionCodeChange(
                    .gradleProperty("versionCode", value: "codes[0] + 1"),
                    step: "the gradle call's property versionCode (fastlane/Fastfile:15)"),
            ])
        #expect(
            files.versionCodeSteps.map { $0.lane.map { files.lanes[$0].name } } == [
                "bump", "set", "computed", "injected", "property",
            ])
        #expect(
            files.versionCodeSteps[0].change.applied(to: 9, buildReadsProperties: false) == 10
                && files.versionCodeSteps[4].change.applied(to: 9, buildReadsProperties: false) == 9
                && files.versionCodeSteps[2].change.applied(to: 9, buildReadsProperties: false) == nil)
    }
}
