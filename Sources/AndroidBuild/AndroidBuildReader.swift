import FileAccess

/// Reads an Android project's Gradle files into an ``AndroidBuildModel`` without running Gradle: a light scanner
/// of settings and build scripts, gradle.properties, version catalogs and manifests that evaluates only what it
/// can be sure of and keeps everything else as an ``UnresolvedExpression``.
public struct AndroidBuildReader: Sendable {
    /// Values that stand in for Gradle properties (`-PNAME=value`), overriding gradle.properties.
    public var propertyOverrides: [String: String]

    /// The most variants read per application module (``VariantCap`` says when a module has more).
    public var maximumVariants: Int

    /// Build files, settings, properties and manifests larger than this are skipped.
    private static let maximumFileBytes = 4 << 20
    /// The variant cap unless `playprep.yml` raises it: far above any real app (the largest real one seen has
    /// tens), far below what memory allows (a variant is a few hundred bytes).
    public static let defaultMaximumVariants = 1_000
    /// The highest cap `playprep.yml` may set.
    public static let largestMaximumVariants = 100_000

    public init(propertyOverrides: [String: String] = [:], maximumVariants: Int = Self.defaultMaximumVariants) {
        self.propertyOverrides = propertyOverrides
        self.maximumVariants = maximumVariants
    }

    /// Reads the model from the files one folder walk found: `files` are every path under `root` (each starting
    /// with `root + "/"`), already filtered by the user's excludes; the reader picks settings.gradle(.kts),
    /// build.gradle(.kts), gradle.properties, gradle/*.versions.toml and AndroidManifest.xml from it and reads
    /// them with FileAccess's FileReader (size-limited). It never throws: an unreadable file is skipped.
    public func read(root: String, files: [String]) -> AndroidBuildModel {
        let project = ProjectFiles(root: root, files: files)
        let reader = FileReader(maxBytes: Self.maximumFileBytes)
        func source(_ path: String?) -> ScriptSource? {
            guard let path, let bytes = try? reader.read(path) else { return nil }
            return ScriptSource(path: path, bytes: bytes)
        }
        func properties(_ folder: String) -> [String: String] {
            source(project.propertiesFiles[folder]).map { PropertiesFile.parse($0.bytes) } ?? [:]
        }
        let rootProperties = properties("")
        var catalogs: [String: VersionCatalog] = [:]
        for (name, path) in project.catalogFiles {
            if let catalog = source(path) { catalogs[name] = VersionCatalog(toml: catalog.bytes) }
        }
        let rootEnvironment = EvaluationEnvironment(
            properties: GradleProperties(layers: [propertyOverrides, rootProperties]), catalogs: catalogs,
            rootDirectory: root)

        let conventions = ConventionPlugins(files: files, catalogs: catalogs) { path in
            source(path).map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        var limitsReached = conventions.limitReached.map { [$0] } ?? []
        let declared = declaredProjects(
            project, settings: source(project.settingsFile), environment: rootEnvironment, limitsReached: &limitsReached
        )

        var rootFacts: BuildScriptFacts?
        var modules: [AndroidModule] = []
        for declaration in declared {
            let folder = project.relativeFolder(declaration.directory)
            let buildFile = folder.flatMap { project.buildFiles[$0] }
            var facts = BuildScriptFacts()
            if let script = source(buildFile) {
                var environment = rootEnvironment
                if let folder, !folder.isEmpty {
                    environment.properties = GradleProperties(layers: [
                        propertyOverrides, properties(folder), rootProperties,
                    ])
                }
                environment.rootExt = rootFacts?.ext ?? [:]
                var scriptReader = BuildScriptReader(script: TokenizedScript(source: script), environment: environment)
                scriptReader.read()
                facts = scriptReader.facts
            }
            if declaration.path == ":" { rootFacts = facts }
            let plugins = facts.plugins.flatMap { plugin in
                [plugin]
                    + (conventions.applied[plugin.id] ?? []).map {
                        AppliedPlugin(id: $0, location: plugin.location, via: plugin.id)
                    }
            }
            var kind = BuildScriptFacts.kind(of: plugins.map(\.id))
            // A module that sets applicationId is an app, whatever plugin (unread) makes it one.
            if kind == .other, facts.defaultConfig.applicationID != nil { kind = .application }
            let (variants, variantLimit) =
                kind == .application
                ? VariantBuilder(
                    facts: facts, buildFile: buildFile ?? declaration.directory, maximumVariants: maximumVariants
                ).variants() : ([], nil)
            limitsReached += variantLimit.map { [$0] } ?? []
            var module = AndroidModule(
                gradlePath: declaration.path, directory: declaration.directory, buildFile: buildFile, kind: kind,
                declaredNames: facts.namespaceDeclarations, namespace: facts.namespace, variants: variants)
            module.plugins = plugins
            modules.append(module)
        }
        let missing = PropertySetters.missing(in: modules)
        if !missing.isEmpty {
            let setters = PropertySetters(
                names: missing,
                scripts: files.filter { $0.hasSuffix(".gradle") || $0.hasSuffix(".gradle.kts") }.compactMap {
                    source($0)
                },
                propertiesFiles: project.propertiesFiles.values.compactMap { source($0) }, environment: rootEnvironment)
            modules = modules.map { setters.locating($0, relative: project.relative) }
        }
        addManifestPackages(project, to: &modules, source: source)
        var model = AndroidBuildModel(root: root, modules: modules)
        model.limitsReached = limitsReached
        return model
    }

    /// The root project, then the settings' projects; every folder with a build file when there is no settings
    /// file or its includes cannot all be evaluated.
    private func declaredProjects(
        _ project: ProjectFiles, settings: ScriptSource?, environment: EvaluationEnvironment,
        limitsReached: inout [BuildReadLimit]
    ) -> [SettingsReader.Project] {
        var projects = [SettingsReader.Project(path: ":", directory: project.root)]
        var discover = true
        if let settings {
            var reader = SettingsReader(
                script: TokenizedScript(source: settings), environment: environment, root: project.root)
            reader.read()
            projects += reader.projects
            limitsReached += reader.limitsReached
            discover = reader.hasDynamicIncludes
        }
        if discover {
            let known = Set(projects.map(\.directory))
            for folder in project.discoverableFolders() where !known.contains(project.path(folder)) {
                projects.append(
                    SettingsReader.Project(
                        path: ":" + folder.split(separator: "/").joined(separator: ":"), directory: project.path(folder)
                    ))
            }
        }
        return projects
    }

    /// Adds each manifest's `package` to the module whose folder holds it most closely.
    private func addManifestPackages(
        _ project: ProjectFiles, to modules: inout [AndroidModule], source: (String?) -> ScriptSource?
    ) {
        var moduleByFolder: [String: Int] = [:]
        for (index, module) in modules.enumerated() {
            if let folder = project.relativeFolder(module.directory), moduleByFolder[folder] == nil {
                moduleByFolder[folder] = index
            }
        }
        for manifest in project.manifests {
            var folder = Substring(manifest.folder)
            var owner = moduleByFolder[String(folder)]
            while owner == nil && !folder.isEmpty {
                folder = folder.lastIndex(of: "/").map { folder[..<$0] } ?? ""
                owner = moduleByFolder[String(folder)]
            }
            guard let owner, let text = source(manifest.path),
                let declaration = ManifestReader.packageDeclaration(in: text)
            else { continue }
            modules[owner].declaredNames.append(declaration)
        }
    }
}

/// The files of one folder walk that the build reader cares about, by folder relative to the root ("" = root).
struct ProjectFiles {
    let root: String
    /// Folder → `build.gradle` (preferred, as Gradle does) or `build.gradle.kts`, as given.
    private(set) var buildFiles: [String: String] = [:]
    private(set) var propertiesFiles: [String: String] = [:]
    /// The root settings file: `settings.gradle`, else `settings.gradle.kts`.
    private(set) var settingsFile: String?
    /// Folders other than the root with their own settings file: separate builds.
    private var nestedBuilds: Set<String> = []
    /// `gradle/<name>.versions.toml` by catalog name.
    private(set) var catalogFiles: [(name: String, path: String)] = []
    /// Every AndroidManifest.xml, sorted by path.
    private(set) var manifests: [(folder: String, path: String)] = []

    init(root: String, files: [String]) {
        self.root = root
        let prefix = root + "/"
        for file in files where file.hasPrefix(prefix) {
            let relative = file.dropFirst(prefix.count)
            let slash = relative.lastIndex(of: "/")
            let folder = String(slash.map { relative[..<$0] } ?? "")
            let name = slash.map { relative[relative.index(after: $0)...] } ?? relative
            switch name {
            case "build.gradle":
                buildFiles[folder] = file
            case "build.gradle.kts":
                if buildFiles[folder] == nil { buildFiles[folder] = file }
            case "settings.gradle", "settings.gradle.kts":
                if folder.isEmpty {
                    if settingsFile == nil || name == "settings.gradle" { settingsFile = file }
                } else {
                    nestedBuilds.insert(folder)
                }
            case "gradle.properties":
                propertiesFiles[folder] = file
            case "AndroidManifest.xml":
                manifests.append((folder, file))
            default:
                if folder == "gradle" && name.hasSuffix(".versions.toml") {
                    catalogFiles.append((String(name.dropLast(".versions.toml".count)), file))
                }
            }
        }
        manifests.sort { $0.path < $1.path }
        catalogFiles.sort { $0.path < $1.path }
    }

    /// The root-prefixed path of a relative folder.
    func path(_ folder: String) -> String { folder.isEmpty ? root : root + "/" + folder }

    /// A file's path relative to the root, as reports show it.
    func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// A module folder relative to the root; nil when it lies outside.
    func relativeFolder(_ directory: String) -> String? {
        if directory == root { return "" }
        guard directory.hasPrefix(root + "/") else { return nil }
        return String(directory.dropFirst(root.count + 1))
    }

    /// Folders below the root with a build file, outside buildSrc and nested builds, sorted.
    func discoverableFolders() -> [String] {
        buildFiles.keys.filter { folder in
            guard !folder.isEmpty, folder != "buildSrc", !folder.hasPrefix("buildSrc/") else { return false }
            return !nestedBuilds.contains { folder == $0 || folder.hasPrefix($0 + "/") }
        }.sorted()
    }
}
