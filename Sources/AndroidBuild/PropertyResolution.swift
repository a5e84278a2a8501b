/// What the names, calls, members and indexes of an expression refer to: local values, `project`/`rootProject`
/// properties, `ext`/`extra`, Gradle properties, version catalogs, `System`, `providers` and conversions.
extension ExpressionParser {
    func root(_ name: String) -> Chain {
        if let local = environment.local(name) { return Chain(local) }
        switch name {
        case "project": return .project(root: false)
        case "rootProject": return .project(root: true)
        case "System": return .system
        case "providers": return .providers
        case "Integer", "Long", "Math": return .integerClass
        case "ext", "extra": return .ext(root: false)
        case "properties": return .propertyMap
        case "android": return .android
        case "defaultConfig": return .defaultConfig
        case "rootDir", "settingsDir": return .value(.string(environment.rootDirectory))
        case "projectDir": return .value(.string(environment.projectDirectory))
        case "flutter" where environment.flutter != nil: return .flutter
        case "namespace" where environment.namespace != nil: return environment.namespace.map(Chain.init) ?? .android
        default: break
        }
        if environment.catalogs[name] != nil { return .catalog(name) }
        return environment.projectProperty(name).map(Chain.init) ?? .unresolved(.noSuchProperty(name))
    }

    func function(_ name: String, arguments: Range<Int>) -> Chain {
        if let function = environment.functions[name] {
            return Chain(function.call(evaluator.nestedArguments(arguments), environment: environment))
        }
        if ExpressionEvaluator.streamFunctions.contains(name) {
            // The file the stream reads stands for it: `props.load(FileInputStream(file))`.
            return evaluator.nestedArguments(arguments).first.map(Chain.init) ?? .unresolved(.callsFunction)
        }
        switch name {
        case "Properties":
            return arguments.isEmpty ? .value(.map([:])) : .unresolved(.callsFunction)
        case "max", "maxOf":
            return maximum(arguments)
        case "property", "findProperty", "hasProperty":
            return projectCall(name, arguments: arguments, root: false)
        case "listOf", "setOf", "mutableListOf", "mutableSetOf", "arrayOf", "listOfNotNull":
            return Chain(Self.list(evaluator.nestedArguments(arguments)))
        case "file", "File":
            return path(arguments)
        default:
            return .unresolved(.callsFunction)
        }
    }

    /// `max(a, b)`, `maxOf(…)`, `Math.max(…)`: the largest; where an argument reads an environment variable, the
    /// largest of the others is only a floor (`max(System.getenv("CI_BUILD")?.toInt() ?: 0, 100000)` is at least
    /// 100000 on a build machine that sets the variable).
    private func maximum(_ arguments: Range<Int>) -> Chain {
        let parts = script.splitAtCommas(arguments)
        guard parts.count >= 2 else { return .unresolved(.callsFunction) }
        var known: [Int] = []
        var raised = false
        for part in parts {
            let readsEnvironment = part.contains { index in
                script.isIdentifier(index, "getenv") || script.isIdentifier(index, "environmentVariable")
                    || script.isIdentifier(index, "env") && script.isIdentifier(index - 2, "System")
            }
            switch evaluator.nested(part) {
            case .value(.int(let number)): known.append(number)
            case .unresolved(.atLeast(let floor)):
                known.append(floor)
                raised = true
            case let other where !readsEnvironment: return Chain(other.failure)
            default: break
            }
            raised = raised || readsEnvironment
        }
        guard let largest = known.max() else { return .unresolved(.callsFunction) }
        return raised ? .unresolved(.atLeast(largest)) : .value(.int(largest))
    }

    private func path(_ arguments: Range<Int>, root: Bool = false) -> Chain {
        var components: [String] = []
        for argument in evaluator.nestedArguments(arguments) {
            guard case .value(.string(let component)) = argument else {
                return .unresolved(argument.failure.reason ?? .notString)
            }
            components.append(component)
        }
        return components.isEmpty
            ? .unresolved(.callsFunction) : .value(.string(environment.path(components, root: root)))
    }

    /// `property("X")` (fails when absent), `findProperty("X")` (null when absent), `hasProperty("X")`.
    private func projectCall(_ name: String, arguments: Range<Int>, root: Bool) -> Chain {
        guard case .value(.string(let key)) = evaluator.nested(arguments) else {
            return .unresolved(.callsFunction)
        }
        let value = root ? environment.rootProperty(key) : environment.projectProperty(key)
        switch name {
        case "property": return value.map(Chain.init) ?? .unresolved(.noSuchProperty(key))
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

    func call(_ chain: Chain, _ name: String, arguments: Range<Int>?, nullSafe: Bool) -> Chain {
        switch chain {
        case .shortCircuited, .unresolved:
            return chain
        case .value(let value):
            return valueCall(value, name, arguments: arguments, nullSafe: nullSafe)
        case .project(let root):
            switch name {
            case "property", "findProperty", "hasProperty":
                return arguments.map { projectCall(name, arguments: $0, root: root) }
                    ?? .unresolved(.callsFunction)
            case "file":
                return arguments.map { path($0, root: root) } ?? .unresolved(.callsFunction)
            default:
                return .unresolved(.callsFunction)
            }
        case .ext(let root):
            guard let key = singleString(arguments) else { return .unresolved(.callsFunction) }
            switch name {
            case "get": return Chain(environment.extProperty(key, rootOnly: root))
            case "has":
                if case .unresolved(.noSuchExtProperty) = environment.extProperty(key, rootOnly: root) {
                    return .value(.bool(false))
                }
                return .value(.bool(true))
            default: return .unresolved(.callsFunction)
            }
        case .propertyMap:
            guard name == "get", let key = singleString(arguments) else { return .unresolved(.callsFunction) }
            return environment.projectProperty(key).map(Chain.init) ?? .value(.null)
        case .environmentVariables:
            return name == "get" ? .value(.null) : .unresolved(.callsFunction)
        case .catalog, .android, .defaultConfig, .flutter:
            return .unresolved(.callsFunction)
        case .catalogVersions:
            return call(Chain(finish(chain)), name, arguments: arguments, nullSafe: nullSafe)
        case .catalogPlugins:
            switch name {
            case "get" where arguments?.isEmpty ?? false, "asProvider" where arguments?.isEmpty ?? false: return chain
            case "getPluginId" where arguments?.isEmpty ?? false: return member(chain, "pluginId", nullSafe: nullSafe)
            default: return .unresolved(.callsFunction)
            }
        case .system:
            switch name {
            case "getProperty":
                guard let arguments else { return .unresolved(.callsFunction) }
                let values = evaluator.nestedArguments(arguments)
                guard case .value(.string(let key))? = values.first else {
                    return .unresolved(.callsFunction)
                }
                if let value = environment.properties.systemProperty(key) { return .value(.string(value)) }
                return values.count > 1 ? Chain(values[1]) : .value(.null)
            case "getenv":
                return arguments.map { $0.isEmpty ? .environmentVariables : .value(.null) }
                    ?? .unresolved(.callsFunction)
            default:
                return .unresolved(.callsFunction)
            }
        case .providers:
            guard let key = singleString(arguments) else { return .unresolved(.callsFunction) }
            switch name {
            case "gradleProperty":
                return environment.properties.value(of: key).map { .value(.string($0)) } ?? .value(.null)
            case "systemProperty":
                return environment.properties.systemProperty(key).map { .value(.string($0)) } ?? .value(.null)
            case "environmentVariable": return .value(.null)
            default: return .unresolved(.callsFunction)
            }
        case .integerClass:
            if name == "max", let arguments { return maximum(arguments) }
            guard ["parseInt", "valueOf", "parseLong"].contains(name), let arguments else {
                return .unresolved(.callsFunction)
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
        if case .map(let keys) = value {
            return evaluator.mapCall(keys, name, arguments: arguments).map(Chain.init)
                ?? .unresolved(.callsFunction)
        }
        if case .string = value, ExpressionEvaluator.streamMethods.contains(name), arguments != nil {
            return .value(value)  // `file.inputStream()`: the file stands for the stream
        }
        if value == .null {
            switch name {
            case "getOrElse", "orElse":
                return arguments.map { Chain(evaluator.nested($0)) } ?? .unresolved(.callsFunction)
            case "getOrNull" where hasNoArguments: return .value(.null)
            case "isPresent" where hasNoArguments: return .value(.bool(false))
            default: return nullSafe ? .shortCircuited : .unresolved(.notSet)
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
            guard case .string(let text) = value else { return .unresolved(.notString) }
            return .value(.string(String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())))
        default: return .unresolved(.callsFunction)
        }
    }

    func member(_ chain: Chain, _ name: String, nullSafe: Bool) -> Chain {
        switch chain {
        case .unresolved(.noSuchProperty(let type)) where type.first?.isUppercase == true:
            // `Versions.targetSdk`: a constant of an object in buildSrc; `NiaBuildType.RELEASE`: another member of a
            // class or object of the build's own code, not a property.
            if let constant = environment.buildCode[type]?[name] { return .value(constant) }
            return .unresolved(.buildCode(type))
        case .shortCircuited, .unresolved:
            return chain
        case .value(let value):
            switch (value, name) {
            case (.null, "orNull"): return .value(.null)
            case (.null, "present"), (.null, "isPresent"): return .value(.bool(false))
            case (.null, _): return nullSafe ? .shortCircuited : .unresolved(.notSet)
            case (.map(let keys), _): return keys[name].map(Chain.value) ?? .value(.null)
            case (_, "orNull"): return .value(value)
            case (_, "present"), (_, "isPresent"): return .value(.bool(true))
            default: return .unresolved(.notConstant)
            }
        case .project(let root):
            switch name {
            case "ext", "extra": return .ext(root: root)
            case "properties": return .propertyMap
            case "rootProject": return .project(root: true)
            case "providers": return .providers
            case "android" where !root: return .android
            case "rootDir": return .value(.string(environment.rootDirectory))
            case "projectDir": return .value(.string(root ? environment.rootDirectory : environment.projectDirectory))
            default:
                let value = root ? environment.rootProperty(name) : environment.projectProperty(name)
                return value.map(Chain.init) ?? .unresolved(.noSuchProperty(name))
            }
        case .ext(let root):
            return Chain(environment.extProperty(name, rootOnly: root))
        case .propertyMap:
            return environment.projectProperty(name).map(Chain.init) ?? .value(.null)
        case .catalog(let catalog):
            switch name {
            case "versions": return .catalogVersions(catalog, [])
            case "plugins": return .catalogPlugins(catalog, [])
            default: return .unresolved(.notConstant)
            }
        case .catalogVersions(let catalog, let path):
            return .catalogVersions(catalog, path + [name])
        case .catalogPlugins(let catalog, let path):
            guard name == "pluginId" else { return .catalogPlugins(catalog, path + [name]) }
            return environment.catalogs[catalog]?.plugins[path.joined(separator: ".")].map { .value(.string($0)) }
                ?? .unresolved(.notInCatalog)
        case .flutter:
            return environment.flutter?[name].map(Chain.value) ?? .unresolved(.notConstant)
        case .system:
            return name == "env" ? .environmentVariables : .unresolved(.notConstant)
        case .environmentVariables:
            return .value(.null)
        case .android:
            switch name {
            case "namespace": return environment.namespace.map(Chain.init) ?? .value(.null)
            case "defaultConfig": return .defaultConfig
            default: return .unresolved(.notConstant)
            }
        case .defaultConfig:
            // Set by this script so far, or by a plugin playprep does not read: never guessed as null.
            guard name == "versionCode" else { return .unresolved(.notConstant) }
            return environment.defaultVersionCode.map(Chain.init) ?? .unresolved(.defaultConfigNotSet(name))
        case .providers, .integerClass:
            return .unresolved(.notConstant)
        }
    }

    func index(_ chain: Chain, _ key: Evaluation) -> Chain {
        if case .unresolved = key { return Chain(key) }
        switch (chain, key) {
        case (.shortCircuited, _), (.unresolved, _): return chain
        case (.ext(let root), .value(.string(let name))): return Chain(environment.extProperty(name, rootOnly: root))
        case (.propertyMap, .value(.string(let name))):
            return environment.projectProperty(name).map(Chain.init) ?? .value(.null)
        case (.project, .value(.string(let name))): return member(chain, name, nullSafe: false)
        case (.environmentVariables, _): return .value(.null)
        case (.value(.map(let keys)), .value(.string(let name))):
            return keys[name].map(Chain.value) ?? .value(.null)
        case (.value(.list(let items)), .value(.int(let position))) where items.indices.contains(position):
            return .value(items[position])
        default: return .unresolved(.notConstant)
        }
    }

    func finish(_ chain: Chain) -> Evaluation {
        switch chain {
        case .value(let value): return .value(value)
        case .shortCircuited: return .value(.null)
        case .unresolved(let reason): return .unresolved(reason)
        case .catalogVersions(let catalog, let path):
            let key = path.joined(separator: ".")
            return environment.catalogs[catalog]?.versions[key].map { .value(.string($0)) }
                ?? .unresolved(.notInCatalog)
        case .environmentVariables: return .value(.null)
        default: return .unresolved(.notConstant)
        }
    }

    func cast(_ evaluation: Evaluation, to type: String) -> Evaluation {
        guard case .value(let value) = evaluation, value != .null else { return evaluation }
        switch type {
        case "String", "CharSequence", "GString": return value.text
        case "Integer", "int", "Long", "long", "Int": return value.wholeNumber
        default: return evaluation
        }
    }
}
