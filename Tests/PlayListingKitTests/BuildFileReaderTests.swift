import Diagnostics
import PlayListingKit
import Testing

@Suite("Build file package names")
struct BuildFileReaderTests {
    let reader = BuildFileReader()

    @Test func groovyDeclarationsWithScopes() {
        let text = """
            android {
                namespace 'de.dennisguse.opentracks'
                defaultConfig {
                    applicationId "de.dennisguse.opentracks" // the published ID
                }
                productFlavors {
                    nightly { applicationIdSuffix ".nightly" }
                    playStore {
                        applicationId "de.dennisguse.opentracks.playstore"
                    }
                }
                buildTypes {
                    debug {
                        applicationIdSuffix = ".debug"
                    }
                }
            }
            """
        let found = reader.declarations(in: text, kind: .gradle)
        #expect(found.map(\.kind) == [.namespace, .applicationID, .applicationIDSuffix, .applicationID, .applicationIDSuffix])
        #expect(found.map(\.line) == [2, 4, 7, 9, 14])
        #expect(found[1].column == 24)
        #expect(found[2].scope == ["android", "productFlavors", "nightly"])
        #expect(found[4].scope == ["android", "buildTypes", "debug"])
    }

    @Test func kotlinDeclarations() {
        let text = """
            android {
                namespace = "com.kylecorry.trail_sense"
                defaultConfig { applicationId = "com.kylecorry.trail_sense" }
                buildTypes {
                    create("staging") { applicationIdSuffix = ".staging" }
                    getByName("debug") { applicationIdSuffix = ".debug${suffix}" }
                }
            }
            """
        let found = reader.declarations(in: text, kind: .gradle)
        #expect(found.map(\.value) == ["com.kylecorry.trail_sense", "com.kylecorry.trail_sense", ".staging"])
        #expect(found[2].scope == ["android", "buildTypes", "staging"])
    }

    @Test func manifestPackageWithLine() {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"
                package="com.mycompany.test-78">
            </manifest>
            """
        let found = reader.declarations(in: text, kind: .manifest)
        #expect(found == [DeclaredPackageName(kind: .manifestPackage, value: "com.mycompany.test-78", line: 3, column: 14)])
    }

    @Test func derivedIDsAreCheckedAtTheirOwnLine() {
        let text = """
            android {
                namespace = "com.test.native"
                buildTypes {
                    release { applicationIdSuffix = ".2x" }
                }
            }
            """
        let diagnostics = BuildFileChecker().check(text, kind: .gradle, file: "app/build.gradle.kts")
        let keyword = diagnostics.first { $0.ruleID == "PKG009" }
        #expect(keyword?.severity == .error)
        #expect(keyword?.location == .text(line: 2, column: 18))
        let suffix = diagnostics.first { $0.ruleID == "PKG004" }
        #expect(suffix?.location?.line == 4)
        #expect(suffix?.message.contains("'com.test.native.2x'") == true)
        #expect(diagnostics.filter { $0.ruleID == "PKG009" }.count == 1)
    }

    @Test func namespaceMismatchAndExpectedID() {
        let text = """
            android {
                namespace "dev.brickvpn.harness"
                defaultConfig { applicationId "dev.brickvpn.nativeharness" }
            }
            """
        let diagnostics = BuildFileChecker().check(text, kind: .gradle, file: "build.gradle", expected: "dev.brickvpn.harness")
        #expect(Set(diagnostics.map(\.ruleID)) == ["PKG012", "PKG013"])
        #expect(diagnostics.allSatisfy { $0.location?.line == 3 })
    }

    @Test func fileKinds() {
        #expect(BuildFileReader.FileKind(fileName: "build.gradle.kts") == .gradle)
        #expect(BuildFileReader.FileKind(fileName: "AndroidManifest.xml") == .manifest)
        #expect(BuildFileReader.FileKind(fileName: "com.example.app") == nil)
    }
}
