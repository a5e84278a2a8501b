/// A function a build script defines, evaluated where it is called: `def versionCode() { … return x }`,
/// `fun versionCode(): Int { … }`, `fun props() = Properties().apply { … }`. Its body runs as the script's own
/// statements would (local values, loaded `.properties` files); what it returns is the call's value.
struct ScriptFunction: Sendable {
    /// One parameter: its name and the tokens of its default value, if any.
    struct Parameter: Sendable {
        var name: String
        var defaultValue: Range<Int>?
    }

    let script: TokenizedScript
    let parameters: [Parameter]
    /// The inside of a block body, or the expression after `=` (Kotlin).
    let body: Range<Int>
    let isExpression: Bool

    /// Calls nest at most this deep (a function calling itself is left unresolved, not run forever).
    static let maximumCallDepth = 8

    /// A Groovy closure (`{ name -> rootProject.file("gradle/$name") }`) whose `{` is at `open` and whose body,
    /// after its parameters, is `body`: called, it returns its last statement's value.
    init(closureOpenedAt open: Int, body: Range<Int>, in script: TokenizedScript) {
        self.script = script
        let arrow = body.lowerBound - 1
        parameters =
            script.isSymbol(arrow, "->")
            ? script.splitAtCommas((open + 1)..<arrow).compactMap { Self.parameter(in: $0, script: script) } : []
        self.body = body
        isExpression = false
    }

    private init(script: TokenizedScript, parameters: [Parameter], body: Range<Int>, isExpression: Bool) {
        self.script = script
        self.parameters = parameters
        self.body = body
        self.isExpression = isExpression
    }

    /// The functions defined at the top level of `script`, by name (a later definition wins, as an overload
    /// playprep cannot tell apart would).
    static func definitions(in script: TokenizedScript) -> [String: ScriptFunction] {
        var functions: [String: ScriptFunction] = [:]
        for statement in script.statements(in: 0..<script.tokens.count) {
            if let (name, function) = definition(statement, in: script) { functions[name] = function }
        }
        return functions
    }

    private static let modifiers: Set<String> = [
        "private", "public", "protected", "internal", "static", "final", "inline", "def", "fun", "void",
    ]

    private static func definition(_ statement: TokenizedScript.Statement, in script: TokenizedScript)
        -> (String, ScriptFunction)?
    {
        let head = statement.head
        var index = head.lowerBound
        var sawKeyword = false
        while index < head.upperBound, script.isIdentifier(index), modifiers.contains(script.text(index)) {
            sawKeyword = sawKeyword || ["def", "fun", "void"].contains(script.text(index))
            index += 1
        }
        // Groovy `String name(…) {`, `int name(…) {`: a type before the name.
        if !sawKeyword, script.isIdentifier(index), script.isIdentifier(index + 1), script.isSymbol(index + 2, "(") {
            index += 1
            sawKeyword = true
        }
        guard sawKeyword, script.isIdentifier(index), script.isSymbol(index + 1, "("),
            let close = script.closer(of: index + 1), close < head.upperBound
        else { return nil }
        let name = script.text(index)
        let parameters = script.splitAtCommas((index + 2)..<close).compactMap { parameter(in: $0, script: script) }
        var after = close + 1
        if script.isSymbol(after, ":") {
            // A Kotlin return type: skip to `=` or the block.
            while after < head.upperBound, !script.isSymbol(after, "=") {
                after = (script.closer(of: after) ?? after) + 1
            }
        }
        if after == head.upperBound, let body = statement.body {
            return (name, ScriptFunction(script: script, parameters: parameters, body: body, isExpression: false))
        }
        guard script.isSymbol(after, "="), after + 1 < statement.range.upperBound else { return nil }
        let expression = (after + 1)..<statement.range.upperBound
        return (name, ScriptFunction(script: script, parameters: parameters, body: expression, isExpression: true))
    }

    /// `name`, `Type name`, `name: Type`, each with an optional `= default`.
    private static func parameter(in range: Range<Int>, script: TokenizedScript) -> Parameter? {
        let equals = range.first { script.isSymbol($0, "=") }
        let declaration = range.lowerBound..<(equals ?? range.upperBound)
        let colon = declaration.first { script.isSymbol($0, ":") }
        let nameIndex = colon.map { $0 - 1 } ?? declaration.last { script.isIdentifier($0) }
        guard let nameIndex, declaration.contains(nameIndex), script.isIdentifier(nameIndex) else { return nil }
        return Parameter(
            name: script.text(nameIndex), defaultValue: equals.map { ($0 + 1)..<range.upperBound })
    }

    /// The value of a call with `arguments` (already evaluated by the caller) in the caller's `environment`. A
    /// value the body cannot give is the call's ("calls a function"), unless it is a floor or a file the
    /// repository does not hold, which say more.
    func call(_ arguments: [Evaluation], environment: EvaluationEnvironment) -> Evaluation {
        switch evaluate(arguments, environment: environment) {
        case .unresolved(.atLeast(let floor)): .unresolved(.atLeast(floor))
        case .unresolved(.fileNotInRepository(let path)): .unresolved(.fileNotInRepository(path))
        case .unresolved: .unresolved(.callsFunction)
        case let value: value
        }
    }

    private func evaluate(_ arguments: [Evaluation], environment: EvaluationEnvironment) -> Evaluation {
        guard environment.callDepth < Self.maximumCallDepth else { return .unresolved(.tooDeep) }
        var environment = environment
        environment.callDepth += 1
        environment.enterBlock()
        for (position, parameter) in parameters.enumerated() {
            let value: Evaluation
            if position < arguments.count {
                value = arguments[position]
            } else if let defaultValue = parameter.defaultValue {
                value = ExpressionEvaluator(script: script, environment: environment).evaluate(defaultValue)
            } else {
                value = .unresolved(.callsFunction)
            }
            environment.declareLocal(parameter.name, value)
        }
        if isExpression { return ExpressionEvaluator(script: script, environment: environment).evaluate(body) }
        var reader = BuildScriptReader(script: script, environment: environment)
        return reader.returnValue(of: body)
    }
}
