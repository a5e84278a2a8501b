import SwiftProtobuf

/// Reads what aapt2 writes in protobuf form for an Android App Bundle (`aapt2 link --proto-format`): the
/// manifest as an XML tree and `resources.pb`, into the same values as the APK's binary formats.
public enum BundleFormat {
    /// The elements of a protobuf XML tree, in document order.
    public static func elements(_ bytes: [UInt8]) throws(ArtifactParseError) -> [XMLElement] {
        let root: Playprep_Aapt2_XmlNode
        do {
            root = try Playprep_Aapt2_XmlNode(serializedBytes: bytes)
        } catch BinaryDecodingError.messageDepthLimit {
            throw ArtifactParseError(
                "the manifest nests deeper than \(maximumElementDepth) levels (protobuf's limit of "
                    + "\(BinaryDecodingOptions().messageDepthLimit) nested messages; an element is two)")
        } catch {
            throw ArtifactParseError("not an aapt2 protobuf XML tree: \(error)")
        }
        guard case .element(let element)? = root.node else { throw ArtifactParseError("the tree has no root element") }
        var elements = [XMLElement]()
        var pathNames = 0
        try append(element, parents: [], to: &elements, pathNames: &pathNames)
        return elements
    }

    /// The deepest element nesting a protobuf manifest can be read with: each element is two nested messages
    /// (the node and the element), within SwiftProtobuf's decoding depth limit.
    public static let maximumElementDepth = BinaryDecodingOptions().messageDepthLimit / 2

    /// Appends `element` and its descendants; `pathNames` counts the names their paths hold, within
    /// ``BinaryXML/maximumPathNames`` (protobuf's own limit keeps the depth within ``maximumElementDepth``).
    private static func append(
        _ element: Playprep_Aapt2_XmlElement, parents: [String], to elements: inout [XMLElement], pathNames: inout Int
    ) throws(ArtifactParseError) {
        let path = parents + [element.name]
        pathNames += path.count
        guard pathNames <= BinaryXML.maximumPathNames else { throw BinaryXML.tooManyPathNames(at: "") }
        elements.append(
            XMLElement(
                path: path,
                attributes: element.attribute.map { attribute in
                    XMLAttribute(
                        namespace: attribute.namespaceUri, name: attribute.name,
                        resourceID: attribute.resourceID == 0 ? nil : attribute.resourceID,
                        value: attribute.hasCompiledItem
                            ? value(attribute.compiledItem) ?? .string(attribute.value)
                            : .string(attribute.value))
                }))
        for child in element.child {
            if case .element(let nested)? = child.node {
                try append(nested, parents: path, to: &elements, pathNames: &pathNames)
            }
        }
    }

    /// A compiled item as a typed value; `nil` for kinds playprep does not read (files, ids, styled strings).
    static func value(_ item: Playprep_Aapt2_Item) -> ResourceValue? {
        switch item.value {
        case .ref(let reference)?: .reference(reference.id)
        case .str(let text)?: .string(text.value)
        case .rawStr(let text)?: .string(text.value)
        case .prim(let primitive)?:
            switch primitive.oneofValue {
            case .intDecimalValue(let number)?: .integer(Int(number))
            case .intHexadecimalValue(let number)?: .integer(Int(number))
            case .booleanValue(let flag)?: .boolean(flag)
            case nil: nil
            }
        case nil: nil
        }
    }
}

extension ResourceTable {
    /// The table of a bundle module's `resources.pb`.
    public init(protobuf bytes: [UInt8]) throws(ArtifactParseError) {
        let table: Playprep_Aapt2_ResourceTable
        do {
            table = try Playprep_Aapt2_ResourceTable(serializedBytes: bytes)
        } catch {
            throw ArtifactParseError("not an aapt2 protobuf resource table: \(error)")
        }
        self.init(values: [:])
        for package in table.package {
            for type in package.type {
                for entry in type.entry {
                    let id = package.packageID.id << 24 | type.typeID.id << 16 | entry.entryID.id
                    values[id] = entry.configValue.map { configValue in
                        let value: ResourceValue? =
                            switch configValue.value.value {
                            case .item(let item)?: BundleFormat.value(item)
                            case .compoundValue?, nil: nil
                            }
                        return EntryValue(
                            isDefaultConfiguration: configValue.config.unknownFields.data.isEmpty, value: value)
                    }
                }
            }
        }
    }
}
