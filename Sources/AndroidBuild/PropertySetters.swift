/// Where the repository sets properties that a module's script may not see: the `ext`/`extra` properties of every
/// Gradle script (applied scripts, other modules, convention plugins) and the keys of every `gradle.properties`.
/// A property the module's script cannot find is then reported as set there, not as "no such Gradle property".
struct PropertySetters {
    /// Property name → the first file (in path order) that sets it.
    private var setters: [String: String] = [:]

    /// Where `names` are set: `scripts` are Gradle scripts and `propertiesFiles` `gradle.properties` files, as
    /// sources already read; `environment` evaluates the scripts (an `ext` property counts as set whatever its
    /// value). Only scripts whose text holds one of the names are read.
    init(
        names: Set<String>, scripts: [ScriptSource], propertiesFiles: [ScriptSource],
        environment: EvaluationEnvironment
    ) {
        for file in propertiesFiles.sorted(by: { $0.path < $1.path }) {
            for name in PropertiesFile.parse(file.bytes).keys where names.contains(name) && setters[name] == nil {
                setters[name] = file.path
            }
        }
        let otherNames = names.filter { !$0.utf8.allSatisfy(Self.isWordByte) }.map { Array($0.utf8) }
        for script in scripts.sorted(by: { $0.path < $1.path })
        where Self.mentions(script.bytes, anyOf: names, otherNames: otherNames) {
            var reader = BuildScriptReader(script: TokenizedScript(source: script), environment: environment)
            reader.read()
            for name in reader.facts.ext.keys where names.contains(name) && setters[name] == nil {
                setters[name] = script.path
            }
        }
    }

    /// Whether `bytes` hold one of `names`: names that are words are looked up word by word in one pass, so many
    /// names cost no more than one; `otherNames` (`app.versionCode`), the rest, are searched for as text.
    private static func mentions(_ bytes: [UInt8], anyOf names: Set<String>, otherNames: [[UInt8]]) -> Bool {
        if otherNames.contains(where: { bytes.firstRange(of: $0) != nil }) { return true }
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
            if names.contains(String(decoding: bytes[start..<index], as: UTF8.self)) { return true }
        }
        return false
    }

    /// Letters, digits, `_` and non-ASCII; `$` starts a template (`"$name"`), so it separates words.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        ScriptTokenizer.isIdentifierPart(byte) && byte != UInt8(ascii: "$")
    }

    /// The properties the values of `modules` miss: only these are looked for in the repository's scripts.
    static func missing(in modules: [AndroidModule]) -> Set<String> {
        var names = Set<String>()
        for module in modules {
            for value in [module.namespace]
                + module.variants.flatMap({ [$0.applicationID, $0.versionCode.map(Self.text)] })
            {
                if case .unknown(let expression)? = value, let name = expression.reason.property { names.insert(name) }
            }
        }
        return names
    }

    /// `module` with each missing property's reason replaced by where it is set, when a file other than the
    /// module's build file sets it; `relative` makes that file's path as reports show it.
    func locating(_ module: AndroidModule, relative: (String) -> String) -> AndroidModule {
        var module = module
        let own = module.buildFile
        module.namespace = locating(module.namespace, ownFile: own, relative: relative)
        for index in module.variants.indices {
            module.variants[index].applicationID =
                locating(module.variants[index].applicationID, ownFile: own, relative: relative)
                ?? module.variants[index].applicationID
            module.variants[index].versionCode =
                locating(module.variants[index].versionCode, ownFile: own, relative: relative)
        }
        return module
    }

    private static func text(_ value: BuildValue<Int>) -> BuildValue<String> {
        switch value {
        case .known(let number, let location): .known(String(number), at: location)
        case .unknown(let expression): .unknown(expression)
        }
    }

    private func locating<Value>(_ value: BuildValue<Value>?, ownFile: String?, relative: (String) -> String)
        -> BuildValue<Value>?
    {
        guard case .unknown(var expression)? = value, let name = expression.reason.property,
            expression.reason == .noSuchProperty(name) || expression.reason == .noSuchExtProperty(name),
            let file = setters[name], file != ownFile
        else { return value }
        expression.reason = .setInAnotherScript(property: name, file: relative(file))
        return .unknown(expression)
    }
}
