internal import CYaml
internal import Yams

/// A CI file's YAML, read within bounds: libyaml's events are counted first, each alias as the size of what it
/// names, and a file whose aliases expand past `WiringLimits.maxYAMLNodes` is refused before any tree is built
/// (an alias used as a mapping key would otherwise be hashed whole, 10^10 leaves from 700 bytes). Then Yams builds
/// the tree, which the readers walk with the helpers below (merge keys `<<:` applied).
enum CIYAML {
    /// The documents of `text`, or why they cannot be read.
    static func documents(_ text: String, maxNodes: Int) -> Result<[Node], UnreadWiring.Reason> {
        if let problem = expansionProblem(text, limit: maxNodes) { return .failure(problem) }
        do {
            return .success(try Yams.compose_all(yaml: text).map { $0 })
        } catch let error as YamlError {
            return .failure(.invalidYAML(Self.summary(of: error)))
        } catch {
            return .failure(.invalidYAML("the YAML parser stopped"))
        }
    }

    /// The first document of `text` (`nil` for an empty file).
    static func document(_ text: String, maxNodes: Int) -> Result<Node?, UnreadWiring.Reason> {
        documents(text, maxNodes: maxNodes).map(\.first)
    }

    /// A YAML error in plain words: libyaml's problem and position, never the library's type names.
    private static func summary(of error: YamlError) -> String {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            "line \(context.mark.line): a key appears twice in one mapping ("
                + duplicates.prefix(3).joined(separator: ", ") + ")"
        default:
            "the YAML parser stopped"
        }
    }

    /// libyaml's verdict on `text` and the size of its tree once aliases are expanded, in one pass over the
    /// events: `nil` when it may be built.
    private static func expansionProblem(_ text: String, limit: Int) -> UnreadWiring.Reason? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .invalidYAML("the YAML parser could not start") }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> UnreadWiring.Reason? in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // Open collections' expanded sizes with their anchors; the sizes of anchored nodes seen so far.
            var open = [(size: Int, anchor: String?)]()
            var anchored = [String: Int]()
            var total = 0
            func add(_ count: Int) {
                if open.isEmpty {
                    total = min(total + count, limit + 1)
                } else {
                    open[open.count - 1].size = min(open[open.count - 1].size + count, limit + 1)
                }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    return .invalidYAML(
                        "line \(parser.problem_mark.line + 1), column \(parser.problem_mark.column + 1): \(problem)")
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    if let anchor = event.data.scalar.anchor { anchored[String(cString: anchor)] = 1 }
                    add(1)
                case YAML_ALIAS_EVENT:
                    add(event.data.alias.anchor.flatMap { anchored[String(cString: $0)] } ?? 1)
                case YAML_SEQUENCE_START_EVENT:
                    open.append((1, event.data.sequence_start.anchor.map { String(cString: $0) }))
                case YAML_MAPPING_START_EVENT:
                    open.append((1, event.data.mapping_start.anchor.map { String(cString: $0) }))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let closed = open.popLast() {
                        if let anchor = closed.anchor { anchored[anchor] = closed.size }
                        add(closed.size)
                    }
                default:
                    break
                }
                if total > limit || open.last.map({ $0.size > limit }) == true { return .aliasExpansion(limit: limit) }
            }
        }
    }
}

extension Node {
    /// The pairs of a mapping with YAML merge keys applied (`<<: *defaults`, `<<: [*a, *b]`): the mapping's own keys
    /// win over merged ones, earlier merged mappings over later ones. Empty for anything else.
    var pairs: [(key: String, value: Node)] {
        guard let mapping else { return [] }
        var own = [(key: String, value: Node)]()
        var merged = [(key: String, value: Node)]()
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            if name == "<<" {
                let sources = value.sequence.map { Array($0) } ?? [value]
                for source in sources { merged += source.pairs }
            } else {
                own.append((name, value))
            }
        }
        guard !merged.isEmpty else { return own }
        var seen = Set(own.map(\.key))
        var result = own
        for pair in merged where seen.insert(pair.key).inserted { result.append(pair) }
        return result
    }

    /// The value of `key`, merge keys applied.
    func value(_ key: String) -> Node? {
        pairs.first { $0.key == key }?.value
    }

    /// The line of `key` in a mapping (the node's own line when it has no such key).
    func keyLine(_ key: String) -> Int {
        mapping?.first { $0.key.string == key }?.key.line ?? line
    }

    /// The 1-based line the node starts on.
    var line: Int { mark?.line ?? 1 }

    /// A scalar's text (strings, numbers and booleans as written).
    var text: String? { scalar?.string }

    /// A scalar, or the scalars of a sequence: `script: x` and `script: [x, y]` alike; nested sequences (GitLab's
    /// `!reference` results) flattened.
    var scalarList: [Node] {
        if scalar != nil { return [self] }
        return sequence.map { $0.flatMap(\.scalarList) } ?? []
    }

    /// `KEY: value` pairs of a mapping, or `KEY=value` / `- KEY: value` items of a sequence, as text.
    var variables: [String: String] {
        var values = [String: String]()
        if mapping != nil {
            for (key, value) in pairs {
                if let text = value.text {
                    values[key] = text
                } else if let text = value.value("value")?.text {
                    values[key] = text
                }
            }
        } else if let sequence {
            for item in sequence {
                if let text = item.text, let equals = text.firstIndex(of: "=") {
                    values[String(text[..<equals])] = String(text[text.index(after: equals)...])
                } else if let name = item.value("name")?.text, let value = item.value("value")?.text {
                    values[name] = value
                } else {
                    values.merge(item.variables) { $1 }
                }
            }
        }
        return values
    }

    /// The number of entries `variables` reads, counted without building it (for the environment limit).
    var variableCount: Int { mapping?.count ?? sequence?.count ?? 0 }
}
