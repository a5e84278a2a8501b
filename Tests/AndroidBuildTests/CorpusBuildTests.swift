import AndroidBuild
import Foundation
import TestSupport
import Testing

/// The eight real projects of the shared corpus: their application modules and the applicationIds Google Play
/// would receive, checked against the Gradle files by hand.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil)) struct CorpusBuildTests {
    private func model(_ project: String) throws -> AndroidBuildModel {
        let corpus = try #require(Fixtures.sharedCorpus)
        return ProjectFolder.read(corpus.path + "/projects/" + project)
    }

    private func releaseIDs(_ module: AndroidModule) -> Set<String> {
        Set(module.releaseVariants.compactMap(\.applicationID.value))
    }

    private func versionCodes(_ module: AndroidModule) -> Set<BuildValue<Int>?> {
        Set(module.variants.map(\.versionCode))
    }

    @Test func lawnchairRootProjectIsTheApp() throws {
        let model = try model("LawnchairLauncher-lawnchair")
        #expect(model.applications.map(\.gradlePath) == [":"])
        let app = try #require(model.applications.first)
        #expect(app.directory == model.root)
        #expect(app.buildFile == model.root + "/build.gradle")
        #expect(app.namespace?.value == "com.android.launcher3")
        #expect(releaseIDs(app) == ["app.lawnchair", "app.lawnchair.play"])
        #expect(
            Set(app.variants.filter(\.isDebuggable).compactMap(\.applicationID.value))
                == ["app.lawnchair.debug", "app.lawnchair.play.debug"])
        #expect(app.variants.map(\.name).contains("lawnWithQuickstepGithubDebug"))
        let github = try #require(app.variants.first { $0.name == "lawnWithQuickstepGithubRelease" })
        #expect(github.flavors == ["lawn", "withQuickstep", "github"])
        #expect(
            github.sourceSets == [
                "main", "github", "withQuickstep", "lawn", "lawnWithQuickstepGithub", "release",
                "lawnWithQuickstepGithubRelease",
            ])
        #expect(versionCodes(app).map { $0?.value } == [14_000_203])
        #expect(
            model.modules.first { $0.gradlePath == ":iconloaderlib" }?.directory
                == model.root + "/platform_frameworks_libs_systemui/iconloaderlib")
        #expect(model.modules.first { $0.gradlePath == ":baseline-profile" }?.kind == .test)
    }

    @Test func telegramReadsGradleProperties() throws {
        let model = try model("Telegram-FOSS-Team-Telegram-FOSS")
        #expect(model.modules.map(\.gradlePath) == [":", ":TMessagesProj", ":TMessagesProj_App"])
        #expect(model.applications.map(\.gradlePath) == [":TMessagesProj_App"])
        let app = try #require(model.applications.first)
        // `standalone` (the `.web` APK of telegram.org) is no `release` nor made from it: not a Play release.
        #expect(releaseIDs(app) == ["org.telegram.messenger"])
        let debug = app.variants.filter { $0.buildType == "debug" }
        #expect(debug.allSatisfy { $0.isDebuggable && $0.applicationID.value == "org.telegram.messenger.beta" })
        #expect(app.variants.filter { $0.buildType == "standalone" }.allSatisfy { !$0.isDebuggable && !$0.isRelease })
        #expect(Set(app.variants.map(\.flavors)) == [["bundleAfat"], ["bundleAfat_SDK23"], ["afat"]])
        #expect(versionCodes(app).map { $0?.value } == [4927])
        #expect(model.modules.first { $0.gradlePath == ":TMessagesProj" }?.kind == .library)
    }

    @Test func tasksReadsTheVersionCatalog() throws {
        let model = try model("tasks-tasks")
        #expect(model.applications.map(\.gradlePath) == [":app", ":wear", ":composeApp"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["org.tasks"])
        #expect(versionCodes(app).map { $0?.value } == [151_000])
        let wear = try #require(model.applications.first { $0.gradlePath == ":wear" })
        #expect(releaseIDs(wear) == ["org.tasks"])
        #expect(versionCodes(wear).map { $0?.value } == [151_001])  // `….toInt() + 1`
        let composeApp = try #require(model.applications.first { $0.gradlePath == ":composeApp" })
        #expect(releaseIDs(composeApp) == ["org.tasks"])
        #expect(
            composeApp.variants.map(\.name) == ["googleplayDebug", "googleplayRelease", "fdroidDebug", "fdroidRelease"])
        #expect(model.modules.first { $0.gradlePath == ":kmp" }?.kind == .library)
    }

    @Test func newPipeAppliesNoConditionalSuffix() throws {
        let model = try model("TeamNewPipe-NewPipe")
        #expect(model.modules.map(\.gradlePath) == [":", ":app"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["org.schabi.newpipe"])
        #expect(versionCodes(app).map { $0?.value } == [1009])
    }

    @Test func jellyfinUsesTheNamespace() throws {
        let model = try model("jellyfin-jellyfin-androidtv")
        #expect(model.applications.map(\.gradlePath) == [":app"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["org.jellyfin.androidtv"])
        guard case .unknown(let versionCode)?? = versionCodes(app).first else {
            Issue.record("versionCode should be unknown")
            return
        }
        #expect(versionCode.expression == "getVersionCode(versionName!!)")
        #expect(versionCode.reason == .callsFunction)
        #expect(versionCode.location.line == 19)
        #expect(!model.modules.contains { $0.directory.hasSuffix("/buildSrc") })
    }

    @Test func duckDuckGoDiscoversItsModules() throws {
        let model = try model("duckduckgo-Android")
        #expect(model.applications.map(\.gradlePath) == [":app"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["com.duckduckgo.mobile.android"])
        guard case .unknown(let versionCode)?? = versionCodes(app).first else {
            Issue.record("versionCode should be unknown")
            return
        }
        #expect(versionCode.expression == "buildVersionCode()")
        #expect(model.modules.filter { $0.kind == .library }.count == 167)
        #expect(model.modules.count == 190)
        #expect(app.namespace?.value == "com.duckduckgo.app.browser")  // set inside defaultConfig
    }

    @Test func elementHasANightlyBuildType() throws {
        let model = try model("element-hq-element-android")
        #expect(model.applications.map(\.gradlePath) == [":vector-app"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["im.vector.app", "im.vector.app.nightly"])
        let nightly = try #require(app.variants.first { $0.name == "gplayNightly" })
        #expect(!nightly.isDebuggable)
        guard case .unknown(let versionCode)?? = versionCodes(app).first else {
            Issue.record("versionCode should be unknown")
            return
        }
        #expect(versionCode.expression == "project.getVersionCode()")
        #expect(
            model.modules.first { $0.gradlePath == ":library:external:barcodescanner:zxing" }?.directory
                == model.root + "/library/external/barcodescanner/zxing")
    }

    @Test func commonsHasProdAndBetaFlavours() throws {
        let model = try model("commons-app-apps-android-commons")
        #expect(model.applications.map(\.gradlePath) == [":app"])
        let app = try #require(model.applications.first)
        #expect(releaseIDs(app) == ["fr.free.nrw.commons", "fr.free.nrw.commons.beta"])
        #expect(versionCodes(app).map { $0?.value } == [1065])
        #expect(app.declaredNames.contains { $0.kind == .namespace && $0.value == "fr.free.nrw.commons" })
    }

    /// Every corpus project builds at least one application module with a release variant (speed is measured
    /// by the benchmarks, not here).
    @Test func everyCorpusProjectHasAReleasedApplication() throws {
        let corpus = try #require(Fixtures.sharedCorpus)
        let projects = try FileManager.default.contentsOfDirectory(atPath: corpus.path + "/projects")
            .filter { !$0.hasSuffix(".md") }.sorted()
        #expect(projects.count == 8)
        for project in projects {
            let root = corpus.path + "/projects/" + project
            let model = AndroidBuildReader().read(root: root, files: ProjectFolder.files(under: root))
            #expect(!model.applications.isEmpty, "\(project): no application module")
            #expect(model.applications.contains { !releaseIDs($0).isEmpty }, "\(project): no release applicationId")
        }
    }
}
