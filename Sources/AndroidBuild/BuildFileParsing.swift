import FileAccess

/// The build reader's parsers on raw bytes, without a project around them: what the fuzz target
/// (`Fuzz/Sources/BuildFileFuzzer`) drives. Each returns a count of what it read, so the work is not dropped; a
/// crash, a hang or memory past the limits is the bug being looked for.
public enum BuildFileParsing {
    /// A module's build script (`build.gradle.kts` when `kotlin`, else `build.gradle`) with its variants built.
    public static func buildScript(_ bytes: [UInt8], kotlin: Bool) -> Int {
        let source = ScriptSource(path: kotlin ? "build.gradle.kts" : "build.gradle", bytes: bytes)
        var reader = BuildScriptReader(script: TokenizedScript(source: source), environment: environment)
        reader.read()
        return VariantBuilder(facts: reader.facts, buildFile: source.path).variants().variants.count
    }

    /// A settings script's included projects.
    public static func settings(_ bytes: [UInt8], kotlin: Bool) -> Int {
        let source = ScriptSource(path: kotlin ? "settings.gradle.kts" : "settings.gradle", bytes: bytes)
        var reader = SettingsReader(script: TokenizedScript(source: source), environment: environment, root: "/fuzz")
        reader.read()
        return reader.projects.count + reader.limitsReached.count
    }

    /// A version catalog's versions and plugins.
    public static func versionCatalog(_ bytes: [UInt8]) -> Int {
        let catalog = VersionCatalog(toml: ScriptSource(path: "libs.versions.toml", bytes: bytes).bytes)
        return catalog.versions.count + catalog.plugins.count
    }

    /// A source manifest's `package` attribute, as the build reader finds it.
    public static func manifestPackage(_ bytes: [UInt8]) -> String? {
        ManifestReader.packageDeclaration(in: ScriptSource(path: "AndroidManifest.xml", bytes: bytes))?.value
    }

    private static var environment: EvaluationEnvironment {
        // No file beside the bytes: scripts they apply and files they load are not found.
        EvaluationEnvironment(
            properties: GradleProperties(layers: []), catalogs: [:], rootDirectory: "/fuzz",
            files: ScriptFiles(root: "/fuzz", walked: [], reader: FileReader(maxBytes: 0)))
    }
}
