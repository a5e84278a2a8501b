import Testing

@testable import AndroidBuild

/// The version catalog reader (a TOML subset): the forms real catalogs use, and hostile catalogs read without a
/// crash.
@Suite struct VersionCatalogTests {
    @Test func readsVersionsAndPluginsInEveryFormCatalogsUse() {
        let catalog = VersionCatalog(
            toml: Array(
                """
                # comment
                [versions]
                agp = "8.5.0"
                android-compileSdk = '34'
                "quoted_key" = "1.0" # trailing comment
                rich = { strictly = "[1.0, 2.0[" }
                number = 7

                [libraries]
                core = { module = "androidx.core:core", version.ref = "agp" }

                [plugins]
                android-application = { id = "com.android.application", version.ref = "agp" }
                kotlin = "org.jetbrains.kotlin.android:2.0.0"
                no_id = { version = "1" }

                [plugins.android-test]
                id = "com.android.test"
                """.utf8))
        #expect(catalog.versions == ["agp": "8.5.0", "android.compileSdk": "34", "quoted.key": "1.0"])
        #expect(
            catalog.plugins == [
                "android.application": "com.android.application", "kotlin": "org.jetbrains.kotlin.android",
                "android.test": "com.android.test",
            ])
    }

    @Test func crlfLineEndingsReadAsLF() {
        let catalog = VersionCatalog(toml: Array("[versions]\r\nagp = \"8.5.0\"\r\n".utf8))
        #expect(catalog.versions == ["agp": "8.5.0"])
    }

    /// toml++ 3.4.0, which TOMLKit 0.6.0 wraps, aborts on these (an assertion in `parse_key`, kept in release
    /// builds; fixed upstream in tomlplusplus#301): the reason the catalog reader is not TOMLKit
    /// (docs/performance.md). They must stay harmless here.
    @Test func tableHeadersThatCrashTOMLPlusPlusAreSkipped() {
        for header in ["[[[", "[[[1]]]", "[=", "[[{]]", String(repeating: "[", count: 100_000)] {
            let catalog = VersionCatalog(toml: Array((header + "\n[versions]\nagp = \"8.5.0\"\n").utf8))
            #expect(catalog.versions == ["agp": "8.5.0"], "\(header.prefix(10))")
        }
    }

    @Test func hostileValuesAreSkippedNotCrashes() {
        let hostile = [
            "x = " + String(repeating: "{a=", count: 100_000),
            "x = " + String(repeating: "[", count: 100_000),
            "x = \"" + String(repeating: "\\", count: 100_000),
            "x = \"1\"\0",
        ]
        for value in hostile {
            let catalog = VersionCatalog(toml: Array(("[versions]\nagp = \"8.5.0\"\n" + value + "\n").utf8))
            #expect(catalog.versions["agp"] == "8.5.0", "\(value.prefix(10))")
            #expect(catalog.plugins.isEmpty)
        }
    }
}
