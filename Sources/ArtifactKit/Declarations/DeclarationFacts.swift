/// What Play's App content declarations depend on in a merged manifest: the target level, every
/// `<uses-permission>` (and `<uses-permission-sdk-23>`), and the services with their permission, foreground
/// service types and intent-filter actions. Read from the same elements as ``AppManifest``, so an APK's binary XML
/// and an AAB's protobuf manifest give the same facts.
public struct DeclarationFacts: Sendable, Hashable {
    /// A `<uses-permission>` as merged: library-added and implied ones included, removed ones gone.
    public struct Permission: Sendable, Hashable {
        public var name: String
        /// `android:maxSdkVersion`, kept as data: how Play treats a capped permission is not documented.
        public var maxSdkVersion: Int?
        /// The line of the element in a source manifest (`nil` in an artifact's).
        public var line: Int? = nil

        /// The element as a person would write it.
        public var element: String {
            "<uses-permission android:name=\"\(name)\""
                + (maxSdkVersion.map { " android:maxSdkVersion=\"\($0)\"" } ?? "") + ">"
        }
    }

    /// A `<service>` of the application.
    public struct Service: Sendable, Hashable {
        public var name: String
        /// `android:permission`: `BIND_VPN_SERVICE` and `BIND_ACCESSIBILITY_SERVICE` mark the services Play asks about.
        public var permission: String?
        /// `android:foregroundServiceType` as names (`dataSync`, `location`), in the platform's bit order.
        public var foregroundServiceTypes: [String]
        /// The actions of its intent filters.
        public var actions: [String]
        /// The line of the element in a source manifest (`nil` in an artifact's).
        public var line: Int? = nil

        /// The element as a person would write it, with the attributes that matter here.
        public var element: String {
            var text = "<service android:name=\"\(name)\""
            if let permission { text += " android:permission=\"\(permission)\"" }
            if !foregroundServiceTypes.isEmpty {
                text += " android:foregroundServiceType=\"\(foregroundServiceTypes.joined(separator: "|"))\""
            }
            return text + ">"
        }
    }

    /// The target SDK the platform applies (``AppManifest/effectiveTargetSdk``); `nil` when unknown (a source
    /// manifest, whose target the build decides).
    public var targetSdk: Int?
    public var permissions: [Permission]
    public var services: [Service]

    public init(targetSdk: Int?, permissions: [Permission] = [], services: [Service] = []) {
        self.targetSdk = targetSdk
        self.permissions = permissions
        self.services = services
    }

    enum AttributeID {
        static let permission: UInt32 = 0x0101_0006
        static let maxSdkVersion: UInt32 = 0x0101_0271
        static let foregroundServiceType: UInt32 = 0x0101_0599
    }

    /// `android:foregroundServiceType`'s flags (`ServiceInfo.FOREGROUND_SERVICE_TYPE_*`).
    static let foregroundServiceTypeFlags: [(bit: Int, name: String)] = [
        (1 << 0, "dataSync"), (1 << 1, "mediaPlayback"), (1 << 2, "phoneCall"), (1 << 3, "location"),
        (1 << 4, "connectedDevice"), (1 << 5, "mediaProjection"), (1 << 6, "camera"), (1 << 7, "microphone"),
        (1 << 8, "health"), (1 << 9, "remoteMessaging"), (1 << 10, "systemExempted"), (1 << 11, "shortService"),
        (1 << 12, "fileManagement"), (1 << 13, "mediaProcessing"), (1 << 30, "specialUse"),
    ]

    /// The facts of the manifest described by `elements`.
    public init(elements: [XMLElement], manifest: AppManifest) {
        self.init(elements: elements, targetSdk: manifest.effectiveTargetSdk)
    }

    /// The facts of `elements`, with `lines[i]` the source line of `elements[i]` when they come from a source file.
    init(elements: [XMLElement], targetSdk: Int?, lines: [Int]? = nil) {
        func text(_ value: ResourceValue?) -> String? {
            if case .string(let text) = value { return text }
            return nil
        }
        let name = { (element: XMLElement) in text(element.attribute("name", id: AppManifest.AttributeID.name)) }
        let permissionPaths: Set = [["manifest", "uses-permission"], ["manifest", "uses-permission-sdk-23"]]
        let servicePath = ["manifest", "application", "service"]
        var services = [Service]()
        for (index, element) in elements.enumerated() {
            let line = lines?[index]
            if element.path == servicePath {
                services.append(
                    Service(
                        name: name(element) ?? "",
                        permission: text(element.attribute("permission", id: AttributeID.permission)),
                        foregroundServiceTypes: Self.typeNames(
                            element.attribute("foregroundServiceType", id: AttributeID.foregroundServiceType)),
                        actions: [], line: line))
            } else if element.path == servicePath + ["intent-filter", "action"], let action = name(element),
                !services.isEmpty
            {
                services[services.count - 1].actions.append(action)
            }
        }
        let permissions = elements.indices.filter { permissionPaths.contains(elements[$0].path) }.compactMap {
            index -> Permission? in
            let element = elements[index]
            return name(element).map {
                Permission(
                    name: $0, maxSdkVersion: element.attribute("maxSdkVersion", id: AttributeID.maxSdkVersion)?.integer,
                    line: lines?[index])
            }
        }
        self.init(targetSdk: targetSdk, permissions: permissions, services: services)
    }

    /// The type names of a flag value (binary XML and bundles store the bits; a bundle may keep the text).
    static func typeNames(_ value: ResourceValue?) -> [String] {
        switch value {
        case .integer(let bits)?:
            return foregroundServiceTypeFlags.filter { bits & $0.bit != 0 }.map(\.name)
        case .string(let text)?:
            return text.split(separator: "|").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
        default:
            return []
        }
    }

    /// The permission named `name`, if the manifest has it.
    public func permission(_ name: String) -> Permission? {
        permissions.first { $0.name == name }
    }
}
