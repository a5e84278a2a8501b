import AndroidBuild
import Testing

/// Every spelling that applies Gradle Play Publisher reaches exactly the modules Gradle applies it to: a
/// callback on another plugin, the root script's blocks for other projects, a method call, a convention plugin,
/// and Groovy's `alias x` / `id x` without parentheses.
@Suite struct PluginSpellingTests {
    private static let gpp = "com.github.triplet.play"
    private static let settings = "include ':app', ':lib'"
    private static let library = "apply plugin: 'com.android.library'\nandroid { namespace 'org.example.lib' }"

    /// The ids of each module's plugins, by Gradle path.
    private func plugins(_ files: [String: String]) throws -> [String: [String]] {
        let model = try TemporaryProject(files).read()
        return Dictionary(uniqueKeysWithValues: model.modules.map { ($0.gradlePath, $0.plugins.map(\.id)) })
    }

    @Test func aScriptEveryModuleAppliesReachesOnlyTheAppsThroughWithId() throws {
        let shared = """
            project.plugins.withId('com.android.application') {
                project.apply plugin: 'com.github.triplet.play'
            }
            """
        let apply = "apply from: \"$rootDir/gradle/android.gradle\""
        let found = try plugins([
            "settings.gradle": Self.settings,
            "gradle/android.gradle": shared,
            "app/build.gradle": "apply plugin: 'com.android.application'\n\(apply)\n"
                + "android { defaultConfig { applicationId 'org.example' } }",
            "lib/build.gradle": Self.library + "\n" + apply,
        ])
        #expect(found[":app"] == ["com.android.application", Self.gpp])
        #expect(found[":lib"] == ["com.android.library"])
    }

    @Test func aCallbackBeforeThePluginItWaitsForStillApplies() throws {
        let found = try plugins([
            "settings.gradle": "include ':app'",
            "app/build.gradle": """
            pluginManager.withPlugin('com.android.application') { pluginManager.apply('com.github.triplet.play') }
            plugins.apply('com.android.application')
            android { defaultConfig { applicationId 'org.example' } }
            """,
        ])
        #expect(found[":app"] == ["com.android.application", Self.gpp])
    }

    @Test(arguments: [
        ("subprojects", [":app": ["com.android.application", gpp], ":lib": ["com.android.library", gpp], ":": []]),
        (
            "allprojects",
            [":app": ["com.android.application", gpp], ":lib": ["com.android.library", gpp], ":": [gpp]]
        ),
    ])
    func theRootScriptsBlocksReachTheProjectsTheyName(block: String, expected: [String: [String]]) throws {
        let found = try plugins([
            "settings.gradle": Self.settings,
            "build.gradle": "\(block) {\n    apply plugin: 'com.github.triplet.play'\n    android { compileSdk 34 }\n}",
            "app/build.gradle": "apply plugin: 'com.android.application'\n"
                + "android { defaultConfig { applicationId 'org.example' } }",
            "lib/build.gradle": Self.library,
        ])
        #expect(found == expected)
    }

    @Test func aRootBlockWithACallbackReachesOnlyTheApps() throws {
        let model = try TemporaryProject([
            "settings.gradle": Self.settings,
            "build.gradle": """
            subprojects {
                plugins.withId("com.android.application") {
                    apply plugin: "com.github.triplet.play"
                }
            }
            """,
            "app/build.gradle": "apply plugin: 'com.android.application'\n"
                + "android { defaultConfig { applicationId 'org.example' } }",
            "lib/build.gradle": Self.library,
        ]).read()
        let app = try #require(model.modules.first { $0.gradlePath == ":app" })
        let gpp = try #require(app.plugins.first { $0.id == Self.gpp })
        #expect(gpp.location.file.hasSuffix("/build.gradle") && !gpp.location.file.hasSuffix("app/build.gradle"))
        #expect(gpp.location.line == 3)
        #expect(model.modules.first { $0.gradlePath == ":lib" }?.plugins.map(\.id) == ["com.android.library"])
        // The root's own `android {}` in a block for others does not make the root an unread Android module.
        #expect(model.modules.allSatisfy { $0.unreadPlugins.isEmpty })
    }

    @Test(arguments: [
        "plugins {\n    alias libs.plugins.android.application\n    alias libs.plugins.playstore.publisher\n}",
        "plugins {\n    id 'com.android.application'\n    id 'com.github.triplet.play' version '3.9.1'\n}",
        "plugins {\n    alias(libs.plugins.android.application)\n    alias(libs.plugins.playstore.publisher)\n}",
    ])
    func groovyPluginEntriesWithoutParentheses(block: String) throws {
        let model = try TemporaryProject([
            "settings.gradle": "include ':app'",
            "gradle/libs.versions.toml": """
            [plugins]
            android-application = { id = "com.android.application", version = "8.5.0" }
            playstore-publisher = { id = "com.github.triplet.play", version = "3.9.1" }
            """,
            "app/build.gradle": block + "\nandroid { defaultConfig { applicationId 'org.example' } }",
        ]).read()
        let app = try #require(model.modules.first { $0.gradlePath == ":app" })
        #expect(app.plugins.map(\.id) == ["com.android.application", Self.gpp])
        #expect(app.kind == .application)
        #expect(model.unreadLibraries.isEmpty && model.unreadModules.isEmpty)
    }

    @Test func aLibraryAppliedByParenlessAliasIsNotAnUnreadModule() throws {
        let model = try TemporaryProject([
            "settings.gradle": "include ':core'",
            "gradle/libs.versions.toml":
                "[plugins]\nandroid-library = { id = \"com.android.library\", version = \"8.5.0\" }",
            "core/build.gradle":
                "plugins {\n    alias libs.plugins.android.library\n}\nandroid { namespace 'org.example.core' }",
        ]).read()
        #expect(model.modules.first { $0.gradlePath == ":core" }?.kind == .library)
        #expect(model.unreadLibraries.isEmpty)
    }

    @Test(arguments: [
        ("buildSrc/src/main/kotlin/PlayConventionPlugin.kt", "pluginManager.apply(\"com.github.triplet.play\")"),
        (
            "build-logic/convention/src/main/kotlin/PlayConventionPlugin.kt",
            "apply(plugin = \"com.github.triplet.play\")"
        ),
    ])
    func aConventionPluginThatAppliesGPP(path: String, line: String) throws {
        let buildFolder = String(path.prefix { $0 != "/" }) + (path.hasPrefix("build-logic") ? "/convention" : "")
        var files = [
            "settings.gradle.kts":
                (path.hasPrefix("build-logic") ? "pluginManagement { includeBuild(\"build-logic\") }\n" : "")
                + "include(\":app\")",
            path: """
            import org.gradle.api.Plugin
            import org.gradle.api.Project
            class PlayConventionPlugin : Plugin<Project> {
                override fun apply(target: Project) {
                    with(target) {
                        \(line)
                    }
                }
            }
            """,
            "\(buildFolder)/build.gradle.kts": """
            plugins { `kotlin-dsl` }
            gradlePlugin {
                plugins {
                    register("play") {
                        id = "org.example.play"
                        implementationClass = "PlayConventionPlugin"
                    }
                }
            }
            """,
            "app/build.gradle.kts": "plugins {\n    id(\"com.android.application\")\n    id(\"org.example.play\")\n}\n"
                + "android { defaultConfig { applicationId = \"org.example\" } }",
        ]
        if path.hasPrefix("build-logic") { files["build-logic/settings.gradle.kts"] = "include(\":convention\")" }
        let found = try plugins(files)
        #expect(found[":app"] == ["com.android.application", "org.example.play", Self.gpp])
    }
}
