/// Recursive descent over one expression's tokens: the operators (`?:`, `+`, `-`, `*`, unary minus), literals,
/// lists, brackets and member chains. What a name, a call or a member refers to is resolved in
/// PropertyResolution.swift.
struct ExpressionParser {
    let evaluator: ExpressionEvaluator
    var position: Int
    let end: Int

    var script: TokenizedScript { evaluator.script }
    var environment: EvaluationEnvironment { evaluator.environment }

    init(evaluator: ExpressionEvaluator, position: Int, end: Int) {
        self.evaluator = evaluator
        self.position = position
        self.end = end
    }

    func symbol(_ text: String) -> Bool { position < end && script.isSymbol(position, text) }

    /// How deep `?:` chains, unary minus and `new` may nest within one expression: each recursion goes one level
    /// down, so a long hostile chain cannot overflow the stack.
    static let maximumNesting = 64
    /// The longest string and list `+` builds: far above any real build value, far below what fills memory.
    static let maximumStringBytes = 64 << 10
    static let maximumListCount = 10_000
    var nesting = 0

    mutating func elvis() -> Evaluation {
        let left = additive()
        guard symbol("?:") else { return left }
        position += 1
        guard nesting < Self.maximumNesting else { return .unresolved(.tooDeep) }
        nesting += 1
        defer { nesting -= 1 }
        let right = elvis()
        return left == .value(.null) ? right : left
    }

    mutating func additive() -> Evaluation {
        var result = multiplicative()
        while symbol("+") || symbol("-") {
            let isPlus = symbol("+")
            position += 1
            let right = multiplicative()
            if let raised = Self.raisedFloor(result, right, isPlus: isPlus) {
                result = raised
                continue
            }
            result = Self.combine(result, right) { left, right in
                switch (left, right) {
                case (.int(let a), .int(let b)):
                    let (sum, overflow) = isPlus ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
                    return overflow ? .unresolved(.notWholeNumber) : .value(.int(sum))
                case (.string(let a), _) where isPlus:
                    guard case .value(.string(let b)) = right.text else { return right.text }
                    // No applicationId or version is this long: a script that doubles a string is refused, not built.
                    guard a.utf8.count + b.utf8.count <= Self.maximumStringBytes else {
                        return .unresolved(.tooLarge)
                    }
                    return .value(.string(a + b))
                case (.list(let a), .list(let b)) where isPlus:
                    return a.count + b.count <= Self.maximumListCount
                        ? .value(.list(a + b)) : .unresolved(.tooLarge)
                case (.list(let a), _) where isPlus:
                    return a.count < Self.maximumListCount
                        ? .value(.list(a + [right])) : .unresolved(.tooLarge)
                case (.null, _), (_, .null): return .unresolved(.notSet)
                default: return .unresolved(.notConstant)
                }
            }
        }
        return result
    }

    /// A floor plus or minus a known whole number is still a floor (`(defaultConfig.versionCode ?: 0) + 1`).
    static func raisedFloor(_ left: Evaluation, _ right: Evaluation, isPlus: Bool) -> Evaluation? {
        switch (left, right) {
        case (.unresolved(.atLeast(let floor)), .value(.int(let number))):
            let (result, overflow) =
                isPlus ? floor.addingReportingOverflow(number) : floor.subtractingReportingOverflow(number)
            return overflow ? .unresolved(.notWholeNumber) : .unresolved(.atLeast(result))
        case (.value(.int(let number)), .unresolved(.atLeast(let floor))) where isPlus:
            let (result, overflow) = number.addingReportingOverflow(floor)
            return overflow ? .unresolved(.notWholeNumber) : .unresolved(.atLeast(result))
        default:
            return nil
        }
    }

    mutating func multiplicative() -> Evaluation {
        var result = unary()
        while symbol("*") {
            position += 1
            let right = unary()
            result = Self.combine(result, right) { left, right in
                guard case .int(let a) = left, case .int(let b) = right else {
                    return .unresolved(.notConstant)
                }
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                return overflow ? .unresolved(.notWholeNumber) : .value(.int(product))
            }
        }
        return result
    }

    static func combine(
        _ left: Evaluation, _ right: Evaluation, _ operation: (ScriptValue, ScriptValue) -> Evaluation
    ) -> Evaluation {
        switch (left, right) {
        case (.unresolved, _): left
        case (_, .unresolved): right
        case (.value(let a), .value(let b)): operation(a, b)
        }
    }

    mutating func unary() -> Evaluation {
        if symbol("-") {
            position += 1
            guard nesting < Self.maximumNesting else { return .unresolved(.tooDeep) }
            nesting += 1
            defer { nesting -= 1 }
            let operand = unary()
            guard case .value(.int(let number)) = operand else {
                return operand == .value(.null) ? .unresolved(.notSet) : operand.failure
            }
            return number == .min ? .unresolved(.notWholeNumber) : .value(.int(-number))
        }
        return postfix()
    }

    // MARK: Chains

    /// What a member chain (`project.ext.x`, `libs.versions.a.get()`) refers to so far.
    enum Chain {
        case value(ScriptValue)
        /// A `?.` met null: the rest of the chain is null.
        case shortCircuited
        case unresolved(UnresolvedReason)
        case project(root: Bool)
        case ext(root: Bool)
        case propertyMap
        case catalog(String)
        case catalogVersions(String, [String])
        case system
        case environmentVariables
        case providers
        case integerClass
        case android
        /// `android.defaultConfig` (or `defaultConfig` inside `android { }`).
        case defaultConfig
        /// `libs.plugins.a.b`: a plugin alias of a catalog, whose `.get().pluginId` is its id.
        case catalogPlugins(String, [String])
        /// Flutter's `flutter` extension in a Flutter app's build (`flutter.versionCode`).
        case flutter

        init(_ evaluation: Evaluation) {
            switch evaluation {
            case .value(let value): self = .value(value)
            case .unresolved(let reason): self = .unresolved(reason)
            }
        }
    }

    mutating func postfix() -> Evaluation {
        var chain = primary()
        while position < end {
            if (symbol(".") || symbol("?.") || symbol("*.")) && script.isIdentifier(position + 1) {
                let nullSafe = symbol("?.")
                let name = script.text(position + 1)
                position += 2
                if symbol("("), let close = script.closer(of: position) {
                    let arguments = (position + 1)..<min(close, end)
                    position = close + 1
                    if symbol("{"), let closure = script.closer(of: position) {
                        position = closure + 1
                        chain = call(chain, name, arguments: nil, nullSafe: nullSafe)
                    } else {
                        chain = call(chain, name, arguments: arguments, nullSafe: nullSafe)
                    }
                } else if symbol("{"), let closure = script.closer(of: position) {
                    let block = (position + 1)..<min(closure, end)
                    position = closure + 1
                    if case .value(.map(let known)) = chain, ["apply", "also", "run", "with"].contains(name) {
                        chain = Chain(evaluator.loading(block: block, into: known))
                    } else {
                        chain = call(chain, name, arguments: nil, nullSafe: nullSafe)
                    }
                } else {
                    chain = member(chain, name, nullSafe: nullSafe)
                }
            } else if symbol("["), let close = script.closer(of: position) {
                let key = evaluator.nested((position + 1)..<min(close, end))
                position = close + 1
                chain = index(chain, key)
            } else if symbol("!!") {
                position += 1
                if case .value(.null) = chain { chain = .unresolved(.notSet) }
                if case .shortCircuited = chain { chain = .unresolved(.notSet) }
            } else if position < end && script.isIdentifier(position, "as") && script.isIdentifier(position + 1) {
                position += 1
                var type = script.text(position)
                position += 1
                while symbol(".") && script.isIdentifier(position + 1) {
                    type = script.text(position + 1)
                    position += 2
                }
                if symbol("?") { position += 1 }
                chain = Chain(cast(finish(chain), to: type))
            } else {
                break
            }
        }
        return finish(chain)
    }

    mutating func primary() -> Chain {
        guard position < end else { return .unresolved(.notConstant) }
        let token = script.tokens[position]
        switch token.kind {
        case .string:
            position += 1
            return Chain(evaluator.string(at: position - 1))
        case .number:
            position += 1
            return Chain(evaluator.number(at: position - 1))
        case .symbol:
            guard let close = script.closer(of: position) else { return .unresolved(.notConstant) }
            let inside = (position + 1)..<min(close, end)
            let isList = symbol("[")
            guard isList || symbol("(") else { return .unresolved(.notConstant) }
            position = close + 1
            guard isList else { return Chain(evaluator.nested(inside)) }
            if inside.contains(where: { script.isSymbol($0, ":") }) { return Chain(map(inside)) }
            return Chain(Self.list(evaluator.nestedArguments(inside)))
        case .identifier:
            let name = script.text(position)
            position += 1
            switch name {
            case "true": return .value(.bool(true))
            case "false": return .value(.bool(false))
            case "null": return .value(.null)
            case "new":
                guard nesting < Self.maximumNesting else { return .unresolved(.tooDeep) }
                nesting += 1
                defer { nesting -= 1 }
                return primary()
            default: break
            }
            if symbol("("), let close = script.closer(of: position) {
                let arguments = (position + 1)..<min(close, end)
                position = close + 1
                if symbol("{"), let closure = script.closer(of: position) {
                    position = closure + 1
                    return .unresolved(.callsFunction)
                }
                return function(name, arguments: arguments)
            }
            if symbol("{") { return .unresolved(.callsFunction) }
            return root(name)
        }
    }

    /// A Groovy map literal's entries (`[code: 12, 'name': "x"]`, `[:]`); an entry whose key or value cannot be
    /// evaluated makes the map unresolved.
    func map(_ inside: Range<Int>) -> Evaluation {
        var entries: [String: ScriptValue] = [:]
        if inside.count == 1 && script.isSymbol(inside.lowerBound, ":") { return .value(.map(entries)) }
        for entry in script.splitAtCommas(inside) {
            let key = entry.lowerBound
            guard script.isSymbol(key + 1, ":"), script.isIdentifier(key) || script.tokens[key].kind == .string else {
                return .unresolved(.notConstant)
            }
            switch evaluator.nested((key + 2)..<entry.upperBound) {
            case .value(let value): entries[script.text(key)] = value
            case let failure: return failure
            }
        }
        return .value(.map(entries))
    }

    static func list(_ items: [Evaluation]) -> Evaluation {
        var values: [ScriptValue] = []
        for item in items {
            switch item {
            case .value(let value): values.append(value)
            case .unresolved: return item
            }
        }
        return .value(.list(values))
    }
}
