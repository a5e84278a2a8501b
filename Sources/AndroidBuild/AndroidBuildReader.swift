import FileAccess

/// Reads an Android project's Gradle builds into an ``AndroidBuildModel`` without running Gradle: a light scanner
/// of settings and build scripts (and the scripts they apply), gradle.properties, version catalogs, the
/// `.properties` files scripts load, Flutter's `pubspec.yaml` and manifests that evaluates only what it can be sure
/// of and keeps everything else as an ``UnresolvedExpression``.
///
/// Every Gradle build below the folder is read (``GradleRoots``): the root's own, and each folder with a settings
/// file that is no included build, module, sample or test fixture of another.
public struct AndroidBuildReader: Sendable {
    /// Values that stand in for Gradle properties (`-PNAME=value`), overriding gradle.properties.
    public var propertyOverrides: [String: String]
    /// Build types that ship besides `release` and those made from it with `initWith` (`playprep.yml`).
    public var releaseBuildTypes: Set<String>

    /// The most variants read per application module (``VariantCap`` says when a module has more).
    public var maximumVariants: Int

    /// Build files, settings, properties and manifests larger than this are skipped.
    public static let maximumFileBytes = 4 << 20
    /// The variant cap unless `playprep.yml` raises it: far above any real app (the largest real one seen has
    /// tens), far below what memory allows (a variant is a few hundred bytes).
    public static let defaultMaximumVariants = 1_000
    /// The highest cap `playprep.yml` may set.
    public static let largestMaximumVariants = 100_000

    public init(
        propertyOverrides: [String: String] = [:], releaseBuildTypes: Set<String> = [],
        maximumVariants: Int = Self.defaultMaximumVariants
    ) {
        self.propertyOverrides = propertyOverrides
        self.releaseBuildTypes = releaseBuildTypes
        self.maximumVariants = maximumVariants
    }

    /// Reads the model from the files one folder walk found: `files` are every path under `root` (each starting
    /// with `root + "/"`), already filtered by the user's excludes; the reader picks settings.gradle(.kts),
    /// build.gradle(.kts), gradle.properties, gradle/*.versions.toml, AndroidManifest.xml and the files scripts
    /// read from it and reads them with FileAccess's FileReader (size-limited, and never through a link that
    /// leads out of `root`). It never throws: an unreadable file is skipped.
    public func read(root: String, files: [String]) -> AndroidBuildModel {
        var scriptFiles = ScriptFiles(
            root: root, walked: Set(files),
            reader: FileReader(maxBytes: Self.maximumFileBytes, within: ProjectBoundary(root: root)))
        let roots = GradleRoots(root: root, files: files)
        let absolute = { (folder: String) in folder.isEmpty ? root : root + "/" + folder }
        // The walk's files by the nearest folder with a settings file that holds them ("" for the others).
        let settingsFolders = Set(roots.candidates.map(\.folder) + roots.notRead.map(\.folder) + [""])
        var filesBySettings: [String: [String]] = [:]
        // Many files share a folder (a tree of changelogs): each folder's settings folder is looked up once.
        var settingsFolderOf: [String: String] = [:]
        let rootPrefix = root + "/"
        for file in files {
            guard let relative = file.droppingPrefix(rootPrefix) else { continue }
            let folder = String(relative.lastSlashIndex.map { relative[..<$0] } ?? "")
            let owner = settingsFolderOf[folder] ?? GradleRoots.nearest(folder, in: settingsFolders) ?? ""
            settingsFolderOf[folder] = owner
            filesBySettings[owner, default: []].append(file)
        }
        // Every settings file's build: its context, settings, framework; the builds any of them includes.
        var found: [(build: GradleBuild, context: BuildContext, settings: SettingsReader.Includes?)] = []
        var included = Set<String>()
        for candidate in roots.candidates {
            var context = BuildContext(
                folder: candidate.folder,
                project: ProjectFiles(root: absolute(candidate.folder), files: filesBySettings[candidate.folder] ?? []),
                files: scriptFiles, overrides: propertyOverrides)
            let settingsSource = scriptFiles.source(candidate.settingsFile)
            var settings: SettingsReader.Includes?
            if let settingsSource {
                var reader = SettingsReader(
                    script: TokenizedScript(source: settingsSource), environment: context.environment,
                    root: context.root)
                reader.read()
                context.includedBuilds = reader.includedBuilds
                included.formUnion(reader.includedBuilds.compactMap(context.relativeToProject))
                // The includes only: the settings script's tokens are not kept while the modules are read.
                settings = reader.includes
            }
            let framework = Self.framework(of: candidate.folder, settings: settingsSource, files: scriptFiles)
            context.setFramework(framework, files: &scriptFiles)
            found.append(
                (
                    GradleBuild(folder: candidate.folder, settingsFile: candidate.settingsFile, framework: framework),
                    context, settings
                ))
        }
        // Builds of their own, outermost first: not a build another includes, nor a module folder of one read.
        var builds: [(build: GradleBuild, context: BuildContext, settings: SettingsReader.Includes?)] = []
        var claimed = included
        for entry in found where GradleRoots.nearest(entry.build.folder, in: claimed) == nil {
            builds.append(entry)
            for folder in entry.settings?.projects.map(\.directory) ?? [] {
                if let relative = entry.context.relativeToProject(folder), relative != entry.build.folder {
                    claimed.insert(relative)
                }
            }
        }
        if builds.first?.build.folder != "" {
            // No settings at the root: its build files outside every other build (and every module folder those
            // name) are modules of a build read without settings, as Gradle would need one to run.
            let loose = (filesBySettings[""] ?? []).filter { file in
                let relative = file.dropFirst(root.count + 1)
                let folder = String(relative.lastSlashIndex.map { relative[..<$0] } ?? "")
                return GradleRoots.nearest(folder, in: claimed) == nil
            }
            let project = ProjectFiles(root: root, files: loose)
            let context = BuildContext(folder: "", project: project, files: scriptFiles, overrides: propertyOverrides)
            if project.hasModuleBuildFiles || builds.isEmpty {
                builds.insert((GradleBuild(folder: "", settingsFile: nil), context, nil), at: 0)
            }
        }
        // A build's files: its own, and those of the settings folders in it that are no build (included builds,
        // modules with settings of their own).
        let boundaries = Set(builds.map(\.build.folder) + roots.notRead.map(\.folder))
        var filesOfBuild: [String: [String]] = [:]
        for folder in settingsFolders {
            let owner =
                boundaries.contains(folder) ? folder : GradleRoots.nearest(folder, in: boundaries, strictly: true)
            if let owner { filesOfBuild[owner, default: []] += filesBySettings[folder] ?? [] }
        }
        var model = AndroidBuildModel(root: root, modules: [])
        for (build, context, settings) in builds {
            // Included builds outside the build's folder hold convention plugins too.
            let included = context.includedBuilds.compactMap(context.relativeToProject)
                .filter { GradleRoots.nearest($0, in: [build.folder]) == nil }
                .flatMap { filesBySettings[$0] ?? [] }
            let (modules, limitsReached) = readBuild(
                build, context: context, settings: settings,
                project: ProjectFiles(root: context.root, files: filesOfBuild[build.folder] ?? []),
                includedFiles: included)
            // The first build's modules taken as they are: a copy of 200,000 modules is most of a huge build's memory.
            if model.modules.isEmpty { model.modules = modules } else { model.modules += modules }
            model.limitsReached += limitsReached
        }
        model.builds = builds.map(\.build)
        model.buildsNotRead = roots.notRead
        return model
    }

    /// The modules of one Gradle build, and where its reading stopped at a limit.
    private func readBuild(
        _ build: GradleBuild, context: BuildContext, settings: SettingsReader.Includes?, project: ProjectFiles,
        includedFiles: [String]
    ) -> (modules: [AndroidModule], limitsReached: [BuildReadLimit]) {
        let scriptFiles = context.environment.files
        let source = { (path: String?) in path.flatMap(scriptFiles.source) }
        let buildFiles = project.allFiles
        let conventions = ConventionPlugins(
            files: buildFiles + includedFiles,
            catalogs: context.environment.catalogs
        ) { path in
            source(path).map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        var limitsReached = (settings?.limitsReached ?? []) + (conventions.limitReached.map { [$0] } ?? [])
        let declared = declaredProjects(project, settings: settings)

        var rootFacts: BuildScriptFacts?
        var modules: [AndroidModule] = []
        modules.reserveCapacity(declared.count)
        for declaration in declared {
            let folder = project.relativeFolder(declaration.directory)
            let buildFile = folder.flatMap { project.buildFiles[$0] }
            var facts = BuildScriptFacts()
            if let script = source(buildFile) {
                var environment = context.environment
                environment.projectDirectory = declaration.directory
                if let folder, !folder.isEmpty {
                    environment.properties = GradleProperties(layers: [
                        propertyOverrides, context.properties(folder, project: project), context.rootProperties,
                    ])
                }
                environment.rootExt = rootFacts?.ext ?? [:]
                environment.functions = rootFacts?.extFunctions ?? [:]
                var scriptReader = BuildScriptReader(script: TokenizedScript(source: script), environment: environment)
                scriptReader.read()
                facts = scriptReader.facts
            }
            let isRoot = declaration.path == ":"
            if isRoot { rootFacts = facts }
            // The root script's `subprojects {}` and `allprojects {}` reach every other project of the build.
            let inherited = isRoot ? [] : (rootFacts?.reachingPlugins ?? []).filter { $0.reach != .thisProject }
            let (module, variantLimit) = module(
                declaration, build: build, buildFile: buildFile, facts: facts,
                reaching: inherited + facts.reachingPlugins.filter { $0.reach != .subprojects },
                conventions: conventions)
            modules.append(module)
            limitsReached += variantLimit.map { [$0] } ?? []
        }
        let paths = modules.map(\.gradlePath)
        for index in modules.indices {
            modules[index].embeddedApps = modules[index].embeddedApps.compactMap { Self.resolve($0, among: paths) }
        }
        let missing = PropertySetters.missing(in: modules)
        if !missing.isEmpty {
            let setters = PropertySetters(
                names: missing,
                scripts: buildFiles.filter { $0.hasSuffix(".gradle") || $0.hasSuffix(".gradle.kts") }.compactMap {
                    source($0)
                },
                propertiesFiles: project.propertiesFiles.values.compactMap { source($0) },
                environment: context.environment)
            modules = modules.map { setters.locating($0, relative: scriptFiles.relative) }
        }
        addManifestFacts(project, to: &modules, source: source)
        return (modules, limitsReached)
    }

    /// One module from what its script declares: its kind by the plugins it applies (also through convention
    /// plugins, `withId` callbacks whose plugin it applies, and the root script's blocks for every project), its variants when it is an app (and the note when the variant cap cut some), and the plugins that
    /// could not be read when its kind is unknown (also when it configures `android {}` with no plugin playprep
    /// can read).
    private func module(
        _ declaration: SettingsReader.Project, build: GradleBuild, buildFile: String?, facts: BuildScriptFacts,
        reaching: [ReachingPlugin], conventions: ConventionPlugins
    ) -> (module: AndroidModule, variantLimit: BuildReadLimit?) {
        let expand = { (plugin: AppliedPlugin) in
            [plugin]
                + (conventions.applied[plugin.id] ?? []).map {
                    AppliedPlugin(id: $0, location: plugin.location, via: plugin.id)
                }
        }
        let plugins = ReachingPlugin.resolve(facts.plugins.flatMap(expand), reaching: reaching, expand: expand)
        var kind = BuildScriptFacts.kind(of: plugins.map(\.id))
        // A module that sets applicationId is an app, whatever plugin (unread) makes it one.
        if kind == .other, facts.defaultConfig.applicationID != nil { kind = .application }
        let variantBuilder = VariantBuilder(
            facts: facts, buildFile: buildFile ?? declaration.directory, releaseBuildTypes: releaseBuildTypes,
            maximumVariants: maximumVariants)
        let (variants, variantLimit) = kind == .application ? variantBuilder.variants() : ([], nil)
        var module = AndroidModule(
            gradlePath: declaration.path, directory: declaration.directory, buildFile: buildFile, kind: kind,
            declaredNames: facts.namespaceDeclarations, namespace: facts.namespace, variants: variants)
        module.build = build.folder
        module.plugins = plugins
        module.guardedPlugins = facts.guardedPlugins
        module.embeddedApps = facts.embeddedApps
        if kind == .other {
            module.unreadPlugins =
                facts.unreadPlugins
                + facts.plugins.compactMap { plugin in
                    conventions.unreadable[plugin.id].map { className in
                        UnreadPlugin(
                            expression: plugin.id, location: plugin.location,
                            reason: "a convention plugin whose class \(className) playprep did not find")
                    }
                }
            if module.unreadPlugins.isEmpty, facts.configuresAndroid, let buildFile {
                let ids = facts.plugins.map(\.id)
                module.unreadPlugins = [
                    UnreadPlugin(
                        expression: ids.isEmpty ? "android {}" : ids.joined(separator: ", "),
                        location: facts.plugins.first?.location ?? SourceLocation(file: buildFile, line: 1, column: 1),
                        reason: "configures `android {}`, but applies no Android plugin playprep can read")
                ]
            }
        }
        return (module, variantLimit)
    }

    /// A Gradle path, or a type-safe project accessor (`projects.wearApp`), as the path among `paths` it names.
    private static func resolve(_ reference: String, among paths: [String]) -> String? {
        guard reference.hasPrefix("projects.") else { return paths.contains(reference) ? reference : nil }
        let accessor = reference.dropFirst("projects.".count)
        return paths.first { path in
            path.split(separator: ":").map { name in
                let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
                return (words.first.map(String.init) ?? "")
                    + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            }.joined(separator: ".") == accessor
        }
    }

    /// Flutter's `android/` (its settings load Flutter's plugin loader and a `pubspec.yaml` sits beside the
    /// folder), React Native's (its settings name React Native and a `package.json` sits beside it), else nil.
    private static func framework(of folder: String, settings: ScriptSource?, files: ScriptFiles) -> GradleBuild
        .Framework?
    {
        guard !folder.isEmpty, let settings else { return nil }
        let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
        let beside = { (name: String) in files.exists(files.root + "/" + (parent.isEmpty ? "" : parent + "/") + name) }
        let text = String(decoding: settings.bytes, as: UTF8.self)
        if beside("pubspec.yaml"), text.contains("flutter") { return .flutter }
        if beside("package.json"), text.contains("react-native") || text.contains("native_modules") {
            return .reactNative
        }
        return nil
    }

    /// The root project, then the settings' projects; every folder with a build file when there is no settings
    /// file or its includes cannot all be evaluated.
    private func declaredProjects(_ project: ProjectFiles, settings: SettingsReader.Includes?) -> [SettingsReader
        .Project]
    {
        var projects = [SettingsReader.Project(path: ":", directory: project.root)]
        var discover = true
        if let settings {
            projects += settings.projects
            discover = settings.hasDynamicIncludes
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

    /// Adds each manifest's `package` to the module whose folder holds it most closely, marks the modules with a
    /// launcher activity (`LAUNCHER`, `LEANBACK_LAUNCHER`) and those a manifest makes Wear OS, TV or Automotive
    /// apps, and gives the variants the build sets no targetSdk for the main manifest's.
    private func addManifestFacts(
        _ project: ProjectFiles, to modules: inout [AndroidModule], source: (String?) -> ScriptSource?
    ) {
        var moduleByFolder: [String: Int] = [:]
        for (index, module) in modules.enumerated() {
            if let folder = project.relativeFolder(module.directory), moduleByFolder[folder] == nil {
                moduleByFolder[folder] = index
            }
        }
        let launchers = ["android.intent.category.LAUNCHER", "android.intent.category.LEANBACK_LAUNCHER"].map {
            Array($0.utf8)
        }
        for manifest in project.manifests {
            var folder = Substring(manifest.folder)
            var owner = moduleByFolder[String(folder)]
            while owner == nil && !folder.isEmpty {
                folder = folder.lastSlashIndex.map { folder[..<$0] } ?? ""
                owner = moduleByFolder[String(folder)]
            }
            guard let owner, let text = source(manifest.path) else { continue }
            if launchers.contains(where: { text.bytes.firstRange(of: $0) != nil }) {
                modules[owner].launchesActivity = true
            }
            if let declaration = ManifestReader.packageDeclaration(in: text) {
                modules[owner].declaredNames.append(declaration)
            }
            if modules[owner].otherFormFactorFeature == nil,
                let (feature, location) = ManifestReader.requiredOtherFormFactor(in: text)
            {
                modules[owner].otherFormFactorFeature = .known(feature, at: location)
            }
            // The main manifest's `<uses-sdk android:targetSdkVersion>` holds where the build sets none.
            if manifest.path.hasSuffix("/src/main/AndroidManifest.xml"),
                let (level, location) = ManifestReader.targetSdk(in: text)
            {
                for index in modules[owner].variants.indices where modules[owner].variants[index].targetSdk == nil {
                    modules[owner].variants[index].targetSdk = .known(level, at: location)
                }
            }
        }
    }
}

/// What every script of one Gradle build sees: its root folder, its gradle.properties and version catalogs,
/// the files scripts may read, and its included builds.
private struct BuildContext {
    let folder: String
    let root: String
    var environment: EvaluationEnvironment
    let rootProperties: [String: String]
    /// Folders of the builds its settings include, root-prefixed.
    var includedBuilds: [String] = []

    /// The build whose root is `project`'s, reading its files through `files`.
    init(folder: String, project: ProjectFiles, files: ScriptFiles, overrides: [String: String]) {
        self.folder = folder
        root = project.root
        rootProperties = project.propertiesFiles[""].flatMap(files.source).map { PropertiesFile.parse($0.bytes) } ?? [:]
        var catalogs: [String: VersionCatalog] = [:]
        for (name, path) in project.catalogFiles {
            if let catalog = files.source(path) { catalogs[name] = VersionCatalog(toml: catalog.bytes) }
        }
        environment = EvaluationEnvironment(
            properties: GradleProperties(layers: [overrides, rootProperties]), catalogs: catalogs,
            rootDirectory: root, files: files)
        environment.buildCode = BuildCodeConstants(sources: project.buildSrcSources.compactMap(files.source))
    }

    /// A module folder's own gradle.properties.
    func properties(_ folder: String, project: ProjectFiles) -> [String: String] {
        project.propertiesFiles[folder].flatMap(environment.files.source).map { PropertiesFile.parse($0.bytes) } ?? [:]
    }

    /// A root-prefixed folder relative to the project root; nil outside it.
    func relativeToProject(_ directory: String) -> String? {
        let projectRoot = environment.files.root
        if directory == projectRoot { return "" }
        guard directory.hasPrefix(projectRoot + "/") else { return nil }
        return String(directory.dropFirst(projectRoot.count + 1))
    }

    /// A Flutter app's build sees the `local.properties` and `flutter` extension values Flutter's tool writes
    /// from `pubspec.yaml` before Gradle runs.
    mutating func setFramework(_ framework: GradleBuild.Framework?, files: inout ScriptFiles) {
        guard framework == .flutter else { return }
        let parent = root.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard let pubspec = files.source(parent + "/pubspec.yaml"), let version = FlutterVersion(pubspec: pubspec)
        else { return }
        files.generated[root + "/local.properties"] = version.localProperties
        environment.files = files
        environment.flutter = version.extensionValues
    }
}

/// The files of one Gradle build that the build reader cares about, by folder relative to its root ("" = root).
struct ProjectFiles {
    let root: String
    /// Every file of the build given (under its root).
    private(set) var allFiles: [String] = []
    /// Folder → `build.gradle` (preferred, as Gradle does) or `build.gradle.kts`, as given.
    private(set) var buildFiles: [String: String] = [:]
    private(set) var propertiesFiles: [String: String] = [:]
    /// Folders other than the root with their own settings file: separate builds.
    private var nestedBuilds: Set<String> = []
    /// `gradle/<name>.versions.toml` by catalog name.
    private(set) var catalogFiles: [(name: String, path: String)] = []
    /// Every AndroidManifest.xml, sorted by path.
    private(set) var manifests: [(folder: String, path: String)] = []
    /// The Kotlin files of `buildSrc/src/main/`, whose objects' constants scripts read.
    private(set) var buildSrcSources: [String] = []

    /// The build at `root`, from its files among the walk's.
    init(root: String, files: [String]) {
        self.root = root
        let prefix = root + "/"
        for file in files {
            guard let relative = file.droppingPrefix(prefix) else { continue }
            allFiles.append(file)
            let slash = relative.lastSlashIndex
            let name = slash.map { relative[relative.utf8.index(after: $0)...] } ?? relative
            let folderText = slash.map { relative[..<$0] } ?? ""
            // Most files are none of these: their folder is not made into a String.
            let folder = { String(folderText) }
            switch name {
            case "build.gradle":
                buildFiles[folder()] = file
            case "build.gradle.kts":
                if buildFiles[folder()] == nil { buildFiles[folder()] = file }
            case "settings.gradle", "settings.gradle.kts":
                if !folderText.isEmpty { nestedBuilds.insert(folder()) }
            case "gradle.properties":
                propertiesFiles[folder()] = file
            case "AndroidManifest.xml":
                manifests.append((folder(), file))
            default:
                if folderText == "gradle" && name.hasSuffix(".versions.toml") {
                    catalogFiles.append((String(name.dropLast(".versions.toml".count)), file))
                } else if name.hasSuffix(".kt"), file.droppingPrefix(prefix + "buildSrc/src/main/") != nil {
                    buildSrcSources.append(file)
                }
            }
        }
        manifests.sort { $0.path < $1.path }
        buildSrcSources.sort()
        catalogFiles.sort { $0.path < $1.path }
    }

    /// The root-prefixed path of a relative folder.
    func path(_ folder: String) -> String { folder.isEmpty ? root : root + "/" + folder }

    /// A module folder relative to the root; nil when it lies outside.
    func relativeFolder(_ directory: String) -> String? {
        if directory == root { return "" }
        guard directory.hasPrefix(root + "/") else { return nil }
        return String(directory.dropFirst(root.count + 1))
    }

    /// Whether the build has a build file of a module (not `buildSrc`'s).
    var hasModuleBuildFiles: Bool {
        buildFiles.keys.contains { $0 != "buildSrc" && !$0.hasPrefix("buildSrc/") }
    }

    /// Folders below the root with a build file, outside buildSrc and nested builds, sorted.
    func discoverableFolders() -> [String] {
        buildFiles.keys.filter { folder in
            guard !folder.isEmpty, folder != "buildSrc", !folder.hasPrefix("buildSrc/") else { return false }
            return !nestedBuilds.contains { folder == $0 || folder.hasPrefix($0 + "/") }
        }.sorted()
    }
}
