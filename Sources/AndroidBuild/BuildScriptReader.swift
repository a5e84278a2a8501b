/// Reads one module's build script the way the default build runs it, as far as the model needs: plugins,
/// `android { namespace, defaultConfig, buildTypes, productFlavors, flavorDimensions }`, `ext` and local values,
/// `wearApp` dependencies, the scripts it applies (`apply from:`) and the `.properties` files it loads.
///
/// Only blocks the Android DSL runs at configuration time are entered; code under `when`, `?.let`,
/// `afterEvaluate`, `androidComponents`, variant callbacks and any unknown block is not applied, nor an `if`
/// unless it tests that a file the repository holds exists. Functions the script defines are evaluated where
/// they are called.
struct BuildScriptReader {
    private let script: TokenizedScript
    private(set) var environment: EvaluationEnvironment
    private(set) var facts = BuildScriptFacts()
    /// The scripts applied so far (`apply from:`): each is applied once.
    private var appliedScripts: Set<String> = []
    /// How many `apply from:` scripts this one is inside.
    private var applyDepth = 0
    /// Inside a `withId` callback or a block for other projects: the plugins applied there reach as this says.
    private var pluginReach: (trigger: String?, reach: ReachingPlugin.Reach)?

    /// The part of the DSL a block configures.
    private enum Scope: Equatable {
        case script, buildscript, ext, plugins, extensions, dependencies
        case android, defaultConfig, buildTypes, productFlavors, flavorDimensions
        case buildType(ElementTarget)
        case productFlavor(ElementTarget)
        /// Gradle Play Publisher's `play {}` (nil) or `playConfigs { <name> {} }`, and its `enabled` property.
        case play(String?)
        case playConfigs
        case playEnabled(String?)
        /// `subprojects {}` / `allprojects {}`: only the plugins they apply are read.
        case otherProjects
    }

    /// Blocks nest at most this deep before they are skipped (hostile input cannot exhaust the stack).
    private static let maximumDepth = 24
    /// Scripts apply scripts at most this deep (`apply from:` in an applied script).
    private static let maximumApplyDepth = 8

    private static let androidExtensionTypes: Set<String> = [
        "ApplicationExtension", "LibraryExtension", "BaseAppModuleExtension", "AppExtension", "CommonExtension",
        "TestExtension", "DynamicFeatureExtension", "BaseExtension", "TestedExtension",
        "KotlinMultiplatformAndroidLibraryExtension",
    ]
    private static let elementCreators: Set<String> = [
        "create", "getByName", "named", "register", "maybeCreate", "findByName", "getAt",
    ]
    private static let containerMethods: Set<String> = [
        "each", "forEach", "matching", "withType", "findAll", "collect", "filter", "map", "whenObjectAdded",
        "configure",
        "names", "size", "iterator", "remove", "clear", "add", "addAll", "contains", "isEmpty", "getNames", "asMap",
        "find", "any", "every", "first", "last", "onEach",
    ]
    private static let controlWords: Set<String> = [
        "if", "else", "when", "for", "while", "do", "try", "catch", "finally", "return", "throw", "switch", "import",
        "package", "fun", "class", "object", "interface", "enum", "typealias", "abstract", "open", "data", "sealed",
        "assert", "break", "continue", "synchronized", "tasks", "task",
    ]
    private static let modifiers: Set<String> = [
        "final", "private", "static", "const", "public", "internal", "lateinit", "protected", "override",
    ]
    private static let primitiveTypes: Set<String> = [
        "int", "long", "boolean", "double", "float", "short", "byte", "char",
    ]

    init(script: TokenizedScript, environment: EvaluationEnvironment) {
        self.script = script
        self.environment = environment
    }

    /// Reads the whole script; `facts` and `environment.ext` hold the result.
    mutating func read() {
        appliedScripts.insert(script.source.path)
        runScript()
        facts.ext = environment.ext
    }

    /// Runs the whole script with its own functions (defined anywhere in it, as Groovy and Kotlin allow).
    private mutating func runScript() {
        let outerFunctions = environment.functions
        environment.functions.merge(ScriptFunction.definitions(in: script)) { _, own in own }
        run(0..<script.tokens.count, in: .script, depth: 0)
        // Closures in `ext` belong to the project: the applying script and the modules call them too.
        environment.functions = outerFunctions.merging(facts.extFunctions) { _, closure in closure }
    }

    /// The value a function body gives its caller: its top-level `return`, or in Groovy its last statement's
    /// value; statements before it run as the script's would (local values, loaded properties).
    mutating func returnValue(of body: Range<Int>) -> Evaluation {
        let statements = script.statements(in: body)
        for (index, statement) in statements.enumerated() {
            let head = statement.head
            if script.isIdentifier(head.lowerBound, "return") {
                return evaluator.evaluate((head.lowerBound + 1)..<statement.range.upperBound)
            }
            let isDeclaration = ["def", "val", "var"].contains { script.isIdentifier(head.lowerBound, $0) }
            if index == statements.count - 1, !script.source.isKotlin, !isDeclaration, statement.body == nil {
                return evaluator.evaluate(head)
            }
            interpret(statement, in: .script, depth: 1)
        }
        return .unresolved(.callsFunction)
    }

    private var evaluator: ExpressionEvaluator { ExpressionEvaluator(script: script, environment: environment) }

    private mutating func run(_ body: Range<Int>, in scope: Scope, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        if scope == .android { facts.configuresAndroid = true }
        // A block names its build type or flavour into being, even when it sets nothing the model reads.
        if case .buildType(.named(let name)) = scope { facts.buildTypes.ensure(name) }
        if case .productFlavor(.named(let name)) = scope { facts.productFlavors.ensure(name) }
        environment.enterBlock()
        for statement in script.statements(in: body) {
            interpret(statement, in: scope, depth: depth)
        }
        environment.leaveBlock()
    }

    private mutating func interpret(_ statement: TokenizedScript.Statement, in scope: Scope, depth: Int) {
        let head = skipAnnotations(statement.head)
        guard !head.isEmpty, script.isIdentifier(head.lowerBound) else { return }
        if scope == .plugins {
            if let id = pluginID(head) { record(id, at: head.lowerBound) }
            return
        }
        if scope == .otherProjects {
            if let chain = StatementChain(script, in: head) { _ = applyPlugins(statement, chain: chain, depth: depth) }
            return
        }
        let first = script.text(head.lowerBound)
        if first == "if", let branch = branchOfExistingFile(statement) {
            run(branch, in: scope, depth: depth + 1)
            return
        }
        if first == "if", scope == .script {
            recordGuardedPlugins(statement)
            return
        }
        if Self.controlWords.contains(first) || declareLocal(head, end: statement.range.upperBound)
            || loadProperties(statement)
        {
            return
        }
        guard let chain = StatementChain(script, in: head) else { return }
        if scope == .script, applyPlugins(statement, chain: chain, depth: depth) { return }
        var segments = chain.segments
        let last = segments.removeLast()
        if chain.end == head.upperBound, let body = statement.body {
            if let inner = navigate(from: scope, through: chain.segments) {
                run(body, in: inner, depth: depth + 1)
            }
            return
        }
        if let body = statement.body, script.isSymbol(head.upperBound - 1, "="), chain.end == head.upperBound - 1,
            last.isPlainName, navigate(from: scope, through: segments) == .ext
        {
            // `ext.configFile = { name -> rootProject.file("gradle/$name") }`: a closure scripts call by name.
            let closure = ScriptFunction(closureOpenedAt: head.upperBound, body: body, in: script)
            facts.extFunctions[last.name] = closure
            environment.functions[last.name] = closure
            return
        }
        guard statement.body == nil, let target = navigate(from: scope, through: segments) else { return }
        if chain.end == head.upperBound {
            if let arguments = last.arguments, !last.isIndex {
                call(target, last.name, arguments: arguments)
            }
            return
        }
        let valueRange = (chain.end + 1)..<head.upperBound
        if case .buildType(.named(let name)) = target { facts.buildTypes.ensure(name) }
        if case .productFlavor(.named(let name)) = target { facts.productFlavors.ensure(name) }
        if script.isSymbol(chain.end, "=") {
            if last.isIndex, target == .ext, case .value(.string(let key)) = evaluator.evaluate(last.arguments ?? 0..<0)
            {
                environment.ext[key] = evaluator.evaluate(valueRange)
            } else if last.isPlainName {
                assign(target, last.name, valueRange)
            }
        } else if script.isSymbol(chain.end, "+=") {
            if last.isPlainName && target == .android && last.name == "flavorDimensions" {
                facts.flavorDimensions += dimensionNames(valueRange)
            }
        } else if last.isPlainName {
            // A Groovy command call: `applicationId "x"`, `flavorDimensions "a", "b"`, `apply plugin: 'x'`.
            call(target, last.name, arguments: chain.end..<head.upperBound)
        }
    }

    private func skipAnnotations(_ head: Range<Int>) -> Range<Int> {
        var index = head.lowerBound
        while index < head.upperBound, script.isSymbol(index, "@") {
            index += 1
            if script.isIdentifier(index, "file") && script.isSymbol(index + 1, ":") { index += 2 }
            while index < head.upperBound, script.isIdentifier(index) {
                index += 1
                guard script.isSymbol(index, ".") else { break }
                index += 1
            }
            if script.isSymbol(index, "("), let close = script.closer(of: index) { index = close + 1 }
        }
        return min(index, head.upperBound)..<head.upperBound
    }

    // MARK: Navigation

    private func navigate(from scope: Scope, through segments: [StatementChain.Segment]) -> Scope? {
        var current = scope
        for segment in segments {
            guard let next = child(of: current, segment) else { return nil }
            current = next
        }
        return current
    }

    private func child(of scope: Scope, _ segment: StatementChain.Segment) -> Scope? {
        let name = segment.name
        let isAndroidExtension = segment.typeArgument.map(Self.androidExtensionTypes.contains) ?? false
        switch scope {
        case .script:
            if name == "configure" && isAndroidExtension { return .android }
            guard segment.isPlainName else { return nil }
            switch name {
            case "android": return .android
            case "project": return .script
            case "ext", "extra": return .ext
            case "buildscript": return .buildscript
            case "plugins": return .plugins
            case "extensions": return .extensions
            case "dependencies": return .dependencies
            case "play": return .play(nil)
            default: return nil
            }
        case .extensions:
            return name == "configure" && isAndroidExtension ? .android : nil
        case .buildscript:
            return segment.isPlainName && (name == "ext" || name == "extra") ? .ext : nil
        case .android:
            guard segment.isPlainName else { return nil }
            switch name {
            case "defaultConfig": return .defaultConfig
            case "buildTypes": return .buildTypes
            case "productFlavors": return .productFlavors
            case "flavorDimensions": return .flavorDimensions
            case "playConfigs": return .playConfigs
            case "apply", "run", "with": return .android
            default: return nil
            }
        case .buildTypes:
            return element(segment).map(Scope.buildType)
        case .productFlavors:
            return element(segment).map(Scope.productFlavor)
        case .defaultConfig, .buildType, .productFlavor:
            return segment.isPlainName && (name == "apply" || name == "configure" || name == "run") ? scope : nil
        case .playConfigs:
            guard case .named(let name)? = element(segment) else { return nil }
            return .play(name)
        case .play(let name):
            return segment.isPlainName && name == nil && segment.name == "playConfigs"
                ? .playConfigs : segment.isPlainName && segment.name == "enabled" ? .playEnabled(name) : nil
        case .ext, .plugins, .flavorDimensions, .dependencies, .playEnabled, .otherProjects:
            return nil
        }
    }

    /// Which build type or flavour a container member names: `release`, `create("x")`, `["x"]`, `all`.
    private func element(_ segment: StatementChain.Segment) -> ElementTarget? {
        if segment.isIndex || Self.elementCreators.contains(segment.name), segment.typeArgument == nil,
            let arguments = segment.arguments,
            case .value(.string(let name))? = script.splitAtCommas(arguments).first.map(evaluator.evaluate)
        {
            return .named(name)
        }
        guard segment.isPlainName else { return nil }
        if segment.name == "all" || segment.name == "configureEach" { return .all }
        return Self.containerMethods.contains(segment.name) || Self.elementCreators.contains(segment.name)
            ? nil : .named(segment.name)
    }

    // MARK: Settings

    /// `name = value`.
    private mutating func assign(_ scope: Scope, _ name: String, _ value: Range<Int>) {
        if !set(scope, name, value), environment.local(name) != nil {
            environment.declareLocal(name, evaluator.evaluate(value))
        }
    }

    /// `name value…` or `name(value…)`.
    private mutating func call(_ scope: Scope, _ name: String, arguments: Range<Int>) {
        switch (scope, name) {
        case (.script, "apply"):
            if let id = appliedPlugin(arguments) { record(id, at: arguments.lowerBound) }
            if let path = appliedScript(arguments) { apply(path) }
        case (.playEnabled(let name), "set"):
            setPublishing(name, arguments)
        case (.dependencies, let configuration) where configuration == "wearApp" || configuration.hasSuffix("WearApp"):
            // `wearApp`, or a variant's own (`globalWearApp`, `releaseWearApp`).
            if let path = projectReference(arguments) { facts.embeddedApps.append(path) }
        case (.android, "flavorDimensions"):
            facts.flavorDimensions = dimensionNames(arguments)
        case (.flavorDimensions, "add"), (.flavorDimensions, "addAll"):
            facts.flavorDimensions += dimensionNames(arguments)
        case (.ext, "set"):
            let parts = script.splitAtCommas(arguments)
            if parts.count == 2, case .value(.string(let key)) = evaluator.evaluate(parts[0]) {
                environment.ext[key] = evaluator.evaluate(parts[1])
            }
        case (.buildType(let target), "initWith"):
            if let other = elementName(arguments) { facts.buildTypes.initialize(target, from: other) }
        case (.productFlavor(let target), "initWith"):
            if let other = elementName(arguments) { facts.productFlavors.initialize(target, from: other) }
        default:
            _ = set(scope, name, arguments)
        }
    }

    /// Applies one property setting; false when the scope has no such property.
    private mutating func set(_ scope: Scope, _ name: String, _ value: Range<Int>) -> Bool {
        switch (scope, name) {
        case (.android, "namespace"), (.defaultConfig, "namespace"):
            setNamespace(value)
        case (.android, "flavorDimensions"):
            facts.flavorDimensions = dimensionNames(value)
        case (.defaultConfig, "applicationId"):
            facts.defaultConfig.applicationID = stringValue(value)
        case (.defaultConfig, "applicationIdSuffix"):
            facts.defaultConfig.applicationIDSuffix = stringValue(value)
        case (.defaultConfig, "versionCode"):
            let evaluation = evaluator.evaluate(value)
            environment.defaultVersionCode = evaluation
            facts.defaultConfig.versionCode = integerValue(evaluation, value)
        case (.defaultConfig, "targetSdk"), (.defaultConfig, "targetSdkVersion"):
            facts.defaultConfig.targetSdk = integerValue(value)
        case (.productFlavor(let target), "targetSdk"), (.productFlavor(let target), "targetSdkVersion"):
            facts.productFlavors.change(target, .targetSdk(integerValue(value)))
        case (.defaultConfig, "minSdk"), (.defaultConfig, "minSdkVersion"):
            facts.defaultConfig.minSdk = integerValue(value)
        case (.productFlavor(let target), "minSdk"), (.productFlavor(let target), "minSdkVersion"):
            facts.productFlavors.change(target, .minSdk(integerValue(value)))
        case (.defaultConfig, "signingConfig"):
            facts.defaultConfig.signingConfig = signingConfigName(value)
        case (.productFlavor(let target), "signingConfig"):
            facts.productFlavors.change(target, .signingConfig(signingConfigName(value)))
        case (.buildType(let target), "signingConfig"):
            let config = signingConfigName(value)
            facts.buildTypes.change(target, .signingConfig(config))
            facts.buildTypes.change(target, .signedWithDebugKey(config?.value == "debug"))
        case (.buildType(let target), "applicationIdSuffix"):
            facts.buildTypes.change(target, .applicationIDSuffix(stringValue(value)))
        case (.buildType(let target), "debuggable"), (.buildType(let target), "isDebuggable"):
            if case .value(.bool(let flag)) = evaluator.evaluate(value) {
                facts.buildTypes.change(target, .debuggable(flag))
            }
        case (.play(let name), "enabled"):
            setPublishing(name, value)
        case (.productFlavor(let target), "applicationId"):
            facts.productFlavors.change(target, .applicationID(stringValue(value)))
        case (.productFlavor(let target), "applicationIdSuffix"):
            facts.productFlavors.change(target, .applicationIDSuffix(stringValue(value)))
        case (.productFlavor(let target), "versionCode"):
            facts.productFlavors.change(target, .versionCode(integerValue(value)))
        case (.productFlavor(let target), "dimension"):
            if case .value(.string(let dimension)) = evaluator.evaluate(value) {
                facts.productFlavors.change(target, .dimension(dimension))
            }
        case (.buildTypes, _), (.productFlavors, _):
            return false
        case (.ext, _):
            environment.ext[name] = evaluator.evaluate(value)
        default:
            return false
        }
        return true
    }

    private mutating func setNamespace(_ range: Range<Int>) {
        let evaluation = evaluator.evaluate(range)
        facts.namespace = buildValue(evaluation, range) { value in
            if case .string(let text) = value { return text }
            return nil
        }
        environment.namespace = evaluation
        // Only a plain string literal is a declaration the namespace rules can judge.
        guard range.count == 1, case .value(.string(let name)) = evaluation else { return }
        let token = script.tokens[range.lowerBound]
        let isPlainLiteral =
            token.kind == .string
            && !(token.isTemplate
                && script.source.bytes[token.contentStart..<token.contentEnd].contains(UInt8(ascii: "$")))
        guard isPlainLiteral else { return }
        let location = script.source.location(at: token.contentStart)
        facts.namespaceDeclarations.append(DeclaredName(kind: .namespace, value: name, location: location))
    }

    /// GPP's `enabled`: whether its tasks publish every variant (`play {}`) or those a `playConfigs` entry names.
    private mutating func setPublishing(_ name: String?, _ value: Range<Int>) {
        guard case .value(.bool(let flag)) = evaluator.evaluate(value) else { return }
        if let name { facts.playPublishing[name] = flag } else { facts.playPublishesByDefault = flag }
    }

    // MARK: Values

    private func stringValue(_ range: Range<Int>) -> BuildValue<String>? {
        buildValue(evaluator.evaluate(range), range) { value in
            if case .string(let text) = value { return text }
            return nil
        }
    }

    private func integerValue(_ range: Range<Int>) -> BuildValue<Int>? {
        integerValue(evaluator.evaluate(range), range)
    }

    private func integerValue(_ evaluation: Evaluation, _ range: Range<Int>) -> BuildValue<Int>? {
        buildValue(evaluation, range) { value in
            if case .int(let number) = value { return number }
            return nil
        }
    }

    /// A known value where the expression starts, nil for null (Gradle leaves the property unset), else the
    /// expression as written with the reason.
    private func buildValue<Value>(
        _ evaluation: Evaluation, _ range: Range<Int>, _ convert: (ScriptValue) -> Value?
    ) -> BuildValue<Value>? {
        let location = script.location(range.lowerBound)
        let reason: UnresolvedReason
        switch evaluation {
        case .value(.null):
            return nil
        case .value(let value):
            if let converted = convert(value) { return .known(converted, at: location) }
            reason = Value.self == Int.self ? .notWholeNumber : .notString
        case .unresolved(let why):
            reason = why
        }
        return .unknown(UnresolvedExpression(expression: script.excerpt(range), location: location, reason: reason))
    }

    /// The signing config an expression names: `signingConfigs.release`, `signingConfigs.getByName("release")`,
    /// `signingConfigs["release"]`, `android.signingConfigs.named("x")`; nil for `null` (unsigned); else the
    /// expression as written.
    private func signingConfigName(_ range: Range<Int>) -> BuildValue<String>? {
        let location = script.location(range.lowerBound)
        if range.count == 1, script.isIdentifier(range.lowerBound, "null") { return nil }
        if let chain = StatementChain(script, in: range), chain.end == range.upperBound {
            var segments = chain.segments[...]
            if segments.first?.name == "android" { segments = segments.dropFirst() }
            if segments.count == 2, segments.first?.name == "signingConfigs" {
                let member = segments[segments.startIndex + 1]
                if member.isPlainName { return .known(member.name, at: location) }
                if member.isIndex || ["getByName", "named", "getAt", "findByName"].contains(member.name),
                    let arguments = member.arguments, case .value(.string(let name)) = evaluator.evaluate(arguments)
                {
                    return .known(name, at: location)
                }
            }
        }
        return .unknown(
            UnresolvedExpression(expression: script.excerpt(range), location: location, reason: .notConstant))
    }

    /// Dimension names from `"a", "b"`, `["a", "b"]`, `listOf("a")`; unresolved entries are left out.
    private func dimensionNames(_ range: Range<Int>) -> [String] {
        var names: [String] = []
        func collect(_ value: ScriptValue) {
            switch value {
            case .string(let name): names.append(name)
            case .list(let items): items.forEach(collect)
            default: break
            }
        }
        for argument in evaluator.arguments(range) {
            if case .value(let value) = argument { collect(value) }
        }
        return names
    }

    /// The element `initWith` names: `release`, `buildTypes.release`, `getByName("release")`, `buildTypes["x"]`.
    private func elementName(_ range: Range<Int>) -> String? {
        guard let chain = StatementChain(script, in: range), chain.end == range.upperBound,
            let last = chain.segments.last
        else { return nil }
        if last.isPlainName { return last.name }
        guard let arguments = last.arguments, case .value(.string(let name)) = evaluator.evaluate(arguments) else {
            return nil
        }
        return name
    }

    // MARK: Locals and plugins

    /// `def x = …`, `val x: T = …`, `final def x = …`, `String x = …`: records the value (a trailing block up to
    /// `end` belongs to it: `Properties().apply { … }`); true when the statement is a declaration (a function
    /// definition counts, and is skipped: ``ScriptFunction`` reads it).
    private mutating func declareLocal(_ head: Range<Int>, end: Int) -> Bool {
        var index = head.lowerBound
        while index < head.upperBound, Self.modifiers.contains(script.text(index)), script.isIdentifier(index) {
            index += 1
        }
        let hasKeyword = ["def", "val", "var"].contains { script.isIdentifier(index, $0) }
        if hasKeyword {
            index += 1
            if script.isIdentifier(index), script.isIdentifier(index + 1), !script.isIdentifier(index + 1, "by") {
                index += 1  // Groovy `def String name`
            }
        } else {
            // Groovy typed declaration: `String name = …`, `String[] names = …`, `int n = …`.
            guard script.isIdentifier(index) else { return index > head.lowerBound }
            let type = script.text(index)
            guard type.first?.isUppercase == true || Self.primitiveTypes.contains(type) else {
                return index > head.lowerBound
            }
            var next = index + 1
            if script.isSymbol(next, "["), script.isSymbol(next + 1, "]") { next += 2 }
            guard script.isIdentifier(next), script.isSymbol(next + 1, "=") else { return index > head.lowerBound }
            index = next
        }
        guard index < head.upperBound, script.isIdentifier(index) else { return true }
        let name = script.text(index)
        index += 1
        if script.isSymbol(index, "(") || script.isSymbol(index, "<") { return true }  // a function
        while index < head.upperBound, !script.isSymbol(index, "="), !script.isIdentifier(index, "by") {
            index = (script.closer(of: index) ?? index) + 1  // a type: `: String?`, `: List<String>`
        }
        if script.isSymbol(index, "=") {
            environment.declareLocal(name, evaluator.evaluate((index + 1)..<max(end, head.upperBound)))
        } else if script.isIdentifier(index, "by") {
            let delegate = (index + 1)..<head.upperBound
            let byProject = delegate.count == 1 && script.isIdentifier(delegate.lowerBound, "project")
            environment.declareLocal(
                name,
                byProject ? environment.projectProperty(name) ?? .value(.null) : .unresolved(.callsFunction))
        } else {
            environment.declareLocal(name, .value(.null))
        }
        return true
    }

    /// The plugin a `plugins {}` entry applies: `id 'x'`, `id("x") version "1"`, `id(libs.plugins.x.get().pluginId)`,
    /// `alias(libs.plugins.x)`, `` `java-library` ``; nil for `apply false` entries, and for an alias or id
    /// expression that cannot be read, which is kept in `facts.unreadPlugins`.
    private mutating func pluginID(_ head: Range<Int>) -> String? {
        for index in head where script.isIdentifier(index, "apply") {
            if script.isIdentifier(index + 1, "false")
                || script.isSymbol(index + 1, "(") && script.isIdentifier(index + 2, "false")
            {
                return nil
            }
        }
        guard let chain = StatementChain(script, in: head), let first = chain.segments.first else { return nil }
        switch first.name {
        case "id":
            let argument =
                first.arguments ?? (chain.end < head.upperBound ? chain.end..<(chain.end + 1) : chain.end..<chain.end)
            switch evaluator.evaluate(argument) {
            case .value(.string(let id)): return id
            case .unresolved(let reason) where !argument.isEmpty && script.tokens[argument.lowerBound].kind != .string:
                unread(argument, "its id is `\(script.excerpt(argument))`, which playprep cannot evaluate (\(reason))")
            default: break
            }
            return nil
        case "alias":
            // `alias(libs.plugins.x)`, or in Groovy without parentheses: `alias libs.plugins.x`.
            let arguments = first.arguments ?? (chain.end < head.upperBound ? chain.end..<head.upperBound : nil)
            guard let arguments, let alias = StatementChain(script, in: arguments),
                alias.segments.count > 2, alias.segments[1].name == "plugins"
            else { return nil }
            let catalogName = alias.segments[0].name
            let path = alias.segments.dropFirst(2).map(\.name).joined(separator: ".")
            guard let catalog = environment.catalogs[catalogName] else {
                unread(head, "no version catalog `\(catalogName)` playprep found (gradle/\(catalogName).versions.toml)")
                return nil
            }
            guard let id = catalog.plugins[path] else {
                unread(head, "the version catalog `\(catalogName)` has no plugin `\(path)`")
                return nil
            }
            return id
        default:
            return chain.segments.count == 1 && first.arguments == nil ? first.name : nil
        }
    }

    /// A plugin applied at `token`: the module's own, or a ``ReachingPlugin`` inside a callback or a block for
    /// other projects.
    private mutating func record(_ id: String, at token: Int) {
        let plugin = AppliedPlugin(id: id, location: script.location(token))
        if let pluginReach {
            facts.reachingPlugins.append(
                ReachingPlugin(plugin: plugin, trigger: pluginReach.trigger, reach: pluginReach.reach))
        } else {
            facts.plugins.append(plugin)
        }
    }

    /// The statements that apply plugins out of the script's order or by method: `subprojects {}` and
    /// `allprojects {}` (their bodies read for plugins only), `plugins.withId('x') {}` and
    /// `pluginManager.withPlugin('x') {}` (applied once `x` is), `pluginManager.apply('x')` and
    /// `plugins.apply('x')`, each also after `project.`; in a block for other projects also `apply plugin: 'x'`.
    /// True when the statement was one of these.
    private mutating func applyPlugins(_ statement: TokenizedScript.Statement, chain: StatementChain, depth: Int)
        -> Bool
    {
        let head = statement.head
        let segments = chain.segments.drop { $0.isPlainName && $0.name == "project" }
        guard let last = segments.last else { return false }
        let receiver = segments.dropLast().map(\.name)
        let inOtherProjects = pluginReach.map { $0.reach != .thisProject } ?? false
        let scope: Scope = inOtherProjects ? .otherProjects : .script
        if let body = statement.body, chain.end == head.upperBound {
            let outer = pluginReach
            defer { pluginReach = outer }
            if receiver.isEmpty, last.isPlainName, last.name == "subprojects" || last.name == "allprojects" {
                pluginReach = (nil, last.name == "subprojects" ? .subprojects : .allProjects)
                run(body, in: .otherProjects, depth: depth + 1)
                return true
            }
            guard
                receiver == ["plugins"] && last.name == "withId"
                    || receiver == ["pluginManager"]
                        && last.name == "withPlugin",
                let arguments = last.arguments,
                case .value(.string(let trigger)) = evaluator.evaluate(arguments)
            else { return false }
            pluginReach = (trigger, outer?.reach ?? .thisProject)
            run(body, in: scope, depth: depth + 1)
            return true
        }
        guard statement.body == nil, last.name == "apply" else { return false }
        let arguments = chain.end == head.upperBound ? last.arguments : chain.end..<head.upperBound
        guard let arguments else { return false }
        if receiver == ["plugins"] || receiver == ["pluginManager"] {
            guard case .value(.string(let id)) = evaluator.evaluate(arguments) else { return false }
            record(id, at: arguments.lowerBound)
            return true
        }
        guard receiver.isEmpty, scope == .otherProjects, let id = appliedPlugin(arguments) else { return false }
        record(id, at: arguments.lowerBound)
        return true
    }

    private mutating func unread(_ range: Range<Int>, _ reason: String) {
        facts.unreadPlugins.append(
            UnreadPlugin(expression: script.excerpt(range), location: script.location(range.lowerBound), reason: reason)
        )
    }

    /// `apply plugin: 'x'` / `apply(plugin = "x")`.
    private func appliedPlugin(_ arguments: Range<Int>) -> String? {
        namedArgument("plugin", in: arguments)
    }

    /// `apply from: "$rootDir/gradle/x.gradle"` / `apply(from = file("x.gradle"))`: the script's path.
    private func appliedScript(_ arguments: Range<Int>) -> String? {
        namedArgument("from", in: arguments)
    }

    private func namedArgument(_ name: String, in arguments: Range<Int>) -> String? {
        for part in script.splitAtCommas(arguments) where script.isIdentifier(part.lowerBound, name) {
            let separator = part.lowerBound + 1
            guard script.isSymbol(separator, ":") || script.isSymbol(separator, "=") else { continue }
            if case .value(.string(let value)) = evaluator.evaluate((separator + 1)..<part.upperBound) { return value }
        }
        return nil
    }

    /// Runs a script the module applies (`apply from:`), as Gradle does: on the same project, its plugins, `ext`
    /// properties and `android {}` settings the module's own. A path relative to the project folder; each file
    /// once; a script playprep cannot read (a URL, a file the repository does not hold) is skipped.
    private mutating func apply(_ path: String) {
        let resolved = environment.path([path])
        guard applyDepth < Self.maximumApplyDepth, !appliedScripts.contains(resolved),
            let source = environment.files.source(resolved)
        else { return }
        var applied = BuildScriptReader(script: TokenizedScript(source: source), environment: environment)
        applied.facts = facts
        applied.appliedScripts = appliedScripts.union([source.path])
        applied.applyDepth = applyDepth + 1
        applied.runScript()
        facts = applied.facts
        appliedScripts = applied.appliedScripts
        environment = applied.environment
    }

    /// The Gradle path `wearApp` names: `project(":wear")`, or a type-safe accessor (`projects.wear`) as
    /// `projects.wear`, matched to a path by the reader.
    private func projectReference(_ arguments: Range<Int>) -> String? {
        guard let chain = StatementChain(script, in: arguments), let first = chain.segments.first else { return nil }
        if first.name == "project", let inner = first.arguments,
            case .value(.string(let path)) = evaluator.evaluate(inner)
        {
            return SettingsReader.gradlePath(path)
        }
        guard first.name == "projects", chain.segments.count > 1, chain.segments.allSatisfy(\.isPlainName) else {
            return nil
        }
        return chain.segments.map(\.name).joined(separator: ".")
    }

    // MARK: Files the script reads

    /// `if (file.exists()) { … }` (also `canRead()`, `isFile()`) on a file the build sees: the block to run. Other
    /// conditions, and files the repository does not hold, leave the statement unapplied.
    private func branchOfExistingFile(_ statement: TokenizedScript.Statement) -> Range<Int>? {
        guard let (condition, branch) = conditionAndBranch(of: statement) else { return nil }
        guard condition.count >= 3, let test = condition.last.map({ script.isSymbol($0, ")") ? $0 - 2 : $0 }),
            test > condition.lowerBound, ["exists", "canRead", "isFile"].contains(script.text(test)),
            script.isSymbol(test - 1, ".") || script.isSymbol(test - 1, "?.")
        else { return nil }
        guard case .value(.string(let path)) = evaluator.evaluate(condition.lowerBound..<(test - 1)),
            environment.files.exists(path)
        else { return nil }
        return branch
    }

    /// The condition of `if (condition) { branch }` (also followed by `else { … }`) and the branch it runs.
    private func conditionAndBranch(of statement: TokenizedScript.Statement) -> (Range<Int>, Range<Int>)? {
        let head = statement.head
        let open = head.lowerBound + 1
        guard script.isSymbol(open, "("), let close = script.closer(of: open), close < head.upperBound,
            let body = statement.body
        else { return nil }
        var branch = body
        if close + 1 < head.upperBound {
            // `if (…) { then } else { … }`: the head holds the first block.
            guard script.isSymbol(close + 1, "{"), let end = script.closer(of: close + 1), end + 2 == head.upperBound,
                script.isIdentifier(end + 1, "else")
            else { return nil }
            branch = (close + 2)..<end
        }
        return ((open + 1)..<close, branch)
    }

    /// `if (condition) { apply plugin: 'x' }` whose condition playprep does not evaluate: each plugin the branch
    /// applies, applied only where the condition holds when Gradle runs (not a plugin of the module).
    private mutating func recordGuardedPlugins(_ statement: TokenizedScript.Statement) {
        guard let (condition, branch) = conditionAndBranch(of: statement) else { return }
        for inner in script.statements(in: branch) {
            let head = inner.head
            guard let chain = StatementChain(script, in: head), chain.segments.count == 1,
                chain.segments[0].name == "apply"
            else { continue }
            let arguments = chain.end == head.upperBound ? chain.segments[0].arguments : chain.end..<head.upperBound
            guard let arguments, let id = appliedPlugin(arguments) else { continue }
            facts.guardedPlugins.append(
                GuardedPlugin(
                    id: id, location: script.location(head.lowerBound), condition: script.excerpt(condition),
                    testsOnlyCredentials: PluginGuard(script: script).testsOnlyCredentials(condition)))
        }
    }

    /// `props.load(stream)` and `stream.withInputStream { props.load(it) }` (`withReader`, `use`): fills the
    /// local `Properties` from the file the stream reads; true when the statement is one of these.
    private mutating func loadProperties(_ statement: TokenizedScript.Statement) -> Bool {
        let head = statement.head
        guard let chain = StatementChain(script, in: head), chain.end == head.upperBound else { return false }
        if statement.body == nil {
            guard chain.segments.count == 2, chain.segments[1].name == "load", let stream = chain.segments[1].arguments
            else { return false }
            return load(stream, into: chain.segments[0].name)
        }
        guard let body = statement.body, let stream = evaluator.streamOpenedByBlock(statement) else { return false }
        var loaded = false
        for inner in script.statements(in: body) {
            guard let call = StatementChain(script, in: inner.head), call.end == inner.head.upperBound,
                call.segments.count == 2, call.segments[1].name == "load"
            else { continue }
            loaded = load(stream, into: call.segments[0].name) || loaded
        }
        return loaded
    }

    /// Loads the file `stream` reads into the local `Properties` named `name`.
    private mutating func load(_ stream: Range<Int>, into name: String) -> Bool {
        guard case .value(.map(let known))? = environment.local(name) else { return false }
        environment.updateLocal(name, evaluator.loading(stream, into: known))
        return true
    }

}
