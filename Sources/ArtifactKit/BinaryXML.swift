/// A typed attribute value (`Res_value`) as aapt2 stores it in binary XML and resources.arsc.
public enum ResourceValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    /// A resource id (`@mipmap/ic_launcher` is `0x7f0d0000`).
    case reference(UInt32)
    case integer(Int)
    case boolean(Bool)
    /// Any other type (dimensions, colours, floats), by its `Res_value` type and data.
    case other(type: Int, data: UInt32)

    static let typeReference = 0x01
    static let typeString = 0x03
    static let typeIntDecimal = 0x10
    static let typeIntHex = 0x11
    static let typeBoolean = 0x12

    /// The value of `type`/`data`; strings come from `pool`.
    init(type: Int, data: Int, pool: StringPool) {
        switch type {
        case Self.typeReference: self = .reference(UInt32(truncatingIfNeeded: data))
        case Self.typeString: self = pool[data].map(ResourceValue.string) ?? .other(type: type, data: UInt32(data))
        case Self.typeIntDecimal, Self.typeIntHex: self = .integer(Int(Int32(truncatingIfNeeded: data)))
        case Self.typeBoolean: self = .boolean(data != 0)
        default: self = .other(type: type, data: UInt32(truncatingIfNeeded: data))
        }
    }

    /// An integer, or a string that holds one (`android:targetSdkVersion="35"` kept as text).
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .string(let text): Int(text)
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .reference(let id): "@0x" + String(id, radix: 16)
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        case .other(let type, let data): "(type 0x\(String(type, radix: 16)) 0x\(String(data, radix: 16)))"
        }
    }
}

/// One attribute of a binary XML element.
public struct XMLAttribute: Sendable, Hashable {
    /// The namespace URI, empty for none.
    public var namespace: String
    public var name: String
    /// The attribute's resource id from the resource map (`android:versionCode` is `0x0101021b`), when it has one.
    public var resourceID: UInt32?
    public var value: ResourceValue
}

/// One element of a binary XML file, with the names of its ancestors.
public struct XMLElement: Sendable, Hashable {
    /// Element names from the root to this one (`["manifest", "application"]`).
    public var path: [String]
    public var attributes: [XMLAttribute]

    public var name: String { path.last ?? "" }

    /// The attribute with resource id `id`, else the one named `name` in `namespace`.
    public func attribute(_ name: String, namespace: String = BinaryXML.androidNamespace, id: UInt32? = nil)
        -> ResourceValue?
    {
        if let id, let match = attributes.first(where: { $0.resourceID == id }) { return match.value }
        return attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }
}

/// Reads Android's binary XML (AXML, what aapt2 writes for `AndroidManifest.xml` in an APK): the string pool,
/// the resource map and the start/end element chunks with their typed attributes.
public struct BinaryXML: Sendable {
    /// The deepest element nesting read; a manifest uses about 5 levels.
    static let maximumDepth = 256
    /// The most names all element paths together hold (each element's depth, summed): each element keeps its
    /// path, so many elements near ``maximumDepth`` would otherwise take gigabytes. A large real manifest has
    /// about a thousand elements 3 to 6 deep.
    static let maximumPathNames = 1_000_000

    /// The error for a document whose element paths pass ``maximumPathNames``.
    static func tooManyPathNames(at place: String) -> ArtifactParseError {
        ArtifactParseError(
            "\(place)the element paths hold more than \(maximumPathNames) names (an element nested N deep counts N; "
                + "playprep's limit)")
    }

    public static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// Every element in document order.
    public let elements: [XMLElement]

    public init(_ bytes: [UInt8]) throws(ArtifactParseError) {
        let reader = BinaryReader(bytes: bytes)
        let root = try ResourceChunk(reader, at: 0, limit: bytes.count)
        guard root.type == ResourceChunk.xml else {
            throw ArtifactParseError("not binary XML (chunk type 0x\(String(root.type, radix: 16)))")
        }
        var pool: StringPool?
        var resourceIDs = [UInt32]()
        var open = [String]()
        var elements = [XMLElement]()
        var pathNames = 0
        for chunk in try ResourceChunk.children(reader, from: root.body, to: root.end) {
            switch chunk.type {
            case ResourceChunk.stringPool:
                pool = try StringPool(reader, chunk: chunk)
            case ResourceChunk.xmlResourceMap:
                resourceIDs = try reader.parsing { () throws(BinaryReader.OutOfBounds) in
                    try stride(from: chunk.body, to: chunk.end, by: 4).map { offset throws(BinaryReader.OutOfBounds) in
                        UInt32(try reader.u32(offset))
                    }
                }
            case ResourceChunk.xmlStartElement:
                guard let pool else { throw ArtifactParseError("an element comes before the string pool") }
                // Real manifests nest a handful of levels; each element keeps its path, so depth is capped.
                guard open.count < Self.maximumDepth else {
                    throw ArtifactParseError("elements nested more than \(Self.maximumDepth) deep")
                }
                let element = try Self.element(
                    reader, chunk: chunk, pool: pool, resourceIDs: resourceIDs, parents: open)
                pathNames += element.path.count
                guard pathNames <= Self.maximumPathNames else { throw Self.tooManyPathNames(at: "") }
                open.append(element.name)
                elements.append(element)
            case ResourceChunk.xmlEndElement:
                guard open.popLast() != nil else { throw ArtifactParseError("an end tag without a start tag") }
            default:
                continue
            }
        }
        guard open.isEmpty else { throw ArtifactParseError("element <\(open.last ?? "")> is never closed") }
        self.elements = elements
    }

    /// `ResXMLTree_attrExt` and its attributes.
    private static func element(
        _ reader: BinaryReader, chunk: ResourceChunk, pool: StringPool, resourceIDs: [UInt32], parents: [String]
    ) throws(ArtifactParseError) -> XMLElement {
        try reader.parsing { () throws(BinaryReader.OutOfBounds) -> XMLElement in
            let ext = chunk.body
            let name = pool[try reader.u32(ext + 4)] ?? ""
            let attributeStart = try reader.u16(ext + 8)
            let attributeSize = try reader.u16(ext + 10)
            let count = try reader.u16(ext + 12)
            var attributes = [XMLAttribute]()
            for index in 0..<count {
                let at = ext + attributeStart + index * max(attributeSize, 20)
                guard at + 20 <= chunk.end else {
                    throw BinaryReader.OutOfBounds(offset: at, size: 20, count: chunk.end)
                }
                let nameIndex = try reader.u32(at + 4)
                let raw = try reader.u32(at + 8)
                let type = try reader.u8(at + 15)
                let data = try reader.u32(at + 16)
                let value =
                    type == 0 && raw != 0xFFFF_FFFF
                    ? pool[raw].map(ResourceValue.string) ?? ResourceValue(type: type, data: data, pool: pool)
                    : ResourceValue(type: type, data: data, pool: pool)
                attributes.append(
                    XMLAttribute(
                        namespace: pool[try reader.u32(at)] ?? "", name: pool[nameIndex] ?? "",
                        resourceID: resourceIDs.indices.contains(nameIndex) ? resourceIDs[nameIndex] : nil, value: value
                    ))
            }
            return XMLElement(path: parents + [name], attributes: attributes)
        }
    }
}
