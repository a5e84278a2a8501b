/// A value a build-script expression evaluates to.
enum ScriptValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case list([ScriptValue])
}

/// The outcome of evaluating an expression: a value, or why it has none.
enum Evaluation: Sendable, Hashable {
    case value(ScriptValue)
    case unresolved(String)
}

/// Why an expression could not be evaluated, in the words ``UnresolvedExpression/reason`` carries.
enum Unresolved {
    static let callsFunction = "calls a function"
    static let noSuchProperty = "no such Gradle property"
    static let noSuchExtProperty = "no such ext property"
    static let notInCatalog = "not in the version catalog"
    static let notConstant = "not a constant expression"
    static let condition = "depends on a condition"
    static let notSet = "value is not set"
    static let notWholeNumber = "not a whole number"
    static let notString = "not a string"
    static let tooDeep = "nested too deeply"
    static let tooLarge = "builds a value too large to be a build setting"
}

extension ScriptValue {
    /// The value as text, the way a template or `toString()` shows it.
    var text: Evaluation {
        switch self {
        case .string: .value(self)
        case .int(let number): .value(.string(String(number)))
        case .bool(let flag): .value(.string(flag ? "true" : "false"))
        case .null: .unresolved(Unresolved.notSet)
        case .list: .unresolved(Unresolved.notConstant)
        }
    }

    /// The value as a whole number, the way `toInteger()`, `toInt()` and `Integer.parseInt` read it.
    var wholeNumber: Evaluation {
        switch self {
        case .int: .value(self)
        case .string(let text): Int(text).map { .value(.int($0)) } ?? .unresolved(Unresolved.notWholeNumber)
        case .null: .unresolved(Unresolved.notSet)
        case .bool, .list: .unresolved(Unresolved.notWholeNumber)
        }
    }
}
