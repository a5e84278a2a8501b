import AndroidBuild
import Testing

/// One syntax form at a time, on small projects written to a temporary folder.
@Suite struct BuildScriptSyntaxTests {
    /// Reads a one-module project (`:app`) whose build file is `script`.
    private func app(
        _ script: String, kts: Bool = false, files: [String: String] = [:], overrides: [String: String] = [:]
    ) throws -> AndroidModule {
        var all = files
        all[kts ? "settings.gradle.kts" : "settings.gradle"] =
            all[kts ? "settings.gradle.kts" : "settings.gradle"]
            ?? (kts ? "include(\":app\")" : "include ':app'")
        all[kts ? "app/build.gradle.kts" : "app/build.gradle"] = script
        let model = try TemporaryProject(all).read(overrides: overrides)
        return try #require(model.modules.first { $0.gradlePath == ":app" })
    }

    private func groovyApp(_ android: String, files: [String: String] = [:], overrides: [String: String] = [:]) throws
        -> AndroidModule
    {
        try app("plugins { id 'com.android.application' }\n" + android, files: files, overrides: overrides)
    }

    private func kotlinApp(_ android: String, files: [String: String] = [:]) throws -> AndroidModule {
        try app("plugins { id(\"com.android.application\") }\n" + android, kts: true, files: files)
    }

    private func ids(_ module: AndroidModule) -> [String: String] {
        Dictionary(uniqueKeysWithValues: module.variants.map { ($0.name, $0.applicationID.value ?? "?") })
    }

    private func releaseID(_ module: AndroidModule) -> BuildValue<String>? {
        module.variants.first { $0.name == "release" }?.applicationID
    }

    private func versionCode(_ module: AndroidModule) -> BuildValue<Int>?? {
        module.variants.first.map(\.versionCode)
    }

    // MARK: Modules

    @Test func settingsIncludeForms() throws {
        let project = try TemporaryProject([
            "settings.gradle": """
            include ':a', ':b:c'
            include(':d')
            include ":e"; include 'f'
            include ':moved'
            project(':moved').projectDir = new File(rootDir, 'elsewhere/moved')
            include ':filed'
            project(':filed').projectDir = file('x/./y/../filed')
            """,
            "build.gradle": "", "a/build.gradle": "", "b/c/build.gradle": "", "stray/build.gradle": "",
        ])
        let model = project.read()
        #expect(model.modules.map(\.gradlePath) == [":", ":a", ":b", ":b:c", ":d", ":e", ":f", ":moved", ":filed"])
        let directories = Dictionary(uniqueKeysWithValues: model.modules.map { ($0.gradlePath, $0.directory) })
        #expect(directories[":"] == project.root)
        #expect(directories[":b:c"] == project.root + "/b/c")
        #expect(directories[":moved"] == project.root + "/elsewhere/moved")
        #expect(directories[":filed"] == project.root + "/x/filed")
        #expect(model.modules.first { $0.gradlePath == ":b:c" }?.buildFile == project.root + "/b/c/build.gradle")
        #expect(model.modules.first { $0.gradlePath == ":b" }?.buildFile == nil)
    }

    @Test func kotlinSettingsAndNoSettings() throws {
        let kotlin = try TemporaryProject([
            "settings.gradle.kts": "include(\":a\", \":b\")\ninclude (\":c\")", "a/build.gradle.kts": "",
        ]).read()
        #expect(kotlin.modules.map(\.gradlePath) == [":", ":a", ":b", ":c"])
        let discovered = try TemporaryProject([
            "build.gradle": "", "app/build.gradle": "", "lib/core/build.gradle.kts": "",
            "buildSrc/build.gradle.kts": "",
        ]).read()
        #expect(discovered.modules.map(\.gradlePath) == [":", ":app", ":lib:core"])
    }

    @Test func dynamicIncludesFallBackToEveryBuildFile() throws {
        let model = try TemporaryProject([
            "settings.gradle": "rootDir.eachDir { dir -> include \":${dir.name}\" }\ninclude ':listed'",
            "listed/build.gradle": "", "found/build.gradle": "",
        ]).read()
        #expect(model.modules.map(\.gradlePath) == [":", ":listed", ":found"])
    }

    @Test func pluginForms() throws {
        let catalog = """
            [plugins]
            android-application = { id = "com.android.application", version.ref = "agp" }
            "android_library" = { id = "com.android.library" }
            [plugins.android-test]
            id = "com.android.test"
            """
        let scripts: [(String, Bool, ModuleKind)] = [
            ("plugins { id 'com.android.application' }", false, .application),
            ("plugins { id(\"com.android.library\") version \"8.0\" }", true, .library),
            ("plugins {\n alias(libs.plugins.android.application)\n}", true, .application),
            ("plugins { alias(libs.plugins.android.library) }", true, .library),
            ("plugins { alias(libs.plugins.android.test) }", true, .test),
            ("apply plugin: 'com.android.dynamic-feature'", false, .dynamicFeature),
            ("apply(plugin = \"com.android.application\")", true, .application),
            ("plugins { id 'com.android.application' apply false\n id 'java-library' }", false, .other),
            ("plugins { id(\"com.android.kotlin.multiplatform.library\") }", true, .library),
            ("if (x) { apply plugin: 'com.android.application' }", false, .other),
        ]
        for (script, kts, kind) in scripts {
            let module = try app(script, kts: kts, files: ["gradle/libs.versions.toml": catalog])
            #expect(module.kind == kind, "\(script)")
        }
    }

    // MARK: Values

    @Test func literalForms() throws {
        let groovy = try groovyApp(
            """
            android {
                namespace 'org.example'
                defaultConfig {
                    applicationId "org.example.app"
                    versionCode 14_00_02_03
                }
            }
            """)
        #expect(releaseID(groovy)?.value == "org.example.app")
        #expect(versionCode(groovy)??.value == 14_000_203)
        let kotlin = try kotlinApp(
            """
            android {
                namespace = \"\"\"org.example\"\"\"
                defaultConfig {
                    applicationId = "org." + 'e' + "xample" + ".k"
                    versionCode = (3 * 100) + 5 - 1
                }
            }
            """)
        #expect(releaseID(kotlin)?.value == "org.example.k")
        #expect(versionCode(kotlin)??.value == 304)
        #expect(kotlin.namespace?.value == "org.example")
    }

    @Test func templatesAndLocals() throws {
        let groovy = try groovyApp(
            """
            def base = "org.example"
            final def code = '12'
            String flavour = "free"
            android {
                defaultConfig {
                    applicationId "${base}.$flavour"
                    versionCode Integer.parseInt(code) + code.toInteger()
                }
            }
            """)
        #expect(releaseID(groovy)?.value == "org.example.free")
        #expect(versionCode(groovy)??.value == 24)
        let kotlin = try kotlinApp(
            """
            val base: String = "org.example"
            val code = "7"
            android {
                defaultConfig {
                    applicationId = "$base.kt"
                    versionCode = code.toInt()!!
                }
            }
            """)
        #expect(releaseID(kotlin)?.value == "org.example.kt")
        #expect(versionCode(kotlin)??.value == 7)
    }

    @Test func gradlePropertyForms() throws {
        let properties = ["gradle.properties": "APP_ID=org.example\nCODE = 41\nSUFFIX\\:x:y\nsystemProp.sp=sys\n"]
        let forms = [
            "applicationId APP_ID",
            "applicationId project.property('APP_ID')",
            "applicationId project.properties['APP_ID']",
            "applicationId findProperty('APP_ID')",
            "applicationId providers.gradleProperty('APP_ID').get()",
            "applicationId property(\"APP_ID\") as String",
            "applicationId project.APP_ID",
            "applicationId findProperty('MISSING') ?: 'org.example'",
            "applicationId System.getProperty('missing', 'org.example')",
        ]
        for form in forms {
            let module = try groovyApp("android { defaultConfig {\n\(form)\n} }", files: properties)
            #expect(releaseID(module)?.value == "org.example", "\(form)")
        }
        let code = try groovyApp(
            "android { defaultConfig.versionCode = Integer.parseInt(CODE) }", files: properties)
        #expect(versionCode(code)??.value == 41)
        let overridden = try groovyApp(
            "android { defaultConfig { applicationId APP_ID } }", files: properties,
            overrides: ["APP_ID": "org.override"])
        #expect(releaseID(overridden)?.value == "org.override")
        let moduleProperties = try groovyApp(
            "android { defaultConfig { applicationId APP_ID } }",
            files: properties.merging(["app/gradle.properties": "APP_ID=org.module"]) { $1 })
        #expect(releaseID(moduleProperties)?.value == "org.module")
    }

    @Test func versionCatalogVersions() throws {
        let module = try kotlinApp(
            """
            android {
                defaultConfig {
                    applicationId = libs.versions.applicationId.get()
                    versionCode = libs.versions.version.code.get().toInt()
                }
            }
            """,
            files: [
                "gradle/libs.versions.toml": "[versions]\napplicationId = \"org.tasks\" # id\n'version_code' = '9'\n"
            ])
        #expect(releaseID(module)?.value == "org.tasks")
        #expect(versionCode(module)??.value == 9)
    }

    @Test func extForms() throws {
        let rootScript = """
            ext.rootId = 'org.example'
            ext { rootCode = 5 }
            extra["kotlinStyle"] = ".k"
            """
        let forms = [
            ("applicationId rootProject.ext.rootId", "org.example"),
            ("applicationId rootId", "org.example"),
            ("applicationId rootProject.extra['rootId']", "org.example"),
            ("applicationId project.ext.own", "org.own"),
            ("applicationId own + kotlinStyle", "org.own.k"),
        ]
        for (form, expected) in forms {
            let module = try groovyApp(
                "ext.own = 'org.own'\nandroid { defaultConfig {\n\(form)\nversionCode rootCode\n} }",
                files: ["build.gradle": rootScript])
            #expect(releaseID(module)?.value == expected, "\(form)")
            #expect(versionCode(module)??.value == 5)
        }
    }

    @Test func elvisAndAbsentValues() throws {
        let module = try kotlinApp(
            """
            android {
                defaultConfig {
                    applicationId = System.getenv("APP_ID") ?: "org.example"
                    versionCode = System.getProperty("versionCodeOverride")?.toInt() ?: 1009
                    applicationIdSuffix = System.getenv("SUFFIX")
                }
            }
            """)
        #expect(releaseID(module) == .known("org.example", at: releaseID(module).flatMap(\.location)))
        #expect(versionCode(module)??.value == 1009)
    }

    @Test func unresolvedExpressionsKeepTheirText() throws {
        let module = try groovyApp(
            """
            android {
                defaultConfig {
                    applicationId   getPackageName()  
                    versionCode project.getVersionCode()
                }
            }
            """)
        guard case .unknown(let id)? = releaseID(module), case .unknown(let code)?? = versionCode(module) else {
            Issue.record("expected unknown values")
            return
        }
        #expect(id.expression == "getPackageName()")
        #expect(id.reason == .callsFunction)
        #expect(id.location.line == 4 && id.location.column == 25)
        #expect(code.expression == "project.getVersionCode()")
        let missing = try groovyApp("android { defaultConfig { applicationId NO_SUCH } }")
        guard case .unknown(let property)? = releaseID(missing) else {
            Issue.record("expected an unknown id")
            return
        }
        #expect(property.reason == .noSuchProperty("NO_SUCH"))
        #expect(property.expression == "NO_SUCH")
    }

    /// A property another script sets (an `ext` in a script the module does not apply as playprep reads it, a
    /// `gradle.properties` of another module) is reported as set there, not as "no such Gradle property".
    @Test func propertySetInAnotherScriptSaysWhere() throws {
        let module = try groovyApp(
            "android { defaultConfig { applicationId appPackage\n versionCode project.ext.get('appCode') } }",
            files: [
                "config/ids.gradle": "ext { appPackage = 'org.example.app' }",
                "lib/gradle.properties": "appCode=12",
                "build.gradle": "",
            ])
        guard case .unknown(let id)? = releaseID(module), case .unknown(let code)?? = versionCode(module) else {
            Issue.record("expected unknown values")
            return
        }
        #expect(id.reason == .setInAnotherScript(property: "appPackage", file: "config/ids.gradle"))
        #expect(code.reason == .setInAnotherScript(property: "appCode", file: "lib/gradle.properties"))
        #expect(id.reason.description.contains("config/ids.gradle"))
        let missing = try groovyApp("android { defaultConfig { applicationId NOWHERE } }")
        guard case .unknown(let nowhere)? = releaseID(missing) else {
            Issue.record("expected an unknown id")
            return
        }
        #expect(nowhere.reason == .noSuchProperty("NOWHERE"))
    }

    /// An unknown `applicationIdSuffix` keeps the id it is added to, so reports can say which value is unknown.
    @Test func unknownSuffixKeepsTheBaseID() throws {
        let module = try kotlinApp(
            """
            android {
                defaultConfig { applicationId = "org.example.app" }
                buildTypes { release { applicationIdSuffix = BuildType.RELEASE.suffix } }
            }
            """)
        guard case .unknown(let suffix)? = releaseID(module) else {
            Issue.record("expected an unknown id")
            return
        }
        #expect(suffix.suffixOf == "org.example.app")
        #expect(suffix.expression == "BuildType.RELEASE.suffix")
    }

    @Test func namespaceStandsInForTheApplicationID() throws {
        let module = try kotlinApp(
            """
            android {
                namespace = "org.example.ns"
                defaultConfig { applicationId = namespace }
            }
            """)
        #expect(releaseID(module)?.value == "org.example.ns")
        let fallback = try kotlinApp("android {\n    namespace = \"org.example.ns\"\n}")
        #expect(releaseID(fallback) == .known("org.example.ns", at: fallback.namespace.flatMap(\.location)))
        #expect(fallback.declaredNames.map(\.value) == ["org.example.ns"])
        let unknown = try kotlinApp("android { namespace = computeNamespace() }")
        guard case .unknown(let expression)? = releaseID(unknown) else {
            Issue.record("expected an unknown id")
            return
        }
        #expect(expression.expression == "computeNamespace()")
        #expect(unknown.declaredNames.isEmpty)
    }

    // MARK: Blocks

    @Test func buildTypeForms() throws {
        let kotlin = try kotlinApp(
            """
            android {
                defaultConfig { applicationId = "org.example" }
                buildTypes {
                    getByName("debug") { applicationIdSuffix = ".debug" }
                    create("staging") { applicationIdSuffix = "staging"; isDebuggable = true }
                    register("beta") { initWith(getByName("release")); applicationIdSuffix = ".beta" }
                    maybeCreate("qa")
                    named("release") { isDebuggable = false }
                }
                buildTypes.getByName("qa").applicationIdSuffix = ".qa"
            }
            """)
        #expect(kotlin.variants.map(\.name) == ["debug", "release", "staging", "beta", "qa"])
        #expect(
            ids(kotlin) == [
                "debug": "org.example.debug", "release": "org.example", "staging": "org.example.staging",
                "beta": "org.example.beta", "qa": "org.example.qa",
            ])
        // Only `release` and the types made from it ship; `qa` is neither (issue 35).
        #expect(kotlin.releaseVariants.map(\.name) == ["release", "beta"])
        let groovy = try groovyApp(
            """
            android {
                defaultConfig { applicationId 'org.example' }
                buildTypes {
                    all { applicationIdSuffix '.all' }
                    debug { debuggable false }
                    nightly {
                        initWith debug
                        applicationIdSuffix ".nightly"
                    }
                    release { debuggable true }
                }
            }
            """)
        #expect(
            ids(groovy) == ["debug": "org.example.all", "release": "org.example.all", "nightly": "org.example.nightly"])
        // A non-debuggable `debug`, and a type made from it, are still no release; a debuggable `release` is none.
        #expect(groovy.releaseVariants.isEmpty)
        #expect(groovy.variants.filter { !$0.isDebuggable }.map(\.name) == ["debug", "nightly"])
    }

    @Test func flavoursAndDimensions() throws {
        let module = try groovyApp(
            """
            android {
                defaultConfig {
                    applicationId 'org.example'
                    applicationIdSuffix 'base'
                    versionCode 1
                }
                flavorDimensions "tier", "store"
                productFlavors {
                    free { dimension "tier"; applicationIdSuffix ".free" }
                    paid { dimension = "tier"; applicationId "com.paid"; versionCode 2 }
                    create("play") { dimension "store" }
                    amazon { dimension 'store'; applicationIdSuffix "amz" }
                }
                buildTypes { debug { applicationIdSuffix '.debug' } }
            }
            """)
        #expect(
            module.variants.map(\.name) == [
                "freePlayDebug", "freePlayRelease", "freeAmazonDebug", "freeAmazonRelease",
                "paidPlayDebug", "paidPlayRelease", "paidAmazonDebug", "paidAmazonRelease",
            ])
        let byName = Dictionary(uniqueKeysWithValues: module.variants.map { ($0.name, $0) })
        #expect(ids(module)["freeAmazonDebug"] == "org.example.base.amz.free.debug")
        #expect(ids(module)["paidPlayRelease"] == "com.paid.base")
        #expect(byName["paidPlayRelease"]?.versionCode?.value == 2)
        #expect(byName["freePlayRelease"]?.versionCode?.value == 1)
        #expect(byName["freeAmazonDebug"]?.flavors == ["free", "amazon"])
        #expect(
            byName["freeAmazonDebug"]?.sourceSets == [
                "main", "amazon", "free", "freeAmazon", "debug", "freeAmazonDebug",
            ])
        // The build type's suffix line is the most specific declaration.
        #expect(byName["freeAmazonDebug"]?.applicationID.location?.line == 15)
        #expect(byName["freeAmazonRelease"]?.applicationID.location?.line == 10)
    }

    /// A flavour's versionCode built on the default one (Catima's `defaultConfig.versionCode!! - 1`, tivi's
    /// `(android.defaultConfig.versionCode ?: 0) + 1`) is the number Gradle builds; read before the script sets
    /// it, it stays unresolved (a plugin may have set it).
    @Test(arguments: [
        ("defaultConfig.versionCode!! - 1", 41), ("(android.defaultConfig.versionCode ?: 0) + 1", 43),
    ])
    func flavourVersionCodeFromTheDefault(expression: String, expected: Int) throws {
        let module = try kotlinApp(
            """
            android {
                namespace = "org.example"
                defaultConfig {
                    applicationId = "org.example"
                    versionCode = 42
                }
                flavorDimensions += "store"
                productFlavors {
                    create("play") { dimension = "store" }
                    create("legacy") {
                        dimension = "store"
                        versionCode = \(expression)
                    }
                }
            }
            """)
        let byName = Dictionary(uniqueKeysWithValues: module.variants.map { ($0.name, $0) })
        #expect(byName["legacyRelease"]?.versionCode?.value == expected)
        #expect(byName["playRelease"]?.versionCode?.value == 42)
    }

    @Test func aDefaultVersionCodeReadBeforeItIsSetIsUnresolved() throws {
        let module = try kotlinApp(
            """
            android {
                namespace = "org.example"
                productFlavors {
                    create("legacy") { versionCode = defaultConfig.versionCode!! - 1 }
                }
                defaultConfig { versionCode = 42 }
            }
            """)
        let legacy = try #require(module.variants.first { $0.name == "legacyRelease" })
        guard case .unknown(let expression)? = legacy.versionCode else {
            Issue.record("expected an unresolved versionCode, got \(String(describing: legacy.versionCode))")
            return
        }
        #expect(expression.reason == .defaultConfigNotSet("versionCode"))
    }

    @Test func dimensionListForms() throws {
        let forms = [
            "flavorDimensions += [\"a\", \"b\"]", "flavorDimensions = [\"a\", \"b\"]",
            "flavorDimensions += listOf(\"a\", \"b\")", "flavorDimensions(\"a\", \"b\")",
            "flavorDimensions += \"a\"\nflavorDimensions += \"b\"",
            "flavorDimensions.add(\"a\")\nflavorDimensions.add(\"b\")",
        ]
        for form in forms {
            let module = try kotlinApp(
                """
                android {
                    namespace = "org.example"
                    \(form)
                    productFlavors {
                        create("x") { dimension = "b" }
                        create("y") { dimension = "a" }
                    }
                }
                """)
            #expect(module.variants.first?.name == "yXDebug", "\(form)")
        }
        let implied = try groovyApp(
            "android { namespace 'n'\nflavorDimensions 'only'\nproductFlavors { one {}\n two {} } }")
        #expect(implied.variants.map(\.name) == ["oneDebug", "oneRelease", "twoDebug", "twoRelease"])
        #expect(implied.variants.first?.sourceSets == ["main", "one", "debug", "oneDebug"])
    }

    @Test func configureBlocksAndPropertyChains() throws {
        let configured = try kotlinApp(
            """
            configure<com.android.build.api.dsl.ApplicationExtension> {
                namespace = "org.configured"
            }
            extensions.configure<ApplicationExtension> { defaultConfig { versionCode = 3 } }
            configure<CrashlyticsExtension> { namespace = "wrong" }
            android.defaultConfig.applicationIdSuffix = "chain"
            """)
        #expect(releaseID(configured)?.value == "org.configured.chain")
        #expect(versionCode(configured)??.value == 3)
        let groovy = try groovyApp(
            """
            android {
                defaultConfig.applicationId = 'org.example'
                defaultConfig.versionCode = 12
                buildTypes.release.applicationIdSuffix = '.r'
                defaultConfig { applicationIdSuffix("s") }
            }
            """)
        #expect(releaseID(groovy)?.value == "org.example.s.r")
        #expect(versionCode(groovy)??.value == 12)
    }

    @Test func conditionalCodeIsNotApplied() throws {
        let module = try kotlinApp(
            """
            android {
                namespace = "org.example"
                defaultConfig {
                    if (System.getenv("CI") != null) { applicationId = "org.ci" }
                    System.getProperty("suffix")?.let { applicationIdSuffix = it }
                }
                buildTypes {
                    release {
                        System.getProperty("packageSuffix")?.let { suffix -> applicationIdSuffix = suffix }
                        when (x) { else -> { applicationIdSuffix = ".when" } }
                    }
                }
                applicationVariants.all { variant -> variant.applicationIdSuffix = ".variant" }
                variantFilter { ignore = true }
            }
            afterEvaluate { android.defaultConfig.applicationId = "org.late" }
            androidComponents { onVariants { it.applicationId.set("org.components") } }
            """)
        #expect(ids(module) == ["debug": "org.example", "release": "org.example"])
    }

    @Test func commentsAndStringsDoNotBreakBlocks() throws {
        let module = try groovyApp(
            """
            // android { namespace 'wrong' }
            /* } } } */
            android {
                namespace "org.example" // }
                def brace = "}{"
                def template = "${"}"}"
                defaultConfig {
                    /* { */ applicationId 'org.example.app' // {
                    versionCode 3
                }
            }
            """)
        #expect(releaseID(module)?.value == "org.example.app")
        #expect(versionCode(module)??.value == 3)
    }

    // MARK: Namespaces and robustness

    @Test func manifestPackagesBelongToTheNearestModule() throws {
        let project = try TemporaryProject([
            "settings.gradle": "include ':app', ':app:inner'",
            "app/build.gradle": "plugins { id 'com.android.library' }\nandroid { namespace 'org.lib' }",
            "app/src/main/AndroidManifest.xml":
                "<?xml version=\"1.0\"?>\n<!-- <manifest package=\"no\"> -->\n<manifest xmlns:android=\"x\"\n    package=\"org.app\">\n</manifest>",
            "app/inner/src/main/AndroidManifest.xml": "<manifest package='org.inner'/>",
            "other/AndroidManifest.xml": "<manifest package=\"org.root\"/>",
        ])
        let model = project.read()
        let app = try #require(model.modules.first { $0.gradlePath == ":app" })
        #expect(app.declaredNames.map(\.value) == ["org.lib", "org.app"])
        let manifest = try #require(app.declaredNames.last)
        #expect(manifest.kind == .manifestPackage)
        #expect(manifest.location.file == project.root + "/app/src/main/AndroidManifest.xml")
        #expect(manifest.location.line == 4 && manifest.location.column == 14)
        #expect(model.modules.first { $0.gradlePath == ":app:inner" }?.declaredNames.map(\.value) == ["org.inner"])
        #expect(model.modules.first { $0.gradlePath == ":" }?.declaredNames.map(\.value) == ["org.root"])
    }

    @Test func oddInputNeverCrashes() throws {
        var junk = ""
        for index in 0..<4000 { junk.append(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: index &* 7919)))) }
        let scripts = [
            "android {", "android { defaultConfig { applicationId 'a' ", "}}}}) ]] android { namespace 'x' }",
            String(repeating: "(", count: 5000), String(repeating: "android {", count: 3000),
            "def x = \"${\"${\"${\"${", String(repeating: "\"${", count: 2000), junk,
            "android { defaultConfig { versionCode 99999999999999999999999 } }",
            "android { defaultConfig { versionCode 9223372036854775807 + 1 } }",
            // Hostile scripts a review found: deep recursion, a string doubled 39 times, stray closers.
            "def x = " + String(repeating: "- ", count: 50_000) + "1",
            "def x = " + String(repeating: "a ?: ", count: 50_000) + "1",
            "def x = " + String(repeating: "new ", count: 50_000) + "X()",
            "def a0 = '" + String(repeating: "x", count: 32) + "'\n"
                + (1...39).map { "def a\($0) = a\($0 - 1) + a\($0 - 1)" }.joined(separator: "\n")
                + "\nandroid { defaultConfig { applicationId a39 } }",
            String(repeating: "(", count: 60_000) + String(repeating: "]", count: 60_000),
        ]
        let nestedCatalog = "[versions]\nx = " + String(repeating: "{a=", count: 100_000)
        let continued = String(repeating: "a=b\\\n", count: 100_000)
        for script in scripts {
            _ = try groovyApp(script, files: ["gradle.properties": junk, "gradle/libs.versions.toml": junk])
            _ = try groovyApp(
                script, files: ["gradle.properties": continued, "gradle/libs.versions.toml": nestedCatalog])
            let model = try TemporaryProject(["settings.gradle.kts": junk + script, "build.gradle.kts": script]).read()
            #expect(model.modules.first?.gradlePath == ":")
        }
    }
}
