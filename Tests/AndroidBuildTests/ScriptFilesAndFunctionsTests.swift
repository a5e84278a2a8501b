import AndroidBuild
import Testing

/// What build scripts read besides themselves, one form at a time: scripts they apply, `.properties` files,
/// their own functions, the signing config of a build type and the apps they embed.
@Suite struct ScriptFilesAndFunctionsTests {
    private func app(_ files: [String: String], releaseBuildTypes: Set<String> = []) throws -> AndroidModule {
        var all = files
        if all["settings.gradle"] == nil && all["settings.gradle.kts"] == nil {
            all["settings.gradle"] = "include ':app'"
        }
        let model = try TemporaryProject(all).read()
        return try #require(model.modules.first { $0.gradlePath == ":app" })
    }

    private func releaseCode(_ module: AndroidModule) -> BuildValue<Int>? {
        module.releaseVariants.first?.versionCode ?? nil
    }

    @Test func appliedScriptsKotlinFormsAndEachFileOnce() throws {
        let module = try app([
            "settings.gradle.kts": "include(\":app\")",
            "app/build.gradle.kts":
                "apply(from = \"../gradle/android.gradle\")\napply(from = rootProject.file(\"gradle/android.gradle\"))",
            // The two scripts apply each other: each runs once.
            "gradle/android.gradle":
                "apply plugin: 'com.android.application'\napply from: \"$rootDir/gradle/values.gradle\"",
            "gradle/values.gradle":
                "apply from: \"${rootProject.projectDir}/gradle/android.gradle\"\nandroid { defaultConfig { applicationId 'org.example.applied'; versionCode 41 } }",
        ])
        #expect(module.kind == .application)
        #expect(module.plugins.map(\.id) == ["com.android.application"])
        #expect(module.releaseVariants.first?.applicationID.value == "org.example.applied")
        #expect(releaseCode(module)?.value == 41)
    }

    @Test func aScriptTheRepositoryDoesNotHoldIsSkipped() throws {
        let module = try app([
            "app/build.gradle":
                "apply plugin: 'com.android.application'\napply from: 'https://example.org/shared.gradle'\napply from: 'missing.gradle'\nandroid { defaultConfig { applicationId 'org.example' } }"
        ])
        #expect(module.plugins.map(\.id) == ["com.android.application"])
    }

    @Test func aFileThatIsNotThereLeavesItsBranchUnapplied() throws {
        let script = """
            plugins { id 'com.android.application' }
            def props = new Properties()
            def file = file('version.properties')
            if (file.exists()) {
                file.withReader('UTF-8') { reader -> props.load(reader) }
                android { defaultConfig { versionCode props.getProperty('code').toInteger() } }
            } else {
                android { defaultConfig { versionCode 1 } }
            }
            android { defaultConfig { applicationId 'org.example' } }
            """
        let present = try app(["app/build.gradle": script, "app/version.properties": "code=88\n"])
        #expect(releaseCode(present)?.value == 88)
        // Absent: neither branch is applied (the file may be written on the build machine).
        #expect(releaseCode(try app(["app/build.gradle": script])) == nil)
    }

    /// A plugin applied inside `if (…) { }` is not one of the module's plugins; it is recorded with its condition,
    /// and whether that condition only tests that the publishing credentials are there.
    @Test(arguments: [
        ("String key = System.getenv('keys_json_file')\nif (key != null && file(key).exists()) {", true),
        ("if (System.getenv(\"PLAY_SERVICE_ACCOUNT\") != null) {", true),
        ("if (project.hasProperty('playCredentials')) {", true),
        ("if (file('play-publisher.json').exists() && System.env.TIER == 'stable') {", false),
        ("if (System.getenv('KEYSTORE_FILE') != null) {", false),
        ("if (!file('key.json').exists() || isCi) {", false),
    ])
    func aPluginAppliedUnderAConditionIsGuarded(opening: String, credentialsOnly: Bool) throws {
        let module = try app([
            "app/build.gradle": """
            plugins { id 'com.android.application' }
            android { defaultConfig { applicationId 'org.example' } }
            \(opening)
                apply plugin: 'com.github.triplet.play'
                play { track.set('beta') }
            }
            """
        ])
        #expect(module.plugins.map(\.id) == ["com.android.application"])
        let guarded = try #require(module.guardedPlugins.first)
        #expect(module.guardedPlugins.count == 1)
        #expect(guarded.id == "com.github.triplet.play")
        #expect(guarded.location.line == opening.split(separator: "\n").count + 3)
        #expect(guarded.testsOnlyCredentials == credentialsOnly, "\(guarded.condition)")
    }

    @Test func functionsWithParametersAndPropertiesBlocks() throws {
        let module = try app([
            "settings.gradle.kts": "include(\":app\")",
            "app/build.gradle.kts": """
            import java.util.Properties
            plugins { id("com.android.application") }
            android { defaultConfig { applicationId = "org.example"; versionCode = property("code", "20").toInt() } }
            fun property(key: String, fallback: String = "0"): String {
                val values = Properties().apply { rootProject.file("release.properties").inputStream().use { load(it) } }
                return values.getProperty(key, fallback)
            }
            """,
            "release.properties": "code=305\n",
        ])
        #expect(releaseCode(module)?.value == 305)
    }

    @Test func aFunctionCallingItselfIsNotRunForever() throws {
        let module = try app([
            "app/build.gradle":
                "plugins { id 'com.android.application' }\ndef code() { code() }\nandroid { defaultConfig { applicationId 'org.example'; versionCode code() } }"
        ])
        guard case .unknown(let expression)? = releaseCode(module) else {
            Issue.record("expected an unknown versionCode")
            return
        }
        #expect(expression.expression == "code()")
    }

    @Test(arguments: [
        ("signingConfig signingConfigs.debug", false), ("signingConfig = signingConfigs.getByName(\"debug\")", false),
        ("signingConfig = signingConfigs[\"debug\"]", false), ("signingConfig signingConfigs.release", true),
        ("", true),
    ])
    func aTypeMadeFromReleaseShipsUnlessDebugSigned(signing: String, ships: Bool) throws {
        let module = try app([
            "app/build.gradle":
                "plugins { id 'com.android.application' }\nandroid { defaultConfig { applicationId 'org.example' }\nbuildTypes { profile { initWith(getByName('release'))\n\(signing) } } }"
        ])
        #expect(module.releaseVariants.map(\.name) == (ships ? ["release", "profile"] : ["release"]))
    }

    @Test func aWearAppUploadedOnItsOwnKeepsItsNotes() throws {
        let wearManifest =
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><uses-feature android:name=\"android.hardware.type.watch\"/></manifest>"
        let model = try TemporaryProject([
            "settings.gradle.kts": "include(\":mobile\", \":watchface\", \":companion\")",
            "mobile/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example\"; versionCode = 10 } }",
            "watchface/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example\"; versionCode = 2010 } }",
            "watchface/src/main/AndroidManifest.xml": wearManifest,
            // Another Wear app of its own id keeps its own notes too.
            "companion/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example.other\" } }",
            "companion/src/main/AndroidManifest.xml": wearManifest,
        ]).read()
        // Nothing embeds the watch face: uploaded on its own (tasks' `wear:internal` track), its versionCode's
        // changelog is sent with it, though it shares the phone app's applicationId.
        #expect(model.releaseNotesApplications.map(\.gradlePath) == [":mobile", ":watchface", ":companion"])
    }

    @Test func typeSafeProjectAccessorsNameTheEmbeddedApp() throws {
        let model = try TemporaryProject([
            "settings.gradle.kts": "include(\":app\", \":wear-app\")",
            "app/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example\" } }\ndependencies { wearApp(projects.wearApp) }",
            "wear-app/build.gradle.kts":
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { applicationId = \"org.example.wear\" } }",
        ]).read()
        #expect(model.modules.first { $0.gradlePath == ":app" }?.embeddedApps == [":wear-app"])
        #expect(model.releaseNotesApplications.map(\.gradlePath) == [":app"])
    }

    @Test func gradlePlayPublisherPublishesTheVariantsItsConfigurationEnables() throws {
        let module = try app([
            "app/build.gradle": """
            plugins { id 'com.android.application'; id 'com.github.triplet.play' }
            android {
                defaultConfig { applicationId 'org.example' }
                flavorDimensions 'store'
                productFlavors { google { dimension 'store' }; fdroid { dimension 'store' }; huawei { dimension 'store' } }
                playConfigs {
                    googleRelease { enabled.set(true) }
                    register("huawei") { enabled = true }
                }
            }
            play { enabled.set(false) }
            """
        ])
        #expect(module.releaseVariants.filter(\.isPublishedByGPP).map(\.name) == ["googleRelease", "huaweiRelease"])
        let everything = try app([
            "app/build.gradle":
                "plugins { id 'com.android.application'; id 'com.github.triplet.play' }\nandroid { defaultConfig { applicationId 'org.example' } }"
        ])
        #expect(everything.releaseVariants.allSatisfy { $0.isPublishedByGPP })
    }

    @Test func extClosuresAndMapsAreRead() throws {
        let model = try TemporaryProject([
            "settings.gradle": "include ':app', ':lib'",
            "build.gradle": """
            buildscript {
                ext.configFile = { fileName -> rootProject.file("gradle/$fileName") }
                ext.versions = [compileSdk: 36, versionCode: 30301, 'versionName': "3.3.1"]
            }
            """,
            "gradle/library.gradle": "apply plugin: 'com.android.library'",
            "lib/build.gradle": "apply from: configFile('library.gradle')\nandroid { namespace 'org.example.lib' }",
            "app/build.gradle":
                "plugins { id 'com.android.application' }\nandroid { defaultConfig { applicationId 'org.example'; versionCode versions.versionCode } }",
        ]).read()
        #expect(model.modules.first { $0.gradlePath == ":lib" }?.kind == .library)
        #expect(model.unreadModules.isEmpty)
        #expect(model.applications.first?.releaseVariants.first?.versionCode?.value == 30301)
    }
}
