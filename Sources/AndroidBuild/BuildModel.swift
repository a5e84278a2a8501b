/// What Gradle builds from an Android project, as far as it can be read without running Gradle: the modules of
/// the build, their kind, and for application modules every variant with its applicationId and versionCode.
///
/// Values come from literals, `gradle.properties`, version catalogs and simple local or `ext` constants. What
/// cannot be worked out is kept as an ``UnresolvedExpression`` naming the expression, never dropped silently.
public struct AndroidBuildModel: Sendable, Hashable {
    /// The project folder as the caller named it; every path in the model starts with it.
    public var root: String
    /// The modules of every Gradle build read, build by build (outermost first), each root project first, then
    /// in settings order.
    public var modules: [AndroidModule]
    /// The Gradle builds read: each `settings.gradle(.kts)` below the root that is no included build, sample or
    /// test fixture (or the root itself, read without settings when it has build files of its own).
    public var builds: [GradleBuild] = []
    /// Gradle builds found but not read (samples, test fixtures), so a summary can say so.
    public var buildsNotRead: [GradleBuildNotRead] = []
    /// Where the reader stopped at a limit, in file order of reading.
    public var limitsReached: [BuildReadLimit] = []

    public init(root: String, modules: [AndroidModule]) {
        self.root = root
        self.modules = modules
    }

    /// Application modules only: the ones whose variants become APKs or AABs.
    public var applications: [AndroidModule] { modules.filter { $0.kind == .application } }

    /// Modules whose plugins playprep could not read and whose manifest launches an activity: apps, perhaps,
    /// whose kind is unknown; named, never dropped in silence.
    public var unreadModules: [AndroidModule] { modulesNotRead.filter(\.launchesActivity) }

    /// Modules whose plugins playprep could not read and that launch no activity: taken for libraries, and
    /// counted.
    public var unreadLibraries: [AndroidModule] { modulesNotRead.filter { !$0.launchesActivity } }

    private var modulesNotRead: [AndroidModule] { modules.filter { $0.kind == .other && !$0.unreadPlugins.isEmpty } }

    /// The application module whose versionCode picks the release notes for the app `module` builds: the module
    /// of the same build that embeds it (`wearApp(project(":wear"))`: the Wear APK ships inside the phone app's,
    /// whose release the notes are written for), else `module` itself. A Wear app uploaded on its own, even with
    /// the phone app's applicationId, sends its own `<versionCode>.txt` (tasks uploads `wear-release.aab` to the
    /// `wear:internal` track in a second supply call).
    public func releaseNotesOwner(of module: AndroidModule) -> AndroidModule {
        applications.first { app in
            app.build == module.build && app.gradlePath != module.gradlePath
                && app.embeddedApps.contains(module.gradlePath)
        } ?? module
    }

    /// The application modules whose versionCodes pick release notes: every one that is its own
    /// ``releaseNotesOwner(of:)``.
    public var releaseNotesApplications: [AndroidModule] {
        let applications = applications
        // The apps another app of the same build embeds, found once (a build may have thousands of modules).
        let embedded = Set(
            applications.flatMap { app in
                app.embeddedApps.filter { $0 != app.gradlePath }.map { [app.build, $0] }
            })
        return applications.filter { !embedded.contains([$0.build, $0.gradlePath]) }
    }
}

/// One Gradle build of the project: a folder with a `settings.gradle(.kts)`, or the project root read without one.
public struct GradleBuild: Sendable, Hashable {
    /// What made the build: plain Gradle, or a Flutter or React Native app's `android/` folder.
    public enum Framework: String, Sendable, Hashable {
        case flutter = "Flutter"
        case reactNative = "React Native"
    }

    /// The build's root folder relative to the project root ("" for the project root itself).
    public var folder: String
    /// Its settings file, root-prefixed; nil when the folder is read without one (every build file a module).
    public var settingsFile: String?
    public var framework: Framework?

    public init(folder: String, settingsFile: String?, framework: Framework? = nil) {
        self.folder = folder
        self.settingsFile = settingsFile
        self.framework = framework
    }

    /// How reports name the build: `android/`, or `.` for the project root.
    public var displayName: String { folder.isEmpty ? "." : folder + "/" }
}

/// A Gradle build playprep found and did not read, and why.
public struct GradleBuildNotRead: Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable {
        /// Under an `example`/`sample` folder: a demonstration app of a library, not a release.
        case sample = "a sample"
        /// Under a `src`, `test` or fixtures folder: a project a test builds.
        case testFixture = "a test fixture"
    }

    /// Its root folder relative to the project root.
    public var folder: String
    public var reason: Reason

    public init(folder: String, reason: Reason) {
        self.folder = folder
        self.reason = reason
    }
}

/// A place in a build file or manifest: 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A build-script expression playprep could not evaluate (a function call, an unknown property, a task output).
public struct UnresolvedExpression: Sendable, Hashable {
    /// The expression as written, e.g. `buildVersionCode()` or `APP_PACKAGE`.
    public var expression: String
    public var location: SourceLocation
    /// Why: its `description` says it in a few words ("calls a function", "no such Gradle property", …).
    public var reason: UnresolvedReason
    /// When the expression is an `applicationIdSuffix`: the applicationId it is added to, known up to it.
    public var suffixOf: String?

    public init(expression: String, location: SourceLocation, reason: UnresolvedReason, suffixOf: String? = nil) {
        self.expression = expression
        self.location = location
        self.reason = reason
        self.suffixOf = suffixOf
    }
}

/// A value read from a build script: known, with the place it was written (`nil` for an implicit default such as
/// the namespace standing in for the applicationId), or the expression that could not be evaluated.
public enum BuildValue<Value: Sendable & Hashable>: Sendable, Hashable {
    case known(Value, at: SourceLocation?)
    case unknown(UnresolvedExpression)

    public var value: Value? {
        if case .known(let value, _) = self { value } else { nil }
    }

    /// Where the value was declared: a known value's place (nil for an implicit default), or where the
    /// unresolved expression is written.
    public var location: SourceLocation? {
        switch self {
        case .known(_, let location): location
        case .unknown(let expression): expression.location
        }
    }
}

/// What the Android Gradle plugin makes of a module, by the plugin it applies.
public enum ModuleKind: String, Sendable, Hashable {
    /// `com.android.application`: its variants are installable apps with an applicationId.
    case application
    /// `com.android.library` (and the Kotlin multiplatform library plugin).
    case library
    /// `com.android.test`.
    case test
    /// `com.android.dynamic-feature`.
    case dynamicFeature
    /// No Android plugin (plain Java/Kotlin, or a plugin playprep does not know).
    case other
}

/// A package name as declared in a build file or manifest, for the rules that judge namespaces.
public struct DeclaredName: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `android { namespace … }`.
        case namespace
        /// `<manifest package="…">`.
        case manifestPackage = "package"
    }

    public var kind: Kind
    public var value: String
    public var location: SourceLocation

    public init(kind: Kind, value: String, location: SourceLocation) {
        self.kind = kind
        self.value = value
        self.location = location
    }
}

/// A plugin a module applies, and where: to show why playprep thinks a module is an app or uses GPP.
public struct AppliedPlugin: Sendable, Hashable {
    /// The plugin id (`com.android.application`, `com.github.triplet.play`).
    public var id: String
    /// Where the module's build file applies it.
    public var location: SourceLocation
    /// The convention plugin (in the repository) that applies it, when not the build file itself.
    public var via: String?

    public init(id: String, location: SourceLocation, via: String? = nil) {
        self.id = id
        self.location = location
        self.via = via
    }
}

/// A plugin the build file applies only inside `if (condition) { … }`, a condition playprep does not evaluate
/// (`if (publishingKey != null && file(publishingKey).exists()) { apply plugin: 'com.github.triplet.play' }`).
public struct GuardedPlugin: Sendable, Hashable {
    public var id: String
    /// The `apply` line.
    public var location: SourceLocation
    /// The condition as written.
    public var condition: String
    /// The condition only tests that a key or credentials are there (a value set, a file that exists): the plugin
    /// is applied wherever the publishing credentials are, as on the machine that publishes.
    public var testsOnlyCredentials: Bool

    public init(id: String, location: SourceLocation, condition: String, testsOnlyCredentials: Bool) {
        self.id = id
        self.location = location
        self.condition = condition
        self.testsOnlyCredentials = testsOnlyCredentials
    }
}

/// A plugin a module applies that playprep could not read: an alias missing from the version catalogs, a
/// convention plugin whose source is not found, an id computed by code.
public struct UnreadPlugin: Sendable, Hashable {
    /// The plugin as written (`alias(libs.plugins.app)`, `id(libs.plugins.app.get().pluginId)`, its id).
    public var expression: String
    public var location: SourceLocation
    /// Why it could not be read, in a few words.
    public var reason: String

    public init(expression: String, location: SourceLocation, reason: String) {
        self.expression = expression
        self.location = location
        self.reason = reason
    }
}

/// One module of the build (`:app`, `:core:ui`, or the root project `:`).
public struct AndroidModule: Sendable, Hashable {
    /// Gradle path: `:` for the root project, `:app`, `:feature:login`.
    public var gradlePath: String
    /// The Gradle build the module belongs to: its root folder relative to the project root ("" for the project
    /// root's own build).
    public var build: String = ""
    /// The module's folder (the root for `:`).
    public var directory: String
    /// `build.gradle` or `build.gradle.kts`, when the module has one.
    public var buildFile: String?
    public var kind: ModuleKind
    /// The `namespace` literal and every manifest `package` attribute of the module's source sets.
    public var declaredNames: [DeclaredName]
    /// The module's namespace (`nil` when it declares none); unknown when it is an expression playprep cannot
    /// evaluate.
    public var namespace: BuildValue<String>?
    /// Application modules: every variant (build type × one flavour per dimension). Empty for other kinds.
    public var variants: [BuildVariant]
    /// The plugins the build file applies, and through convention plugins whose source is in the repository,
    /// the plugins those apply (located where the module applies the convention plugin).
    public var plugins: [AppliedPlugin] = []
    /// Plugins the build file applies only under a condition playprep does not evaluate (not in `plugins`).
    public var guardedPlugins: [GuardedPlugin] = []
    /// Plugins applied that playprep could not read; with no known Android plugin, the module's kind is unknown.
    public var unreadPlugins: [UnreadPlugin] = []
    /// Gradle paths of the application modules this one embeds (`wearApp(project(":wear"))`).
    public var embeddedApps: [String] = []
    /// A manifest of the module declares a launcher activity (`LAUNCHER`, `LEANBACK_LAUNCHER`): apps do.
    public var launchesActivity = false
    /// The Wear OS, TV or Automotive feature a manifest of the module requires (`<uses-feature
    /// android:name="android.hardware.type.watch" android:required="true">`), where it is: Play's target API
    /// level for those form factors is lower. `nil` for a phone or tablet app.
    public var otherFormFactorFeature: BuildValue<String>? = nil

    public init(
        gradlePath: String, directory: String, buildFile: String?, kind: ModuleKind, declaredNames: [DeclaredName],
        namespace: BuildValue<String>?, variants: [BuildVariant]
    ) {
        self.gradlePath = gradlePath
        self.directory = directory
        self.buildFile = buildFile
        self.kind = kind
        self.declaredNames = declaredNames
        self.namespace = namespace
        self.variants = variants
    }

    /// How reports name the module: its Gradle path, after its build's folder when that is not the project root
    /// (`android/:app`).
    public var name: String { build.isEmpty ? gradlePath : build + "/" + gradlePath }

    /// Variants that can ship to Google Play (see ``BuildVariant/isRelease``).
    public var releaseVariants: [BuildVariant] { variants.filter(\.isRelease) }
}

/// Where the build reader stopped at one of its limits (variants per module, names in a project path, …): what
/// lies past it was not read, which a note says in these words.
public struct BuildReadLimit: Sendable, Hashable {
    public var location: SourceLocation
    /// What was not read and why, naming the limit.
    public var message: String
    /// How to read it anyway, when a setting can.
    public var hint: String?

    public init(location: SourceLocation, message: String, hint: String? = nil) {
        self.location = location
        self.message = message
        self.hint = hint
    }
}

/// One build variant of an application module, e.g. `playRelease`.
public struct BuildVariant: Sendable, Hashable {
    /// `playRelease`, `lawnWithQuickstepGithubDebug`, `release`.
    public var name: String
    /// One flavour per dimension, in dimension order (highest priority first).
    public var flavors: [String]
    public var buildType: String
    /// `debug` is debuggable unless it says otherwise; other build types only when they say so (or `initWith` one
    /// that is).
    public var isDebuggable: Bool
    /// A variant that can ship: not debuggable, and of the `release` build type, of one made with
    /// `initWith(release)` that is not signed with the debug key (a `benchmark` type is), or of a build type
    /// `playprep.yml` names as a release.
    public var isRelease: Bool
    /// The effective applicationId with every suffix applied. Known values carry the most specific declaration
    /// that produced them (the suffix's line when a suffix was added); a namespace fallback carries the
    /// namespace's line.
    public var applicationID: BuildValue<String>
    /// The effective versionCode; `nil` when none is declared anywhere.
    public var versionCode: BuildValue<Int>?
    /// Gradle Play Publisher's tasks publish this variant when the module applies it: its `play { enabled }` and
    /// `playConfigs { <variant, flavour or build type> { enabled } }` allow it (GPP's default is every variant).
    public var isPublishedByGPP = true
    /// The effective `targetSdk` (or `targetSdkVersion`): the highest-priority flavour's, else defaultConfig's,
    /// else the main manifest's `<uses-sdk android:targetSdkVersion>`; `nil` when none sets it.
    public var targetSdk: BuildValue<Int>? = nil
    /// The effective `minSdk` (or `minSdkVersion`), read as `targetSdk` is; `nil` when the build files set none.
    public var minSdk: BuildValue<Int>? = nil
    /// The name of the signing config the variant is signed with (`release` for `signingConfigs.release` or
    /// `signingConfigs.getByName("release")`): the build type's, else the highest-priority flavour's, else
    /// defaultConfig's; `nil` when none is set (AGP signs `debug` with the debug key).
    public var signingConfig: BuildValue<String>? = nil
    /// Source-set names from lowest to highest priority, as AGP merges them: `main`, the flavours (lowest-priority
    /// dimension first), the multi-flavour set, the build type, the variant (`main`, `play`, `playRelease`…).
    public var sourceSets: [String]

    /// A variant; without `isRelease`, every variant that is not debuggable is a release.
    public init(
        name: String, flavors: [String], buildType: String, isDebuggable: Bool, isRelease: Bool? = nil,
        applicationID: BuildValue<String>, versionCode: BuildValue<Int>?, sourceSets: [String]
    ) {
        self.name = name
        self.flavors = flavors
        self.buildType = buildType
        self.isDebuggable = isDebuggable
        self.isRelease = isRelease ?? !isDebuggable
        self.applicationID = applicationID
        self.versionCode = versionCode
        self.sourceSets = sourceSets
    }

    /// The least the versionCode can be when it is only known as a floor an environment variable may raise
    /// (`max(System.getenv("BUILD")?.toInt() ?: 0, 100000)`): its changelog is the newest numbered one at or
    /// above the floor, else none (supply then sends `default.txt`).
    public var minimumVersionCode: Int? {
        guard case .unknown(let expression)? = versionCode, case .atLeast(let floor) = expression.reason else {
            return nil
        }
        return floor
    }
}
