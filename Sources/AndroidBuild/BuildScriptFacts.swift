/// What one module's build script declares that the model needs, before variants are worked out.
struct BuildScriptFacts: Sendable {
    /// Plugins the script applies (`plugins {}` without `apply false`, `apply plugin:`), in order.
    var plugins: [AppliedPlugin] = []
    /// Plugins applied only inside `if (…) { }` (a condition playprep does not evaluate).
    var guardedPlugins: [GuardedPlugin] = []
    /// Plugins applied once another plugin is, or to other projects (`subprojects {}`, `allprojects {}`).
    var reachingPlugins: [ReachingPlugin] = []
    var namespace: BuildValue<String>?
    /// Literal `namespace` declarations.
    var namespaceDeclarations: [DeclaredName] = []
    var defaultConfig = ProductFlavorState(name: "defaultConfig")
    var flavorDimensions: [String] = []
    var buildTypes = NamedElements<BuildTypeState>(builtIn: ["debug", "release"])
    var productFlavors = NamedElements<ProductFlavorState>(builtIn: [])
    /// The script's `ext` properties (the root script's are visible in every module).
    var ext: [String: Evaluation] = [:]
    /// Closures stored in `ext` (`ext.configFile = { name -> … }`), callable by name like functions.
    var extFunctions: [String: ScriptFunction] = [:]
    /// Gradle paths of the apps the module embeds: `dependencies { wearApp(project(":wear")) }`.
    var embeddedApps: [String] = []
    /// Plugins applied that could not be read (an alias missing from the catalogs, an id computed by code).
    var unreadPlugins: [UnreadPlugin] = []
    /// The script configures an `android {}` block: an Android module, whatever plugin makes it one.
    var configuresAndroid = false
    /// Gradle Play Publisher's `play { enabled }`: whether its tasks publish a variant no `playConfigs` entry names.
    var playPublishesByDefault = true
    /// `playConfigs { <variant, flavour or build type> { enabled } }`.
    var playPublishing: [String: Bool] = [:]

    /// The module kind plugins with these ids make, in order: the first Android plugin decides.
    static func kind(of pluginIDs: [String]) -> ModuleKind {
        for id in pluginIDs {
            switch id {
            case "com.android.application", "android": return .application
            case "com.android.library", "com.android.kotlin.multiplatform.library", "android-library": return .library
            case "com.android.test": return .test
            case "com.android.dynamic-feature": return .dynamicFeature
            default: continue
            }
        }
        return .other
    }
}

/// A plugin a script applies out of its own order: once another plugin is applied
/// (`plugins.withId('com.android.application') { project.apply plugin: 'com.github.triplet.play' }`,
/// `pluginManager.withPlugin(…) {}`), or in other projects (the root script's `subprojects {}`, `allprojects {}`).
struct ReachingPlugin: Sendable {
    /// The projects a block applies it to.
    enum Reach: Sendable {
        /// The script's own project (a `withId` callback).
        case thisProject
        /// Every project but the one whose script it is (`subprojects {}`).
        case subprojects
        /// Every project, the script's own included (`allprojects {}`).
        case allProjects
    }

    var plugin: AppliedPlugin
    /// The plugin whose application runs the callback (`withId('com.android.application')`); nil: always applied.
    var trigger: String?
    var reach: Reach

    /// The plugins `applied` leads to among `reaching`: each whose trigger is applied (by `applied` or by another
    /// of `reaching`), in the order they become applied; `expand` adds what a plugin applies in turn (convention
    /// plugins).
    static func resolve(
        _ applied: [AppliedPlugin], reaching: [ReachingPlugin], expand: (AppliedPlugin) -> [AppliedPlugin]
    ) -> [AppliedPlugin] {
        var plugins = applied
        var pending = reaching
        while let next = pending.firstIndex(where: { reaching in
            reaching.trigger.map { trigger in plugins.contains { $0.id == trigger } } ?? true
        }) {
            plugins += expand(pending.remove(at: next).plugin)
        }
        return plugins
    }
}

/// One setting of a build type, product flavour or `defaultConfig`, in the order the script makes them.
enum ElementChange: Sendable {
    case applicationID(BuildValue<String>?)
    case applicationIDSuffix(BuildValue<String>?)
    case versionCode(BuildValue<Int>?)
    case targetSdk(BuildValue<Int>?)
    case minSdk(BuildValue<Int>?)
    case signingConfig(BuildValue<String>?)
    case dimension(String)
    case debuggable(Bool)
    /// `signingConfig = …`: whether it names the debug signing config.
    case signedWithDebugKey(Bool)
}

/// The state of one named build type or product flavour.
protocol ElementState: Sendable {
    init(name: String)
    mutating func apply(_ change: ElementChange)
}

struct BuildTypeState: ElementState {
    /// `debug` is debuggable unless it says otherwise.
    var isDebuggable: Bool
    var applicationIDSuffix: BuildValue<String>?
    /// The build type's `signingConfig`: it wins over the flavours' and defaultConfig's.
    var signingConfig: BuildValue<String>?
    /// `release`, or a type made from it with `initWith` (which copies this state).
    var derivesFromRelease: Bool
    /// Its `signingConfig` is the debug config: such a build cannot be uploaded to Play.
    var isSignedWithDebugKey = false

    init(name: String) {
        isDebuggable = name == "debug"
        derivesFromRelease = name == "release"
    }

    mutating func apply(_ change: ElementChange) {
        switch change {
        case .applicationIDSuffix(let suffix): applicationIDSuffix = suffix
        case .debuggable(let flag): isDebuggable = flag
        case .signingConfig(let config): signingConfig = config
        case .signedWithDebugKey(let flag): isSignedWithDebugKey = flag
        case .applicationID, .versionCode, .targetSdk, .minSdk, .dimension: break
        }
    }
}

struct ProductFlavorState: ElementState {
    var dimension: String?
    var applicationID: BuildValue<String>?
    var applicationIDSuffix: BuildValue<String>?
    var versionCode: BuildValue<Int>?
    /// `targetSdk` or `targetSdkVersion`.
    var targetSdk: BuildValue<Int>?
    /// `minSdk` or `minSdkVersion`.
    var minSdk: BuildValue<Int>?
    var signingConfig: BuildValue<String>?

    init(name: String) {}

    mutating func apply(_ change: ElementChange) {
        switch change {
        case .applicationID(let id): applicationID = id
        case .applicationIDSuffix(let suffix): applicationIDSuffix = suffix
        case .versionCode(let code): versionCode = code
        case .targetSdk(let level): targetSdk = level
        case .minSdk(let level): minSdk = level
        case .signingConfig(let config): signingConfig = config
        case .dimension(let name): dimension = name
        case .debuggable, .signedWithDebugKey: break
        }
    }
}

/// Which elements of a container a block configures: one by name, or every one (`all {}`, `configureEach {}`).
enum ElementTarget: Sendable, Hashable {
    case named(String)
    case all
}

/// A Gradle named-domain-object container as the script builds it: elements in creation order, `all` changes
/// applied to the elements that exist and to every one created later, `initWith` copying another's state.
struct NamedElements<State: ElementState>: Sendable {
    private(set) var names: [String] = []
    private var states: [String: State] = [:]
    private var changesForAll: [ElementChange] = []

    init(builtIn: [String]) {
        for name in builtIn { ensure(name) }
    }

    func state(_ name: String) -> State? { states[name] }

    mutating func ensure(_ name: String) {
        guard states[name] == nil else { return }
        var state = State(name: name)
        for change in changesForAll { state.apply(change) }
        states[name] = state
        names.append(name)
    }

    mutating func change(_ target: ElementTarget, _ change: ElementChange) {
        switch target {
        case .named(let name):
            ensure(name)
            states[name]?.apply(change)
        case .all:
            changesForAll.append(change)
            for name in names { states[name]?.apply(change) }
        }
    }

    /// `initWith(other)`: the target takes every setting `other` has now.
    mutating func initialize(_ target: ElementTarget, from other: String) {
        ensure(other)
        guard let source = states[other] else { return }
        switch target {
        case .named(let name):
            ensure(name)
            states[name] = source
        case .all:
            for name in names { states[name] = source }
        }
    }
}
