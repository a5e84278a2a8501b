/// Why a build-script expression has no value playprep can be sure of. Callers decide by the case (which
/// `playprep.yml` key or option supplies the value); reports show ``description``, the reason in words.
public enum UnresolvedReason: Sendable, Hashable, CustomStringConvertible {
    /// A function or method call (`buildVersionCode()`, a task output), or a class playprep does not evaluate.
    case callsFunction
    /// A member of a class or object of the build's own code (`NiaBuildType.RELEASE.applicationIdSuffix`).
    case buildCode(String)
    /// A name that is no local value, `ext` property, version catalog or Gradle property the script sees.
    case noSuchProperty(String)
    /// An `ext`/`extra` lookup (`extra["X"]`, `ext.get("X")`) of a property set nowhere the script sees.
    case noSuchExtProperty(String)
    /// A property this module does not see but another script of the repository sets (`ext`/`extra` in an
    /// applied script, a `gradle.properties` of another module): `file` is that script, relative to the project.
    case setInAnotherScript(property: String, file: String)
    case notInCatalog
    case notConstant
    case condition
    case notSet
    case notWholeNumber
    case notString
    case tooDeep
    case tooLarge
    /// Nothing in the module's build file sets the applicationId or a namespace: a plugin does.
    case notInBuildFile
    /// `defaultConfig.<property>` read before the script sets it (a plugin may have set it).
    case defaultConfigNotSet(String)
    /// A `.properties` file the script loads that the repository does not hold (written at build time, or
    /// ignored by git): the path relative to the project.
    case fileNotInRepository(String)
    /// A whole number known only as a floor: `max(<environment variable>, floor)`, which a build machine's
    /// variable raises.
    case atLeast(Int)

    /// The property whose value is missing, for the cases that name one.
    public var property: String? {
        switch self {
        case .noSuchProperty(let name), .noSuchExtProperty(let name), .setInAnotherScript(let name, _): name
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .callsFunction: "calls a function"
        case .buildCode(let type): "reads `\(type)`, code of the build that playprep does not run"
        case .noSuchProperty: "no such Gradle property"
        case .noSuchExtProperty: "no such ext property"
        case .setInAnotherScript(let property, let file):
            "`\(property)` is set in \(file), a script playprep does not evaluate for this module"
        case .notInCatalog: "not in the version catalog"
        case .notConstant: "not a constant expression"
        case .condition: "depends on a condition"
        case .notSet: "value is not set"
        case .notWholeNumber: "not a whole number"
        case .notString: "not a string"
        case .tooDeep: "nested too deeply"
        case .tooLarge: "builds a value too large to be a build setting"
        case .notInBuildFile: "no applicationId or namespace"
        case .defaultConfigNotSet(let property):
            "reads `defaultConfig.\(property)`, which the script does not set before this line"
        case .fileNotInRepository(let path):
            "reads \(path), which the repository does not hold (it is written at build time or not committed)"
        case .atLeast(let floor): "≥ \(floor): an environment variable read at build time may raise it"
        }
    }
}
