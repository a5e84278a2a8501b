import AndroidBuild
import Testing

/// minSdk, targetSdk and the signing config of each variant, with where each is set: what `--since` compares.
@Suite struct ReleaseSettingsTests {
    private func variants(_ files: [String: String]) throws -> [String: BuildVariant] {
        let model = try TemporaryProject(files).read()
        let app = try #require(model.modules.first { $0.gradlePath == ":app" })
        return Dictionary(uniqueKeysWithValues: app.variants.map { ($0.name, $0) })
    }

    @Test func groovyLevelsAndSigningConfigPerVariant() throws {
        let script = """
            plugins { id 'com.android.application' }
            android {
                defaultConfig {
                    applicationId "org.example.app"
                    minSdkVersion 21
                    targetSdkVersion 34
                }
                signingConfigs { upload { storeFile file("upload.jks") } }
                flavorDimensions "store"
                productFlavors {
                    play { dimension "store"; minSdkVersion 23 }
                    fdroid { dimension "store" }
                }
                buildTypes {
                    release { signingConfig signingConfigs.upload }
                }
            }
            """
        let found = try variants(["settings.gradle": "include ':app'", "app/build.gradle": script])
        let playRelease = try #require(found["playRelease"])
        let fdroidRelease = try #require(found["fdroidRelease"])
        #expect(playRelease.minSdk?.value == 23)
        #expect(playRelease.minSdk?.location?.line == 11)
        #expect(fdroidRelease.minSdk?.value == 21)
        #expect(fdroidRelease.minSdk?.location?.line == 5)
        #expect(fdroidRelease.targetSdk?.value == 34)
        #expect(playRelease.signingConfig?.value == "upload")
        #expect(playRelease.signingConfig?.location?.line == 15)
        #expect(found["playDebug"]?.signingConfig == nil)
    }

    @Test func kotlinFormsAndCatalogValues() throws {
        let script = """
            plugins { id("com.android.application") }
            android {
                defaultConfig {
                    applicationId = "org.example.app"
                    minSdk = libs.versions.minSdk.get().toInt()
                    targetSdk = 35
                    signingConfig = signingConfigs.getByName("debug")
                }
                buildTypes {
                    getByName("release") { signingConfig = signingConfigs["release"] }
                    create("staging") { signingConfig = null }
                }
            }
            """
        let found = try variants([
            "settings.gradle.kts": "include(\":app\")", "app/build.gradle.kts": script,
            "gradle/libs.versions.toml": "[versions]\nminSdk = \"26\"\n",
        ])
        #expect(found["release"]?.minSdk?.value == 26)
        #expect(found["release"]?.signingConfig?.value == "release")
        #expect(found["release"]?.signingConfig?.location?.line == 10)
        // `null` on the build type leaves defaultConfig's, as AGP merges them.
        #expect(found["staging"]?.signingConfig?.value == "debug")
        #expect(found["debug"]?.signingConfig?.value == "debug")
    }

    @Test func signingConfigPlayprepCannotNameIsKeptAsWritten() throws {
        let script = """
            plugins { id 'com.android.application' }
            android {
                defaultConfig { applicationId "org.example.app" }
                buildTypes { release { signingConfig pickSigning() } }
            }
            """
        let found = try variants(["settings.gradle": "include ':app'", "app/build.gradle": script])
        guard case .unknown(let expression)? = found["release"]?.signingConfig else {
            Issue.record("expected an unresolved signing config")
            return
        }
        #expect(expression.expression == "pickSigning()")
    }
}
