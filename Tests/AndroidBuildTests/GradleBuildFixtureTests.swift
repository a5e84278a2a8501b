import AndroidBuild
import TestSupport
import Testing

/// The builds of `TestImages/builds/`: each reproduces how real repositories lay out and wire their Gradle builds
/// (a Flutter or React Native `android/`, `project/`, two apps in one repository, GPP applied by a shared script,
/// convention plugins named through the version catalog, versionCodes read from files, a Wear app, build types
/// that do not ship).
@Suite struct GradleBuildFixtureTests {
    private func model(_ name: String, releaseBuildTypes: Set<String> = []) -> AndroidBuildModel {
        let root = Fixtures.testImage("builds/" + name).path
        return AndroidBuildReader(releaseBuildTypes: releaseBuildTypes).read(
            root: root, files: ProjectFolder.files(under: root))
    }

    private func app(_ model: AndroidBuildModel, _ name: String) throws -> AndroidModule {
        try #require(model.applications.first { $0.name == name }, "\(model.applications.map(\.name))")
    }

    private func release(_ module: AndroidModule) throws -> BuildVariant {
        try #require(module.releaseVariants.first, "\(module.name) has no release variant")
    }

    // MARK: Gradle builds below the root

    @Test func aFlutterAppIsReadFromItsAndroidFolder() throws {
        let model = model("flutter-app")
        #expect(model.builds.map(\.folder) == ["android"])
        #expect(model.builds.first?.framework == .flutter)
        let app = try app(model, "android/:app")
        #expect(app.gradlePath == ":app" && app.build == "android")
        let release = try release(app)
        #expect(release.applicationID.value == "garden.pocket.app")
        // `local.properties` is not committed: Flutter's tool writes `flutter.versionCode` from pubspec.yaml's
        // `version: 2.3.1+57` before Gradle runs, and the template reads it inside `if (….exists())`.
        #expect(release.versionCode?.value == 57)
        #expect(app.releaseVariants.map(\.name) == ["release"])
    }

    @Test func flutterKotlinTemplateReadsTheFlutterExtension() throws {
        let settings = "plugins { id(\"dev.flutter.flutter-plugin-loader\") version \"1.0.0\" }\ninclude(\":app\")"
        let script = """
            plugins { id("com.android.application"); id("dev.flutter.flutter-gradle-plugin") }
            android {
                namespace = "org.example.tides"
                defaultConfig {
                    applicationId = "org.example.tides"
                    versionCode = flutter.versionCode
                    versionName = flutter.versionName
                }
            }
            """
        let numbered = try TemporaryProject([
            "pubspec.yaml": "name: tides\nversion: \"0.9.4+12\" # bumped by CI\n",
            "android/settings.gradle.kts": settings,
            "android/app/build.gradle.kts": script,
        ]).read()
        #expect(numbered.applications.first?.releaseVariants.first?.versionCode?.value == 12)
        // Without a build number the code is Flutter's to choose: not guessed.
        let unnumbered = try TemporaryProject([
            "pubspec.yaml": "name: tides\nversion: 0.9.4\n", "android/settings.gradle.kts": settings,
            "android/app/build.gradle.kts": script,
        ]).read()
        let code = try #require(unnumbered.applications.first?.releaseVariants.first?.versionCode)
        #expect(code.value == nil)
    }

    @Test func aBuildInProjectFolderIsRead() throws {
        let model = model("project-folder")
        #expect(model.builds.map(\.folder) == ["project"])
        let release = try release(try app(model, "project/:app"))
        #expect(release.applicationID.value == "org.trailnotes")
        // `def readVersion()` loads version.properties with `withInputStream` under `if (….canRead())`.
        #expect(release.versionCode?.value == 4020)
    }

    @Test func twoAppsInOneRepositoryAreTwoBuilds() throws {
        let model = model("two-roots")
        // build-logic/ is an included build of both, not a build of its own; the sample is not read.
        #expect(model.builds.map(\.folder) == ["phone", "tv"])
        #expect(model.buildsNotRead == [GradleBuildNotRead(folder: "samples/quickstart", reason: .sample)])
        #expect(model.applications.map(\.name) == ["phone/:app", "tv/:app"])
        let tv = try app(model, "tv/:app")
        #expect(tv.plugins.contains { $0.id == "com.android.application" && $0.via == "lantern.android.app" })
        #expect(try release(tv).versionCode?.value == 1310)
    }

    @Test func aReactNativeAppIsReadFromItsAndroidFolder() throws {
        let model = model("react-native")
        #expect(model.builds.map(\.framework) == [.reactNative])
        let release = try release(try app(model, "android/:app"))
        #expect(release.applicationID.value == "com.harbortides")
        #expect(release.versionCode?.value == 18)
    }

    // MARK: Plugins

    @Test func aSharedScriptAppliesGradlePlayPublisher() throws {
        let model = model("apply-from-gpp")
        #expect(model.applications.map(\.name) == [":maps", ":radio"])
        for name in [":maps", ":radio"] {
            let module = try app(model, name)
            let gpp = try #require(module.plugins.first { $0.id == "com.github.triplet.play" }, "\(name)")
            #expect(gpp.location.file.hasSuffix("/gradle/publishing.gradle") && gpp.location.line == 1)
            // The applied script's `versionCode suiteVersionCode.toInteger()` reads gradle.properties.
            #expect(try release(module).versionCode?.value == 812)
        }
        #expect(model.modules.first { $0.gradlePath == ":core" }?.kind == .library)
    }

    @Test func catalogAliasesNameConventionPlugins() throws {
        let model = model("catalog-convention")
        let app = try app(model, ":app")
        // `id = libs.plugins.beacon.android.application.get().pluginId` registers a class that applies
        // `libs.findPlugin("android-application")`; both classes share one file.
        #expect(
            Set(app.plugins.compactMap { $0.via == nil ? nil : $0.id })
                == ["com.android.application", "com.github.triplet.play"])
        #expect(try release(app).versionCode?.value == 2051)
        let kiosk = try self.app(model, ":kiosk")
        #expect(kiosk.plugins.contains { $0.id == "com.android.application" && $0.via == "beacon.android.application" })
        #expect(try release(kiosk).versionCode?.value == 2052)
        // An alias the catalog lacks: named as unread, never dropped.
        #expect(model.unreadModules.map(\.name) == [":watch"])
        let unread = try #require(model.unreadModules.first?.unreadPlugins.first)
        #expect(unread.expression == "alias(libs.plugins.beacon.android.wear)")
        #expect(unread.reason == "the version catalog `libs` has no plugin `beacon.android.wear`")
    }

    @Test func aModuleConfiguringAndroidWithAnUnknownPluginIsNamed() throws {
        let model = model("unread-module")
        #expect(model.applications.isEmpty)
        // `:timetable` configures `android {}` too, but launches nothing: a library, not named.
        #expect(model.unreadModules.map(\.name) == [":app"])
        let module = try #require(model.unreadModules.first)
        #expect(module.unreadPlugins.map(\.expression) == ["com.acme.android.app"])
    }

    // MARK: versionCodes

    @Test func versionCodesFromPropertiesFilesAndFloors() throws {
        let model = model("version-codes")
        #expect(try release(try app(model, ":kotlinprops")).versionCode?.value == 7104)
        #expect(try release(try app(model, ":groovyprops")).versionCode?.value == 7104)
        let floor = try release(try app(model, ":floor"))
        #expect(floor.versionCode?.value == nil && floor.minimumVersionCode == 100_000)
        #expect(try release(try app(model, ":floorkts")).minimumVersionCode == 200_001)
        guard case .unknown(let unwritten)? = try release(try app(model, ":unwritten")).versionCode else {
            Issue.record("expected an unknown versionCode")
            return
        }
        #expect(unwritten.reason == .fileNotInRepository("unwritten/build-number.properties"))
    }

    // MARK: Which app's versionCode picks the release notes

    @Test func theAppEmbeddingAWearAppDecidesTheReleaseNotes() throws {
        let model = model("wear-app")
        let phone = try app(model, ":phone")
        let wear = try app(model, ":wear")
        #expect(phone.embeddedApps == [":wear"] && wear.embeddedApps.isEmpty)
        #expect(model.releaseNotesOwner(of: wear).gradlePath == ":phone")
        #expect(model.releaseNotesOwner(of: phone).gradlePath == ":phone")
        #expect(model.releaseNotesApplications.map(\.gradlePath) == [":phone"])
    }

    // MARK: Build types

    @Test func onlyBuildTypesThatCanShipAreReleases() throws {
        let app = try app(model("release-build-types"), ":app")
        // benchmark: initWith(release) but signed with the debug key; qa: neither release nor made from it.
        #expect(app.releaseVariants.map(\.name) == ["release", "staging"])
        #expect(
            app.variants.filter { !$0.isDebuggable }.map(\.name) == ["release", "benchmark", "staging", "beta", "qa"])
        let configured = try self.app(model("release-build-types", releaseBuildTypes: ["beta"]), ":app")
        #expect(configured.releaseVariants.map(\.name) == ["release", "staging", "beta"])
    }
}
