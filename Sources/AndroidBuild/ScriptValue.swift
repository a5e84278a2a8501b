/// A value a build-script expression evaluates to.
enum ScriptValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case list([ScriptValue])
    /// A Groovy map (`ext.versions = [code: 12]`), or a `java.util.Properties` the script made and loaded
    /// (`new Properties()`, `props.load(…)`).
    case map([String: ScriptValue])
}

/// The outcome of evaluating an expression: a value, or why it has none.
enum Evaluation: Sendable, Hashable {
    case value(ScriptValue)
    case unresolved(UnresolvedReason)
}

extension ScriptValue {
    /// The value as text, the way a template or `toString()` shows it.
    var text: Evaluation {
        switch self {
        case .string: .value(self)
        case .int(let number): .value(.string(String(number)))
        case .bool(let flag): .value(.string(flag ? "true" : "false"))
        case .null: .unresolved(.notSet)
        case .list, .map: .unresolved(.notConstant)
        }
    }

    /// The value as a whole number, the way `toInteger()`, `toInt()` and `Integer.parseInt` read it.
    var wholeNumber: Evaluation {
        switch self {
        case .int: .value(self)
        case .string(let text): Int(text).map { .value(.int($0)) } ?? .unresolved(.notWholeNumber)
        case .null: .unresolved(.notSet)
        case .bool, .list, .map: .unresolved(.notWholeNumber)
        }
    }
}
