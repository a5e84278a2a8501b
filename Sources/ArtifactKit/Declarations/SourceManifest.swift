/// A source `AndroidManifest.xml` read as far as declarations need it: elements with their paths, attributes
/// (prefixes resolved through the `xmlns:` declarations) and lines. Elements marked `tools:node="remove"` or
/// `"removeAll"` are left out with their children, since the merged manifest will not have them, and kept as
/// ``Removal``s: the manifest merger also takes them out of the manifests of lower priority.
public struct SourceManifest: Sendable {
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// A `tools:node="remove"` (one element, by its `android:name`) or `"removeAll"` (every element at `path`).
    struct Removal: Sendable, Hashable {
        var path: [String]
        /// `nil` for `removeAll`.
        var name: String?

        /// Whether the merger takes `element` out for this marker.
        func removes(_ element: XMLElement) -> Bool {
            guard element.path == path else { return false }
            guard let name else { return true }
            if case .string(let elementName) = element.attribute("name", id: AppManifest.AttributeID.name) {
                return elementName == name
            }
            return false
        }
    }

    var elements: [XMLElement] = []
    var lines: [Int] = []
    var removals: [Removal] = []

    /// Reads `text`; throws when a tag is left open, an end tag does not match, elements nest more than
    /// ``BinaryXML/maximumDepth`` deep or their paths hold more than ``BinaryXML/maximumPathNames`` names.
    public init(_ text: String) throws(ArtifactParseError) {
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var pathNames = 0
        var open: [(name: String, namespaces: [String: String], removed: Bool)] = []
        func advance(to end: Int) {
            while index < min(end, bytes.count) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }
        func find(_ needle: String, from start: Int) -> Int? {
            let target = Array(needle.utf8)
            var at = start
            while at + target.count <= bytes.count {
                if bytes[at] == target[0], Array(bytes[at..<at + target.count]) == target { return at }
                at += 1
            }
            return nil
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance(to: index + 1)
                continue
            }
            let rest = bytes[index...]
            for (opening, closing) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
            where rest.starts(with: opening.utf8) {
                guard let end = find(closing, from: index + opening.utf8.count) else {
                    throw ArtifactParseError("line \(line): \(opening) is never closed")
                }
                advance(to: end + closing.utf8.count)
                break
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { continue }
            if index + 1 < bytes.count, [UInt8(ascii: "!"), UInt8(ascii: "?")].contains(bytes[index + 1]) { continue }
            let tagLine = line
            guard let end = Self.tagEnd(bytes, from: index) else {
                throw ArtifactParseError("line \(line): a tag is never closed")
            }
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            advance(to: end + 1)
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).filter { !$0.isWhitespace }
                guard let last = open.popLast(), last.name == name else {
                    throw ArtifactParseError("line \(tagLine): </\(name)> does not close an open element")
                }
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let (name, raw) = Self.split(selfClosing ? String(tag.dropLast()) : tag)
            var namespaces = open.last?.namespaces ?? [:]
            for (key, value) in raw where key.hasPrefix("xmlns:") { namespaces[String(key.dropFirst(6))] = value }
            let attributes = raw.filter { !$0.name.hasPrefix("xmlns") }.map { key, value in
                let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
                let prefixed = parts.count == 2
                return XMLAttribute(
                    namespace: prefixed ? namespaces[parts[0]] ?? parts[0] : "", name: parts.last ?? key,
                    resourceID: nil, value: .string(value))
            }
            let node = attributes.first { $0.namespace == Self.toolsNamespace && $0.name == "node" }?.value
            let marks = node == .string("remove") || node == .string("removeAll")
            let removed = (open.last?.removed ?? false) || marks
            if marks, !(open.last?.removed ?? false) {
                let element = XMLElement(path: open.map(\.name) + [name], attributes: attributes)
                let named: String? =
                    if case .string(let text) = element.attribute("name", id: AppManifest.AttributeID.name) {
                        text
                    } else { nil }
                removals.append(Removal(path: element.path, name: node == .string("remove") ? named : nil))
            }
            if !removed {
                pathNames += open.count + 1
                guard pathNames <= BinaryXML.maximumPathNames else {
                    throw BinaryXML.tooManyPathNames(at: "line \(tagLine): ")
                }
                elements.append(XMLElement(path: open.map(\.name) + [name], attributes: attributes))
                lines.append(tagLine)
            }
            if !selfClosing {
                // Each element keeps its path, so depth is capped as in the artifact's binary XML.
                guard open.count < BinaryXML.maximumDepth else {
                    throw ArtifactParseError(
                        "line \(tagLine): elements nested more than \(BinaryXML.maximumDepth) deep (playprep's limit)")
                }
                open.append((name, namespaces, removed))
            }
        }
        if let last = open.last { throw ArtifactParseError("<\(last.name)> is never closed") }
    }

    /// The facts of this manifest; its target level is the build's, unknown here.
    public var facts: DeclarationFacts {
        DeclarationFacts(elements: elements, targetSdk: nil, lines: lines)
    }

    /// The facts of one variant's source manifests merged as the manifest merger merges them: `layers` from the
    /// lowest priority (`main`) to the highest (the variant's own), at `targetSdk` (the build's). An element a
    /// layer above marks `tools:node="remove"` (by name) or `"removeAll"` is left out; of a permission or service
    /// declared in several layers, the highest layer's is kept with its children. Lines are kept for the lowest
    /// layer's elements only (the others are in other files).
    public static func merged(_ layers: [SourceManifest], targetSdk: Int?) -> DeclarationFacts {
        var elements = [XMLElement]()
        var lines = [Int?]()
        var seen = Set<[String]>()
        for (layer, manifest) in layers.enumerated().reversed() {
            let above = layers.dropFirst(layer + 1).flatMap(\.removals)
            var skipped: [String]?
            for (index, element) in manifest.elements.enumerated() {
                if let parent = skipped, element.path.count > parent.count, element.path.starts(with: parent) {
                    continue
                }
                skipped = nil
                let key = Self.key(element)
                if above.contains(where: { $0.removes(element) }) || key.map({ !seen.insert($0).inserted }) == true {
                    skipped = element.path
                    continue
                }
                elements.append(element)
                lines.append(layer == 0 ? manifest.lines[index] : nil)
            }
        }
        var facts = DeclarationFacts(elements: elements, targetSdk: targetSdk, lines: lines.map { $0 ?? 0 })
        for index in facts.permissions.indices where facts.permissions[index].line == 0 {
            facts.permissions[index].line = nil
        }
        for index in facts.services.indices where facts.services[index].line == 0 { facts.services[index].line = nil }
        return facts
    }

    /// Permissions and services are merged by name; other elements are kept as they come.
    private static func key(_ element: XMLElement) -> [String]? {
        let merged: Set = [
            ["manifest", "uses-permission"], ["manifest", "uses-permission-sdk-23"],
            ["manifest", "application", "service"],
        ]
        guard merged.contains(element.path),
            case .string(let name) = element.attribute("name", id: AppManifest.AttributeID.name)
        else { return nil }
        return element.path + [name]
    }

    /// The index of the `>` that ends the tag starting at `start`, outside quoted values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        for at in start..<bytes.count {
            let byte = bytes[at]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return at
            }
        }
        return nil
    }

    /// `uses-permission android:name="x"` → the element name and its attributes, entities decoded. An ASCII tag
    /// is read by its bytes, which are its characters (CR LF aside, which is whitespace either way).
    private static func split(_ tag: String) -> (String, [(name: String, value: String)]) {
        if tag.utf8.allSatisfy({ $0 < 0x80 }) {
            return split(
                Array(tag.utf8), isSpace: { $0 == 0x20 || (0x09...0x0D).contains($0) }, equals: UInt8(ascii: "="),
                quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")], text: { String(decoding: $0, as: UTF8.self) })
        }
        return split(Array(tag), isSpace: \.isWhitespace, equals: "=", quotes: ["\"", "'"], text: { String($0) })
    }

    /// The tag's name and attributes, read from its units (bytes or characters).
    private static func split<Unit: Equatable>(
        _ units: [Unit], isSpace: (Unit) -> Bool, equals: Unit, quotes: [Unit], text: (ArraySlice<Unit>) -> String
    ) -> (String, [(name: String, value: String)]) {
        var at = 0
        func skipSpace() { while at < units.count, isSpace(units[at]) { at += 1 } }
        func word() -> String {
            let start = at
            while at < units.count, !isSpace(units[at]), units[at] != equals { at += 1 }
            return text(units[start..<at])
        }
        let name = word()
        var attributes: [(name: String, value: String)] = []
        while true {
            skipSpace()
            guard at < units.count else { break }
            let key = word()
            skipSpace()
            guard at < units.count, units[at] == equals else { continue }
            at += 1
            skipSpace()
            guard at < units.count, quotes.contains(units[at]) else { continue }
            let quote = units[at]
            at += 1
            let start = at
            while at < units.count, units[at] != quote { at += 1 }
            attributes.append((key, decode(text(units[start..<min(at, units.count)]))))
            at += 1
        }
        return (name, attributes)
    }

    private static func decode(_ value: String) -> String {
        // Most values hold no entity: Foundation's five replacements are skipped for them.
        guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
        return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// The manifest merger's report (`build/outputs/logs/manifest-merger-<variant>-report.txt`, its "blame" log):
/// which library or file added each `<uses-permission>` of the merged manifest, and which the merger implied.
/// An element line (`uses-permission#NAME`) is followed by its actions (`ADDED from [group:artifact:version] …`,
/// `MERGED from …`, `IMPLIED from …`, `REJECTED from …` when a `tools:node="remove"` took it out); tab-indented
/// lines are about attributes.
public struct ManifestMergerReport: Sendable {
    /// The merged manifest's permissions, in the report's order.
    public var permissions: [String] { order }

    /// Where `permission` first came from: `[com.google.android.gms:play-services-ads-identifier:18.0.0]`, a
    /// manifest path, or the `IMPLIED from …` line.
    public func origin(of permission: String) -> String? { origins[permission] }

    /// The facts of the merged manifest as far as the report tells them (permissions only; its target level is
    /// not in the report).
    public var facts: DeclarationFacts {
        DeclarationFacts(targetSdk: nil, permissions: order.map { DeclarationFacts.Permission(name: $0) })
    }

    private var order: [String] = []
    private var origins: [String: String] = [:]

    public init(_ text: String) {
        var current: String?
        var rejected = Set<String>()
        for raw in text.split(separator: "\n") {
            guard !raw.hasPrefix("\t") else { continue }
            let line = String(raw.filter { $0 != "\r" }).drop { $0 == " " }
            let actions = ["ADDED from ", "MERGED from ", "IMPLIED from ", "REJECTED from ", "INJECTED from "]
            guard let action = actions.first(where: { line.hasPrefix($0) }) else {
                current = nil
                for prefix in ["uses-permission#", "uses-permission-sdk-23#"] where line.hasPrefix(prefix) {
                    current = String(line.dropFirst(prefix.count)).filter { !$0.isWhitespace }
                }
                continue
            }
            guard let name = current else { continue }
            if action == "REJECTED from " { rejected.insert(name) }
            guard action == "ADDED from " || action == "IMPLIED from ", origins[name] == nil else { continue }
            order.append(name)
            let source = line.dropFirst(action.count)
            if action == "ADDED from ", source.hasPrefix("["), let close = source.firstIndex(of: "]") {
                origins[name] = String(source[...close])
            } else {
                origins[name] = action == "IMPLIED from " ? String(line) : String(source)
            }
        }
        for name in rejected { origins[name] = nil }
        order.removeAll { origins[$0] == nil }
    }
}
