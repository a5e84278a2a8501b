/// Evaluates the expressions build scripts assign: literals, templates, `+`, elvis, conversions, Gradle
/// properties, version catalogs, `ext` and local values. Anything else (a function call, a task output, a
/// condition) is unresolved with the reason; nothing is guessed.
struct ExpressionEvaluator {
    let script: TokenizedScript
    let environment: EvaluationEnvironment
    private let depth: Int

    /// Deeper nesting (brackets, templates in templates) is left unresolved, so no input exhausts the stack.
    private static let maximumDepth = 32

    init(script: TokenizedScript, environment: EvaluationEnvironment) {
        self.init(script: script, environment: environment, depth: 0)
    }

    private init(script: TokenizedScript, environment: EvaluationEnvironment, depth: Int) {
        self.script = script
        self.environment = environment
        self.depth = depth
    }

    func evaluate(_ range: Range<Int>) -> Evaluation {
        guard depth < Self.maximumDepth else { return .unresolved(Unresolved.tooDeep) }
        let range = range.clamped(to: 0..<script.tokens.count)
        guard !range.isEmpty else { return .unresolved(Unresolved.notConstant) }
        var parser = Parser(evaluator: self, position: range.lowerBound, end: range.upperBound)
        let result = parser.elvis()
        guard parser.position >= range.upperBound else {
            let conditional = range.contains { index in
                ["?", "==", "!=", "&&", "||", "<", ">", "<=", ">=", "!"].contains { script.isSymbol(index, $0) }
                    || script.isIdentifier(index, "if") || script.isIdentifier(index, "when")
            }
            return .unresolved(conditional ? Unresolved.condition : Unresolved.notConstant)
        }
        return result
    }

    /// The values of comma-separated arguments (named arguments are not values).
    func arguments(_ range: Range<Int>) -> [Evaluation] {
        script.splitAtCommas(range).map(evaluate)
    }

    fileprivate func nested(_ range: Range<Int>) -> Evaluation {
        ExpressionEvaluator(script: script, environment: environment, depth: depth + 1).evaluate(range)
    }

    fileprivate func nestedArguments(_ range: Range<Int>) -> [Evaluation] {
        ExpressionEvaluator(script: script, environment: environment, depth: depth + 1).arguments(range)
    }

    // MARK: Literals

    fileprivate func string(at index: Int) -> Evaluation {
        let token = script.tokens[index]
        let bytes = script.source.bytes
        var text: [UInt8] = []
        var position = token.contentStart
        let end = token.contentEnd
        let tokenizer = ScriptTokenizer(source: script.source)
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") && !token.isRaw && position + 1 < end {
                position = Self.unescape(bytes, at: position, end: end, into: &text)
                continue
            }
            guard token.isTemplate, byte == UInt8(ascii: "$"), position + 1 < end else {
                text.append(byte)
                position += 1
                continue
            }
            let expression: Range<Int>
            if bytes[position + 1] == UInt8(ascii: "{") {
                let close = tokenizer.templateExpressionEnd(from: position + 2, limit: end, depth: 0)
                expression = (position + 2)..<max(position + 2, close - 1)
                position = close
            } else if ScriptTokenizer.isIdentifierStart(bytes[position + 1]) && bytes[position + 1] != UInt8(ascii: "$")
            {
                // `$name`; in Groovy also `$name.property.path`.
                var scan = position + 2
                while scan < end && ScriptTokenizer.isIdentifierPart(bytes[scan]) && bytes[scan] != UInt8(ascii: "$") {
                    scan += 1
                }
                while !script.source.isKotlin && scan + 1 < end && bytes[scan] == UInt8(ascii: ".")
                    && ScriptTokenizer.isIdentifierStart(bytes[scan + 1])
                {
                    scan += 2
                    while scan < end && ScriptTokenizer.isIdentifierPart(bytes[scan]) { scan += 1 }
                }
                expression = (position + 1)..<scan
                position = scan
            } else {
                text.append(byte)
                position += 1
                continue
            }
            guard depth + 1 < Self.maximumDepth else { return .unresolved(Unresolved.tooDeep) }
            let inner = TokenizedScript(source: script.source, range: expression)
            let value = ExpressionEvaluator(script: inner, environment: environment, depth: depth + 1)
                .evaluate(0..<inner.tokens.count)
            switch value {
            case .unresolved: return value
            case .value(let part):
                switch part.text {
                case .value(.string(let partText)): text.append(contentsOf: partText.utf8)
                case let other: return other
                }
            }
        }
        return .value(.string(String(decoding: text, as: UTF8.self)))
    }

    private static func unescape(_ bytes: [UInt8], at position: Int, end: Int, into text: inout [UInt8]) -> Int {
        let escaped = bytes[position + 1]
        switch escaped {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case 0x0A: break  // a line continuation
        case UInt8(ascii: "u"):
            let digits = String(decoding: bytes[(position + 2)..<min(position + 6, end)], as: UTF8.self)
            if digits.utf8.count == 4, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                text.append(contentsOf: String(Character(scalar)).utf8)
                return position + 6
            }
            text.append(escaped)
        default: text.append(escaped)
        }
        return position + 2
    }

    fileprivate func number(at index: Int) -> Evaluation {
        var text = script.text(index).filter { $0 != "_" }
        if text.hasSuffix("L") || text.hasSuffix("l") { text.removeLast() }
        let lowered = text.lowercased()
        let value = lowered.hasPrefix("0x") ? Int(lowered.dropFirst(2), radix: 16) : Int(text)
        return value.map { .value(.int($0)) } ?? .unresolved(Unresolved.notWholeNumber)
    }
}

/// Recursive descent over one expression's tokens.
private struct Parser {
    let evaluator: ExpressionEvaluator
    var position: Int
    let end: Int

    private var script: TokenizedScript { evaluator.script }
    private var environment: EvaluationEnvironment { evaluator.environment }

    init(evaluator: ExpressionEvaluator, position: Int, end: Int) {
        self.evaluator = evaluator
        self.position = position
        self.end = end
    }

    private func symbol(_ text: String) -> Bool { position < end && script.isSymbol(position, text) }

    /// How deep `?:` chains, unary minus and `new` may nest within one expression: each recursion goes one level
    /// down, so a long hostile chain cannot overflow the stack.
    private static let maximumNesting = 64
    /// The longest string and list `+` builds: far above any real build value, far below what fills memory.
    private static let maximumStringBytes = 64 << 10
    private static let maximumListCount = 10_000
    private var nesting = 0

    mutating func elvis() -> Evaluation {
        let left = additive()
        guard symbol("?:") else { return left }
        position += 1
        guard nesting < Self.maximumNesting else { return .unresolved(Unresolved.tooDeep) }
        nesting += 1
        defer { nesting -= 1 }
        let right = elvis()
        return left == .value(.null) ? right : left
    }

    private mutating func additive() -> Evaluation {
        var result = multiplicative()
        while symbol("+") || symbol("-") {
            let isPlus = symbol("+")
            position += 1
            let right = multiplicative()
            result = Self.combine(result, right) { left, right in
                switch (left, right) {
                case (.int(let a), .int(let b)):
                    let (sum, overflow) = isPlus ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
                    return overflow ? .unresolved(Unresolved.notWholeNumber) : .value(.int(sum))
                case (.string(let a), _) where isPlus:
                    guard case .value(.string(let b)) = right.text else { return right.text }
                    // No applicationId or version is this long: a script that doubles a string is refused, not built.
                    guard a.utf8.count + b.utf8.count <= Self.maximumStringBytes else {
                        return .unresolved(Unresolved.tooLarge)
                    }
                    return .value(.string(a + b))
                case (.list(let a), .list(let b)) where isPlus:
                    return a.count + b.count <= Self.maximumListCount
                        ? .value(.list(a + b)) : .unresolved(Unresolved.tooLarge)
                case (.list(let a), _) where isPlus:
                    return a.count < Self.maximumListCount
                        ? .value(.list(a + [right])) : .unresolved(Unresolved.tooLarge)
                case (.null, _), (_, .null): return .unresolved(Unresolved.notSet)
                default: return .unresolved(Unresolved.notConstant)
                }
            }
        }
        return result
    }

    private mutating func multiplicative() -> Evaluation {
        var result = unary()
        while symbol("*") {
            position += 1
            let right = unary()
            result = Self.combine(result, right) { left, right in
                guard case .int(let a) = left, case .int(let b) = right else {
                    return .unresolved(Unresolved.notConstant)
                }
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                return overflow ? .unresolved(Unresolved.notWholeNumber) : .value(.int(product))
            }
        }
        return result
    }

    private static func combine(
        _ left: Evaluation, _ right: Evaluation, _ operation: (ScriptValue, ScriptValue) -> Evaluation
    ) -> Evaluation {
        switch (left, right) {
        case (.unresolved, _): left
        case (_, .unresolved): right
        case (.value(let a), .value(let b)): operation(a, b)
        }
    }

    private mutating func unary() -> Evaluation {
        if symbol("-") {
            position += 1
            guard nesting < Self.maximumNesting else { return .unresolved(Unresolved.tooDeep) }
            nesting += 1
            defer { nesting -= 1 }
            let operand = unary()
            guard case .value(.int(let number)) = operand else {
                return operand == .value(.null) ? .unresolved(Unresolved.notSet) : operand.failure
            }
            return number == .min ? .unresolved(Unresolved.notWholeNumber) : .value(.int(-number))
        }
        return postfix()
    }

    // MARK: Chains

    /// What a member chain (`project.ext.x`, `libs.versions.a.get()`) refers to so far.
    private enum Chain {
        case value(ScriptValue)
        /// A `?.` met null: the rest of the chain is null.
        case shortCircuited
        case unresolved(String)
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

        init(_ evaluation: Evaluation) {
            switch evaluation {
            case .value(let value): self = .value(value)
            case .unresolved(let reason): self = .unresolved(reason)
            }
        }
    }

    private mutating func postfix() -> Evaluation {
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
                    position = closure + 1
                    chain = call(chain, name, arguments: nil, nullSafe: nullSafe)
                } else {
                    chain = member(chain, name, nullSafe: nullSafe)
                }
            } else if symbol("["), let close = script.closer(of: position) {
                let key = evaluator.nested((position + 1)..<min(close, end))
                position = close + 1
                chain = index(chain, key)
            } else if symbol("!!") {
                position += 1
                if case .value(.null) = chain { chain = .unresolved(Unresolved.notSet) }
                if case .shortCircuited = chain { chain = .unresolved(Unresolved.notSet) }
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

    private mutating func primary() -> Chain {
        guard position < end else { return .unresolved(Unresolved.notConstant) }
        let token = script.tokens[position]
        switch token.kind {
        case .string:
            position += 1
            return Chain(evaluator.string(at: position - 1))
        case .number:
            position += 1
            return Chain(evaluator.number(at: position - 1))
        case .symbol:
            guard let close = script.closer(of: position) else { return .unresolved(Unresolved.notConstant) }
            let inside = (position + 1)..<min(close, end)
            let isList = symbol("[")
            guard isList || symbol("(") else { return .unresolved(Unresolved.notConstant) }
            position = close + 1
            guard isList else { return Chain(evaluator.nested(inside)) }
            if inside.contains(where: { script.isSymbol($0, ":") }) { return .unresolved(Unresolved.notConstant) }
            return Chain(Self.list(evaluator.nestedArguments(inside)))
        case .identifier:
            let name = script.text(position)
            position += 1
            switch name {
            case "true": return .value(.bool(true))
            case "false": return .value(.bool(false))
            case "null": return .value(.null)
            case "new":
                guard nesting < Self.maximumNesting else { return .unresolved(Unresolved.tooDeep) }
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
                    return .unresolved(Unresolved.callsFunction)
                }
                return function(name, arguments: arguments)
            }
            if symbol("{") { return .unresolved(Unresolved.callsFunction) }
            return root(name)
        }
    }

    private static func list(_ items: [Evaluation]) -> Evaluation {
        var values: [ScriptValue] = []
        for item in items {
            switch item {
            case .value(let value): values.append(value)
            case .unresolved: return item
            }
        }
        return .value(.list(values))
    }

    private func root(_ name: String) -> Chain {
        if let local = environment.local(name) { return Chain(local) }
        switch name {
        case "project": return .project(root: false)
        case "rootProject": return .project(root: true)
        case "System": return .system
        case "providers": return .providers
        case "Integer", "Long": return .integerClass
        case "ext", "extra": return .ext(root: false)
        case "properties": return .propertyMap
        case "android": return .android
        case "rootDir", "settingsDir": return .value(.string(environment.rootDirectory))
        case "namespace" where environment.namespace != nil: return environment.namespace.map(Chain.init) ?? .android
        default: break
        }
        if environment.catalogs[name] != nil { return .catalog(name) }
        return environment.projectProperty(name).map(Chain.init) ?? .unresolved(Unresolved.noSuchProperty)
    }

    private func function(_ name: String, arguments: Range<Int>) -> Chain {
        switch name {
        case "property", "findProperty", "hasProperty":
            return projectCall(name, arguments: arguments, root: false)
        case "listOf", "setOf", "mutableListOf", "mutableSetOf", "arrayOf", "listOfNotNull":
            return Chain(Self.list(evaluator.nestedArguments(arguments)))
        case "file", "File":
            return path(arguments)
        default:
            return .unresolved(Unresolved.callsFunction)
        }
    }

    private func path(_ arguments: Range<Int>) -> Chain {
        var components: [String] = []
        for argument in evaluator.nestedArguments(arguments) {
            guard case .value(.string(let component)) = argument else {
                return .unresolved(argument.failure.reason ?? Unresolved.notString)
            }
            components.append(component)
        }
        return components.isEmpty
            ? .unresolved(Unresolved.callsFunction) : .value(.string(environment.path(components)))
    }

    /// `property("X")` (fails when absent), `findProperty("X")` (null when absent), `hasProperty("X")`.
    private func projectCall(_ name: String, arguments: Range<Int>, root: Bool) -> Chain {
        guard case .value(.string(let key)) = evaluator.nested(arguments) else {
            return .unresolved(Unresolved.callsFunction)
        }
        let value = root ? environment.rootProperty(key) : environment.projectProperty(key)
        switch name {
        case "property": return value.map(Chain.init) ?? .unresolved(Unresolved.noSuchProperty)
        case "findProperty": return value.map(Chain.init) ?? .value(.null)
        default: return .value(.bool(value != nil))
        }
    }

    private func singleString(_ arguments: Range<Int>?) -> String? {
        guard let arguments, case .value(.string(let text)) = evaluator.nestedArguments(arguments).first else {
            return nil
        }
        return text
    }

    private func call(_ chain: Chain, _ name: String, arguments: Range<Int>?, nullSafe: Bool) -> Chain {
        switch chain {
        case .shortCircuited, .unresolved:
            return chain
        case .value(let value):
            return valueCall(value, name, arguments: arguments, nullSafe: nullSafe)
        case .project(let root):
            switch name {
            case "property", "findProperty", "hasProperty":
                return arguments.map { projectCall(name, arguments: $0, root: root) }
                    ?? .unresolved(Unresolved.callsFunction)
            case "file":
                return arguments.map(path) ?? .unresolved(Unresolved.callsFunction)
            default:
                return .unresolved(Unresolved.callsFunction)
            }
        case .ext(let root):
            guard let key = singleString(arguments) else { return .unresolved(Unresolved.callsFunction) }
            switch name {
            case "get": return Chain(environment.extProperty(key, rootOnly: root))
            case "has":
                return .value(
                    .bool(environment.extProperty(key, rootOnly: root) != .unresolved(Unresolved.noSuchExtProperty)))
            default: return .unresolved(Unresolved.callsFunction)
            }
        case .propertyMap:
            guard name == "get", let key = singleString(arguments) else { return .unresolved(Unresolved.callsFunction) }
            return environment.projectProperty(key).map(Chain.init) ?? .value(.null)
        case .environmentVariables:
            return name == "get" ? .value(.null) : .unresolved(Unresolved.callsFunction)
        case .catalog, .android:
            return .unresolved(Unresolved.callsFunction)
        case .catalogVersions:
            return call(Chain(finish(chain)), name, arguments: arguments, nullSafe: nullSafe)
        case .system:
            switch name {
            case "getProperty":
                guard let arguments else { return .unresolved(Unresolved.callsFunction) }
                let values = evaluator.nestedArguments(arguments)
                guard case .value(.string(let key))? = values.first else {
                    return .unresolved(Unresolved.callsFunction)
                }
                if let value = environment.properties.systemProperty(key) { return .value(.string(value)) }
                return values.count > 1 ? Chain(values[1]) : .value(.null)
            case "getenv":
                return arguments.map { $0.isEmpty ? .environmentVariables : .value(.null) }
                    ?? .unresolved(Unresolved.callsFunction)
            default:
                return .unresolved(Unresolved.callsFunction)
            }
        case .providers:
            guard let key = singleString(arguments) else { return .unresolved(Unresolved.callsFunction) }
            switch name {
            case "gradleProperty":
                return environment.properties.value(of: key).map { .value(.string($0)) } ?? .value(.null)
            case "systemProperty":
                return environment.properties.systemProperty(key).map { .value(.string($0)) } ?? .value(.null)
            case "environmentVariable": return .value(.null)
            default: return .unresolved(Unresolved.callsFunction)
            }
        case .integerClass:
            guard ["parseInt", "valueOf", "parseLong"].contains(name), let arguments else {
                return .unresolved(Unresolved.callsFunction)
            }
            switch evaluator.nested(arguments) {
            case .value(let value): return Chain(value.wholeNumber)
            case let failure: return Chain(failure)
            }
        }
    }

    /// Methods of plain values and of providers (`get()`, `getOrElse(…)`), conversions.
    private func valueCall(_ value: ScriptValue, _ name: String, arguments: Range<Int>?, nullSafe: Bool) -> Chain {
        let hasNoArguments = arguments?.isEmpty ?? false
        if value == .null {
            switch name {
            case "getOrElse", "orElse":
                return arguments.map { Chain(evaluator.nested($0)) } ?? .unresolved(Unresolved.callsFunction)
            case "getOrNull" where hasNoArguments: return .value(.null)
            case "isPresent" where hasNoArguments: return .value(.bool(false))
            default: return nullSafe ? .shortCircuited : .unresolved(Unresolved.notSet)
            }
        }
        switch name {
        case "get" where hasNoArguments, "getOrNull" where hasNoArguments: return .value(value)
        case "getOrElse" where arguments != nil, "orElse" where arguments != nil: return .value(value)
        case "isPresent" where hasNoArguments: return .value(.bool(true))
        case "toInteger" where hasNoArguments, "toInt" where hasNoArguments, "toLong" where hasNoArguments,
            "intValue" where hasNoArguments, "longValue" where hasNoArguments:
            return Chain(value.wholeNumber)
        case "toString" where hasNoArguments: return Chain(value.text)
        case "trim" where hasNoArguments:
            guard case .string(let text) = value else { return .unresolved(Unresolved.notString) }
            return .value(.string(String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())))
        default: return .unresolved(Unresolved.callsFunction)
        }
    }

    private func member(_ chain: Chain, _ name: String, nullSafe: Bool) -> Chain {
        switch chain {
        case .shortCircuited, .unresolved:
            return chain
        case .value(let value):
            switch (value, name) {
            case (.null, "orNull"): return .value(.null)
            case (.null, "present"), (.null, "isPresent"): return .value(.bool(false))
            case (.null, _): return nullSafe ? .shortCircuited : .unresolved(Unresolved.notSet)
            case (_, "orNull"): return .value(value)
            case (_, "present"), (_, "isPresent"): return .value(.bool(true))
            default: return .unresolved(Unresolved.notConstant)
            }
        case .project(let root):
            switch name {
            case "ext", "extra": return .ext(root: root)
            case "properties": return .propertyMap
            case "rootProject": return .project(root: true)
            case "providers": return .providers
            case "android" where !root: return .android
            case "rootDir": return .value(.string(environment.rootDirectory))
            default:
                let value = root ? environment.rootProperty(name) : environment.projectProperty(name)
                return value.map(Chain.init) ?? .unresolved(Unresolved.noSuchProperty)
            }
        case .ext(let root):
            return Chain(environment.extProperty(name, rootOnly: root))
        case .propertyMap:
            return environment.projectProperty(name).map(Chain.init) ?? .value(.null)
        case .catalog(let catalog):
            return name == "versions" ? .catalogVersions(catalog, []) : .unresolved(Unresolved.notConstant)
        case .catalogVersions(let catalog, let path):
            return .catalogVersions(catalog, path + [name])
        case .system:
            return name == "env" ? .environmentVariables : .unresolved(Unresolved.notConstant)
        case .environmentVariables:
            return .value(.null)
        case .android:
            return name == "namespace"
                ? (environment.namespace.map(Chain.init) ?? .value(.null)) : .unresolved(Unresolved.notConstant)
        case .providers, .integerClass:
            return .unresolved(Unresolved.notConstant)
        }
    }

    private func index(_ chain: Chain, _ key: Evaluation) -> Chain {
        if case .unresolved = key { return Chain(key) }
        switch (chain, key) {
        case (.shortCircuited, _), (.unresolved, _): return chain
        case (.ext(let root), .value(.string(let name))): return Chain(environment.extProperty(name, rootOnly: root))
        case (.propertyMap, .value(.string(let name))):
            return environment.projectProperty(name).map(Chain.init) ?? .value(.null)
        case (.project, .value(.string(let name))): return member(chain, name, nullSafe: false)
        case (.environmentVariables, _): return .value(.null)
        case (.value(.list(let items)), .value(.int(let position))) where items.indices.contains(position):
            return .value(items[position])
        default: return .unresolved(Unresolved.notConstant)
        }
    }

    private func finish(_ chain: Chain) -> Evaluation {
        switch chain {
        case .value(let value): return .value(value)
        case .shortCircuited: return .value(.null)
        case .unresolved(let reason): return .unresolved(reason)
        case .catalogVersions(let catalog, let path):
            let key = path.joined(separator: ".")
            return environment.catalogs[catalog]?.versions[key].map { .value(.string($0)) }
                ?? .unresolved(Unresolved.notInCatalog)
        case .environmentVariables: return .value(.null)
        default: return .unresolved(Unresolved.notConstant)
        }
    }

    private func cast(_ evaluation: Evaluation, to type: String) -> Evaluation {
        guard case .value(let value) = evaluation, value != .null else { return evaluation }
        switch type {
        case "String", "CharSequence", "GString": return value.text
        case "Integer", "int", "Long", "long", "Int": return value.wholeNumber
        default: return evaluation
        }
    }
}

extension Evaluation {
    /// An unresolved evaluation as is; a value where none fits becomes "not a constant expression".
    var failure: Evaluation {
        if case .unresolved = self { return self }
        return .unresolved(Unresolved.notConstant)
    }

    var reason: String? {
        if case .unresolved(let reason) = self { return reason }
        return nil
    }
}
