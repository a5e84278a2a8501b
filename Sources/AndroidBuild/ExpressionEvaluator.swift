/// Evaluates the expressions build scripts assign: literals, templates, `+`, elvis, conversions, Gradle
/// properties, version catalogs, `ext` and local values. Anything else (a function call, a task output, a
/// condition) is unresolved with the reason; nothing is guessed.
struct ExpressionEvaluator {
    let script: TokenizedScript
    let environment: EvaluationEnvironment
    let depth: Int

    /// Deeper nesting (brackets, templates in templates) is left unresolved, so no input exhausts the stack.
    static let maximumDepth = 32

    init(script: TokenizedScript, environment: EvaluationEnvironment) {
        self.init(script: script, environment: environment, depth: 0)
    }

    init(script: TokenizedScript, environment: EvaluationEnvironment, depth: Int) {
        self.script = script
        self.environment = environment
        self.depth = depth
    }

    func evaluate(_ range: Range<Int>) -> Evaluation {
        guard depth < Self.maximumDepth else { return .unresolved(.tooDeep) }
        let range = range.clamped(to: 0..<script.tokens.count)
        guard !range.isEmpty else { return .unresolved(.notConstant) }
        var parser = ExpressionParser(evaluator: self, position: range.lowerBound, end: range.upperBound)
        let result = parser.elvis()
        guard parser.position >= range.upperBound else {
            let conditional = range.contains { index in
                ["?", "==", "!=", "&&", "||", "<", ">", "<=", ">=", "!"].contains { script.isSymbol(index, $0) }
                    || script.isIdentifier(index, "if") || script.isIdentifier(index, "when")
            }
            return .unresolved(conditional ? .condition : .notConstant)
        }
        return result
    }

    /// The values of comma-separated arguments (named arguments are not values).
    func arguments(_ range: Range<Int>) -> [Evaluation] {
        script.splitAtCommas(range).map(evaluate)
    }

    func nested(_ range: Range<Int>) -> Evaluation {
        ExpressionEvaluator(script: script, environment: environment, depth: depth + 1).evaluate(range)
    }

    func nestedArguments(_ range: Range<Int>) -> [Evaluation] {
        ExpressionEvaluator(script: script, environment: environment, depth: depth + 1).arguments(range)
    }
}

extension Evaluation {
    /// An unresolved evaluation as is; a value where none fits becomes "not a constant expression".
    var failure: Evaluation {
        if case .unresolved = self { return self }
        return .unresolved(.notConstant)
    }

    var reason: UnresolvedReason? {
        if case .unresolved(let reason) = self { return reason }
        return nil
    }
}
