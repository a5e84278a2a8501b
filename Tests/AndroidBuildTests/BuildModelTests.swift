import AndroidBuild
import Testing

@Suite struct BuildModelTests {
    @Test func releaseVariantsLeaveOutDebuggableOnes() {
        let location = SourceLocation(file: "app/build.gradle", line: 3, column: 5)
        let variants = [("debug", true), ("release", false)].map { name, debuggable in
            BuildVariant(
                name: name, flavors: [], buildType: name, isDebuggable: debuggable,
                applicationID: .known("org.example.app", at: location), versionCode: nil, sourceSets: ["main", name])
        }
        let module = AndroidModule(
            gradlePath: ":app", directory: "app", buildFile: "app/build.gradle", kind: .application, declaredNames: [],
            namespace: nil, variants: variants)
        #expect(module.releaseVariants.map(\.name) == ["release"])
        #expect(AndroidBuildModel(root: ".", modules: [module]).applications.count == 1)
    }
}
