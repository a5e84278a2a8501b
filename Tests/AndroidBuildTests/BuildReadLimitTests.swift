import Foundation
import Testing

@testable import AndroidBuild

/// Issue 33: the build reader stays within time and memory on hostile builds, says where it stopped, and reads
/// every line ending and byte order mark Gradle reads. Sizes are scaled so each test runs in well under a second;
/// the full-size cases are measured in docs/performance.md.
@Suite struct BuildReadLimitTests {
    static let appPlugin = "plugins { id(\"com.android.application\") }\n"

    /// `dimensions` flavour dimensions of three flavours each.
    static func flavoured(dimensions: Int) -> String {
        let names = (0..<dimensions).map { "d\($0)" }
        var script = appPlugin + "android {\n  namespace = \"org.example.app\"\n"
        script += "  flavorDimensions += listOf(" + names.map { "\"\($0)\"" }.joined(separator: ", ") + ")\n"
        script += "  productFlavors {\n"
        for name in names {
            for flavor in 0..<3 { script += "    create(\"\(name)f\(flavor)\") { dimension = \"\(name)\" }\n" }
        }
        return script + "  }\n}\n"
    }

    @Test func thirtyFlavourDimensionsAreCappedWithANoteNamingTheCapAndTheDimensions() throws {
        let build = try TemporaryProject(["app/build.gradle.kts": Self.flavoured(dimensions: 30)]).read()
        let app = try #require(build.applications.first)
        #expect(app.variants.count == AndroidBuildReader.defaultMaximumVariants)
        let limit = try #require(build.limitsReached.first)
        #expect(limit.location.file.hasSuffix("app/build.gradle.kts"))
        #expect(limit.message.contains("cap of \(AndroidBuildReader.defaultMaximumVariants) variants"))
        #expect(limit.message.contains("30 flavour dimensions: d0 (3) × d1 (3)"))
        #expect(limit.message.contains("411782264189298 variants"))  // 3^30 × 2 build types
        #expect(limit.hint?.contains("gradle: maxVariants:") == true)
    }

    @Test func aRaisedCapReadsEveryVariantAndABuildUnderItHasNoNote() throws {
        let project = try TemporaryProject(["app/build.gradle.kts": Self.flavoured(dimensions: 7)])  // 3^7 × 2
        let build = AndroidBuildReader(maximumVariants: 5_000).read(
            root: project.root, files: ProjectFolder.files(under: project.root))
        #expect(build.applications.first?.variants.count == 4_374)
        #expect(build.limitsReached.isEmpty)
        #expect(
            try TemporaryProject(["app/build.gradle.kts": Self.flavoured(dimensions: 2)]).read().limitsReached.isEmpty)
    }

    @Test func anIncludeWithTooManyPathSegmentsIsANoteNotAProject() throws {
        let path = String(repeating: ":a", count: 2_000)
        let build = try TemporaryProject([
            "settings.gradle.kts": "include(\":app\")\ninclude(\"\(path)\")\n", "app/build.gradle.kts": Self.appPlugin,
        ]).read()
        #expect(build.modules.map(\.gradlePath) == [":", ":app"])
        let limit = try #require(build.limitsReached.first)
        #expect(limit.location.line == 2)
        #expect(limit.message.contains("2000 names, over playprep's limit of 64"))
    }

    @Test func manyIncludesAreEachReadOnce() throws {
        let includes = (0..<5_000).map { "include(\":m\($0)\")" }.joined(separator: "\n")
        let build = try TemporaryProject(["settings.gradle.kts": includes + "\ninclude(\":m7:sub\")\n"]).read()
        #expect(build.modules.count == 5_002)
        #expect(build.modules.last?.gradlePath == ":m7:sub")
        #expect(build.modules.last?.directory.hasSuffix("/m7/sub") == true)
    }

    @Test func twentyThousandImplementationClassesOnOneLineAreRead() throws {
        let count = 2_000
        let registrations = (0..<count).map {
            "register(\"p\($0)\") { id = \"org.example.p\($0)\"; implementationClass = \"P\($0)\" }"
        }
        let build = try TemporaryProject([
            "build-logic/convention/build.gradle.kts": "gradlePlugin { plugins { "
                + registrations.joined(separator: " ") + " } }\n",
            "build-logic/convention/src/main/kotlin/P\(count - 1).kt":
                "class P { fun apply() { pluginManager.apply(\"com.android.application\") } }\n",
            "app/build.gradle.kts": "plugins { id(\"org.example.p\(count - 1)\") }\n",
        ]).read()
        let app = try #require(build.modules.first { $0.gradlePath == ":app" })
        #expect(app.kind == .application)
        #expect(app.plugins.contains { $0.id == "com.android.application" && $0.via == "org.example.p\(count - 1)" })
    }

    @Test func aChainOfScriptPluginsIsFollowedToItsDepthLimitWithANote() throws {
        let length = 200
        var files = ["app/build.gradle.kts": "plugins { id(\"chain.p0\") }\n"]
        for index in 0..<length {
            let next = index + 1 < length ? "chain.p\(index + 1)" : "com.android.application"
            files["build-logic/convention/src/main/kotlin/chain.p\(index).gradle.kts"] =
                "plugins {\n    id(\"\(next)\")\n}\n"
        }
        files["build-logic/convention/src/main/kotlin/short.gradle.kts"] =
            "plugins {\n    id(\"com.android.application\")\n}\n"
        files["lib/build.gradle.kts"] = "plugins { id(\"short\") }\n"
        let build = try TemporaryProject(files).read()
        let app = try #require(build.modules.first { $0.gradlePath == ":app" })
        #expect(app.plugins.count == 1 + ConventionPlugins.maximumApplyDepth)
        #expect(build.modules.first { $0.gradlePath == ":lib" }?.kind == .application)
        let limit = try #require(build.limitsReached.first)
        #expect(limit.message.contains("more than \(ConventionPlugins.maximumApplyDepth) levels deep"))
    }

    @Test func modulesWithVersionCodesFromUnknownPropertiesAreLocatedInLinearTime() throws {
        var files = [String: String]()
        var settings = ""
        for index in 0..<500 {
            settings += "include(\":m\(index)\")\n"
            files["m\(index)/build.gradle.kts"] =
                Self.appPlugin + "android {\n namespace = \"org.example.m\(index)\"\n defaultConfig {\n"
                + "  versionCode = project.property(\"vc\(index)\") as Int\n }\n}\n"
        }
        files["settings.gradle.kts"] = settings
        files["gradle/versions.gradle"] = "ext { vc42 = 7 }\n"
        let build = try TemporaryProject(files).read()
        let module = try #require(build.modules.first { $0.gradlePath == ":m42" })
        guard case .unknown(let expression)? = module.variants.first?.versionCode else {
            Issue.record("versionCode of :m42 is not unknown")
            return
        }
        #expect(expression.reason == .setInAnotherScript(property: "vc42", file: "gradle/versions.gradle"))
    }

    @Test(arguments: [("CRLF", "\r\n"), ("CR only", "\r")])
    func lineEndingsGradleReads(name: String, ending: String) throws {
        let script =
            Self.appPlugin
            + "android {\n  namespace = \"org.example.app\"\n  defaultConfig {\n    applicationId = \"org.example.app\"\n"
            + "    versionCode = 42\n  }\n}\n"
        let build = try TemporaryProject([
            "settings.gradle.kts": "include(\":app\")\n".replacingOccurrences(of: "\n", with: ending),
            "app/build.gradle.kts": script.replacingOccurrences(of: "\n", with: ending),
        ]).read()
        let release = try #require(build.applications.first?.releaseVariants.first)
        #expect(release.versionCode?.value == 42)
        #expect(release.versionCode?.location?.line == 6)
    }

    @Test func aByteOrderMarkAndUTF16AreReadAsGradleReadsThem() throws {
        let script =
            Self.appPlugin + "android {\n  namespace = \"org.example.app\"\n  defaultConfig { versionCode = 42 }\n}\n"
        let project = try TemporaryProject([:])
        defer { try? FileManager.default.removeItem(atPath: project.root) }
        for (name, data) in [
            ("bom", Data([0xEF, 0xBB, 0xBF]) + Data(script.utf8)),
            ("utf16le", Data([0xFF, 0xFE]) + script.data(using: .utf16LittleEndian)!),
            ("utf16be", Data([0xFE, 0xFF]) + script.data(using: .utf16BigEndian)!),
        ] {
            let url = URL(fileURLWithPath: project.root + "/\(name)/build.gradle.kts")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let build = ProjectFolder.read(project.root)
        #expect(build.applications.map(\.gradlePath) == [":bom", ":utf16be", ":utf16le"])
        #expect(build.applications.allSatisfy { $0.releaseVariants.first?.versionCode?.value == 42 })
    }

    @Test func aByteOrderMarkDoesNotHideTheCatalogsVersions() throws {
        let build = try TemporaryProject([
            "gradle/libs.versions.toml": "\u{FEFF}[versions]\nappVersionCode = \"7\"\n",
            "app/build.gradle.kts": Self.appPlugin
                + "android {\n  namespace = \"org.example.app\"\n"
                + "  defaultConfig { versionCode = libs.versions.appVersionCode.get().toInt() }\n}\n",
        ]).read()
        #expect(build.applications.first?.releaseVariants.first?.versionCode?.value == 7)
    }
}
