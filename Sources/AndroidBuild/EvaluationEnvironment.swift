/// Everything a name in a build-script expression can refer to: local values, `ext` properties, Gradle
/// properties, version catalogs and the module's namespace.
struct EvaluationEnvironment: Sendable {
    var properties: GradleProperties
    /// Version catalogs by accessor name (`libs`).
    var catalogs: [String: VersionCatalog]
    /// The constants of `buildSrc`'s Kotlin objects (`Versions.targetSdk`).
    var buildCode = BuildCodeConstants()
    /// `ext` properties of the root project, visible in every module.
    var rootExt: [String: Evaluation] = [:]
    /// `ext` properties of the script's own project.
    var ext: [String: Evaluation] = [:]
    /// `def`/`val` values, innermost block last.
    private var locals: [[String: Evaluation]] = [[:]]
    /// `android.namespace` as set so far.
    var namespace: Evaluation?
    /// `android.defaultConfig.versionCode` as set so far, which a flavour's versionCode may build on.
    var defaultVersionCode: Evaluation?
    /// The Gradle build's root folder, for `rootDir` and `rootProject.file(…)`.
    var rootDirectory: String
    /// The folder of the project whose script runs, for relative `file(…)` and `apply from:` paths.
    var projectDirectory: String
    /// The files scripts may read: applied scripts and `.properties` files.
    var files: ScriptFiles
    /// Functions the script defines (`def code() {…}`, `fun code(): Int {…}`), by name.
    var functions: [String: ScriptFunction] = [:]
    /// How many function calls are being evaluated, one inside another.
    var callDepth = 0
    /// Flutter's `flutter` extension values (`versionCode`, `versionName`) from `pubspec.yaml`, in a Flutter
    /// app's build; nil elsewhere.
    var flutter: [String: ScriptValue]?

    init(
        properties: GradleProperties, catalogs: [String: VersionCatalog], rootDirectory: String,
        files: ScriptFiles
    ) {
        self.properties = properties
        self.catalogs = catalogs
        self.rootDirectory = rootDirectory
        projectDirectory = rootDirectory
        self.files = files
    }

    func local(_ name: String) -> Evaluation? {
        for scope in locals.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    mutating func declareLocal(_ name: String, _ value: Evaluation) {
        locals[locals.count - 1][name] = value
    }

    /// Changes a local value where it is declared (`props.load(…)` fills the `Properties` a `def` made).
    mutating func updateLocal(_ name: String, _ value: Evaluation) {
        guard let scope = locals.lastIndex(where: { $0[name] != nil }) else { return }
        locals[scope][name] = value
    }

    mutating func enterBlock() { locals.append([:]) }

    mutating func leaveBlock() {
        if locals.count > 1 { locals.removeLast() }
    }

    /// A project property by name (`project.X`, a bare Groovy `X`): own `ext`, the root's `ext`, then Gradle
    /// properties.
    func projectProperty(_ name: String) -> Evaluation? {
        if let value = ext[name] ?? rootExt[name] { return value }
        return properties.value(of: name).map { .value(.string($0)) }
    }

    /// A property of the root project (`rootProject.X`): its `ext`, then Gradle properties.
    func rootProperty(_ name: String) -> Evaluation? {
        if let value = rootExt[name] { return value }
        return properties.value(of: name).map { .value(.string($0)) }
    }

    /// An `ext` property: the project's own unless `rootOnly`, then the root project's.
    func extProperty(_ name: String, rootOnly: Bool) -> Evaluation {
        if !rootOnly, let value = ext[name] { return value }
        return rootExt[name] ?? .unresolved(.noSuchExtProperty(name))
    }

    /// A path as `file(…)` or `File(parent, child)` makes it: relative paths are taken from the project folder
    /// (`root`: the root project's, as `rootProject.file(…)`), `.` and `..` worked out.
    func path(_ components: [String], root: Bool = false) -> String {
        let joined = components.joined(separator: "/")
        let isAbsolute =
            joined.hasPrefix("/") || joined == rootDirectory || joined.hasPrefix(rootDirectory + "/")
        return files.normalized(isAbsolute ? joined : (root ? rootDirectory : projectDirectory) + "/" + joined)
    }
}
