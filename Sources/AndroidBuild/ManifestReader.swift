/// Finds the `package` attribute of an AndroidManifest.xml's `<manifest>` element, with the place of its value.
enum ManifestReader {
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
        let bytes = source.bytes
        var index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: ">") {
            guard isNameByte(bytes[index]) else {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
            let name = bytes[nameStart..<index]
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
            if name.elementsEqual("package".utf8) {
                return DeclaredName(
                    kind: .manifestPackage, value: decodeEntities(source.text(valueStart..<valueEnd)),
                    location: source.location(at: valueStart))
            }
            index = valueEnd + 1
        }
        return nil
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
