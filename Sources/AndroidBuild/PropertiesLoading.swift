/// `.properties` files a build script reads into a `java.util.Properties`: the stream it opens names the file
/// (`FileInputStream(file)`, `file.newInputStream()`, `file.reader()`), and `Properties().apply { load(…) }`
/// fills it where it is made.
extension ExpressionEvaluator {
    /// The Java and Kotlin ways of opening a file for reading: the file is the value that matters.
    static let streamFunctions: Set<String> = [
        "FileInputStream", "FileReader", "InputStreamReader", "BufferedReader", "BufferedInputStream",
    ]
    static let streamMethods: Set<String> = [
        "inputStream", "newInputStream", "newDataInputStream", "newReader", "reader", "bufferedReader",
    ]

    /// `known` with the keys of the file the stream at `stream` reads; unresolved when the file is not one the
    /// build sees or the stream cannot be evaluated.
    func loading(_ stream: Range<Int>, into known: [String: ScriptValue]) -> Evaluation {
        guard case .value(.string(let path)) = evaluate(stream) else { return .unresolved(.callsFunction) }
        guard let keys = environment.files.properties(path) else {
            let relative =
                path.hasPrefix(environment.files.root + "/")
                ? String(path.dropFirst(environment.files.root.count + 1)) : path
            return .unresolved(.fileNotInRepository(relative))
        }
        return .value(.map(known.merging(keys.mapValues(ScriptValue.string)) { _, loaded in loaded }))
    }

    /// `Properties().apply { load(stream) }` (`also`, `run`, `with`; `it.load`, `this.load`; also inside
    /// `stream.use { load(it) }`): the properties after each `load` of the block.
    func loading(block: Range<Int>, into known: [String: ScriptValue]) -> Evaluation {
        var result = Evaluation.value(.map(known))
        for statement in script.statements(in: block) {
            guard case .value(.map(let current)) = result else { break }
            if let stream = streamOpenedByBlock(statement), let body = statement.body {
                if script.statements(in: body).contains(where: { loadArgument($0) != nil }) {
                    result = loading(stream, into: current)
                }
            } else if let stream = loadArgument(statement) {
                result = loading(stream, into: current)
            }
        }
        return result
    }

    /// The stream of a `load(stream)` statement on the receiver (`load(…)`, `it.load(…)`, `this.load(…)`).
    private func loadArgument(_ statement: TokenizedScript.Statement) -> Range<Int>? {
        guard statement.body == nil, let chain = StatementChain(script, in: statement.head),
            chain.end == statement.head.upperBound, let last = chain.segments.last, last.name == "load",
            chain.segments.count == 1 || chain.segments.count == 2 && ["it", "this"].contains(chain.segments[0].name)
        else { return nil }
        return last.arguments
    }

    /// `file("x").withReader("UTF-8") { … }` (`withInputStream`, `withDataInputStream`, `withStream`, `use`):
    /// the tokens of the stream the block reads, `file("x")`.
    func streamOpenedByBlock(_ statement: TokenizedScript.Statement) -> Range<Int>? {
        let head = statement.head
        guard statement.body != nil, let chain = StatementChain(script, in: head), chain.end == head.upperBound,
            chain.segments.count > 1, let last = chain.segments.last,
            ["withInputStream", "withReader", "withDataInputStream", "withStream", "use"].contains(last.name)
        else { return nil }
        var index = head.upperBound - 1
        if script.isSymbol(index, ")") {
            guard let open = (head.lowerBound..<index).last(where: { script.closer(of: $0) == index }) else {
                return nil
            }
            index = open - 1
        }
        guard script.isIdentifier(index), index - 1 > head.lowerBound,
            script.isSymbol(index - 1, ".") || script.isSymbol(index - 1, "?.")
        else { return nil }
        return head.lowerBound..<(index - 1)
    }

    /// A map's or `Properties`' methods: `getProperty(key)`, `getProperty(key, default)`, `get(key)`,
    /// `getOrDefault(key, default)`; nil for any other.
    func mapCall(_ keys: [String: ScriptValue], _ name: String, arguments: Range<Int>?) -> Evaluation? {
        guard let arguments, ["getProperty", "get", "getOrDefault"].contains(name) else { return nil }
        let values = nestedArguments(arguments)
        guard case .value(.string(let key))? = values.first else { return .unresolved(.notConstant) }
        if let value = keys[key] { return .value(value) }
        return values.count > 1 ? values[1] : .value(.null)
    }
}
