/// Reads the few manifest facts the build model needs, as text: the `package` attribute of the `<manifest>`
/// element, `<uses-sdk android:targetSdkVersion>`, and the form factor `<uses-feature android:required="true">`
/// declares, each with the place of its value.
enum ManifestReader {
    /// The features that make an app a Wear OS, TV or Automotive app (Play's lower target API level applies).
    static let otherFormFactorFeatures = [
        "android.hardware.type.watch", "android.software.leanback", "android.hardware.type.automotive",
    ]

    /// `<uses-sdk android:targetSdkVersion="N">`, when N is a whole number.
    static func targetSdk(in source: ScriptSource) -> (level: Int, location: SourceLocation)? {
        for attributes in elements("uses-sdk", in: source) {
            if let (text, location) = attributes["android:targetSdkVersion"], let level = Int(text) {
                return (level, location)
            }
        }
        return nil
    }

    /// The first Wear OS, TV or Automotive feature the manifest requires (`android:required` absent or `true`).
    static func requiredOtherFormFactor(in source: ScriptSource) -> (feature: String, location: SourceLocation)? {
        for attributes in elements("uses-feature", in: source) {
            guard let (name, location) = attributes["android:name"], otherFormFactorFeatures.contains(name),
                attributes["android:required"]?.value != "false"
            else { continue }
            return (name, location)
        }
        return nil
    }

    /// The attributes of every `<name …>` element outside comments, each value with its place.
    private static func elements(_ name: String, in source: ScriptSource) -> [[String: (
        value: String, location: SourceLocation
    )]] {
        let bytes = source.bytes
        let opening = "<" + name
        var found = [[String: (value: String, location: SourceLocation)]]()
        var index = 0
        while index < bytes.count {
            if starts(bytes, at: index, with: "<!--") {
                index = end(of: "-->", in: bytes, from: index + 4)
            } else if starts(bytes, at: index, with: opening), index + opening.utf8.count < bytes.count,
                [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(
                    bytes[index + opening.utf8.count])
            {
                var attributes = [String: (value: String, location: SourceLocation)]()
                index = self.attributes(in: source, from: index + opening.utf8.count) { attribute, value, location in
                    attributes[attribute] = (value, location)
                    return true
                }
                found.append(attributes)
            } else {
                index += 1
            }
        }
        return found
    }

    static func packageDeclaration(in source: ScriptSource) -> DeclaredName? {
        let bytes = source.bytes
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts(bytes, at: index, with: "<!--") {
                index = end(of: "-->", in: bytes, from: index + 4)
            } else if starts(bytes, at: index, with: "<?") || starts(bytes, at: index, with: "<!") {
                index = end(of: ">", in: bytes, from: index + 2)
            } else if starts(bytes, at: index, with: "<manifest"), index + 9 < bytes.count,
                [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index + 9])
            {
                return packageAttribute(in: source, from: index + 9)
            } else {
                return nil  // the root element is something else
            }
        }
        return nil
    }

    private static func packageAttribute(in source: ScriptSource, from start: Int) -> DeclaredName? {
        var declaration: DeclaredName?
        _ = attributes(in: source, from: start) { name, value, location in
            guard name == "package" else { return true }
            declaration = DeclaredName(kind: .manifestPackage, value: value, location: location)
            return false
        }
        return declaration
    }

    /// Hands each attribute of the element whose name ends at `start` to `visit` (name, decoded value, place of
    /// the value) until it returns false or the element's `>`; the index reached.
    private static func attributes(
        in source: ScriptSource, from start: Int, _ visit: (String, String, SourceLocation) -> Bool
    ) -> Int {
        let bytes = source.bytes
        var index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: ">") {
            guard isNameByte(bytes[index]) else {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
            let name = source.text(nameStart..<index)
            while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                continue
            }
            let quote = bytes[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            while valueEnd < bytes.count && bytes[valueEnd] != quote { valueEnd += 1 }
            guard
                visit(
                    name, decodeEntities(source.text(valueStart..<valueEnd)), source.location(at: valueStart))
            else { return index }
            index = valueEnd + 1
        }
        return index
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        ScriptTokenizer.isIdentifierPart(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        let utf8 = prefix.utf8
        return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    private static func end(of terminator: String, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count && !starts(bytes, at: index, with: terminator) { index += 1 }
        return index + terminator.utf8.count
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingAll("&lt;", "<").replacingAll("&gt;", ">").replacingAll("&quot;", "\"")
            .replacingAll("&apos;", "'").replacingAll("&amp;", "&")
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
