/// What Play reads from an artifact's manifest: identity, version, SDK levels, the flags Play refuses, and the
/// launcher icon and label as the manifest refers to them.
public struct AppManifest: Sendable, Hashable {
    /// The framework's attribute ids (`android.R.attr`), which identify attributes even when names are stripped.
    enum AttributeID {
        static let label: UInt32 = 0x0101_0001
        static let name: UInt32 = 0x0101_0003
        static let icon: UInt32 = 0x0101_0002
        static let debuggable: UInt32 = 0x0101_000F
        static let minSdkVersion: UInt32 = 0x0101_020C
        static let versionCode: UInt32 = 0x0101_021B
        static let versionName: UInt32 = 0x0101_021C
        static let targetSdkVersion: UInt32 = 0x0101_0270
        static let testOnly: UInt32 = 0x0101_0272
        static let compileSdkVersion: UInt32 = 0x0101_0572
    }

    /// The applicationId.
    public var package: String?
    public var versionCode: Int?
    public var versionName: String?
    public var minSdkVersion: Int?
    public var targetSdkVersion: Int?
    public var isDebuggable: Bool
    public var isTestOnly: Bool
    /// `application android:icon` and `android:label` as written (a reference, or a literal label).
    public var icon: ResourceValue?
    public var label: ResourceValue?
    /// The names of `<uses-feature>` elements (`android.hardware.type.watch`, …).
    public var features: [String]
    /// `android:compileSdkVersion`, which aapt2 records from the platform it linked against.
    public var compileSdkVersion: Int?

    public init(
        package: String?, versionCode: Int?, versionName: String?, minSdkVersion: Int?, targetSdkVersion: Int?,
        isDebuggable: Bool = false, isTestOnly: Bool = false, icon: ResourceValue? = nil, label: ResourceValue? = nil,
        features: [String] = [], compileSdkVersion: Int? = nil
    ) {
        self.package = package
        self.versionCode = versionCode
        self.versionName = versionName
        self.minSdkVersion = minSdkVersion
        self.targetSdkVersion = targetSdkVersion
        self.isDebuggable = isDebuggable
        self.isTestOnly = isTestOnly
        self.icon = icon
        self.label = label
        self.features = features
        self.compileSdkVersion = compileSdkVersion
    }

    /// The manifest described by `elements` (binary XML or, for bundles, the protobuf tree).
    public init(elements: [XMLElement]) throws(ArtifactParseError) {
        guard let root = elements.first, root.path == ["manifest"] else {
            throw ArtifactParseError("the root element is not <manifest>")
        }
        let sdk = elements.first { $0.path == ["manifest", "uses-sdk"] }
        let application = elements.first { $0.path == ["manifest", "application"] }
        func text(_ value: ResourceValue?) -> String? {
            if case .string(let text) = value { return text }
            return nil
        }
        func flag(_ value: ResourceValue?) -> Bool {
            if case .boolean(true) = value { return true }
            return text(value) == "true"
        }
        self.init(
            package: text(root.attribute("package", namespace: "")),
            versionCode: root.attribute("versionCode", id: AttributeID.versionCode)?.integer,
            versionName: text(root.attribute("versionName", id: AttributeID.versionName)),
            minSdkVersion: sdk?.attribute("minSdkVersion", id: AttributeID.minSdkVersion)?.integer,
            targetSdkVersion: sdk?.attribute("targetSdkVersion", id: AttributeID.targetSdkVersion)?.integer,
            isDebuggable: flag(application?.attribute("debuggable", id: AttributeID.debuggable)),
            isTestOnly: flag(application?.attribute("testOnly", id: AttributeID.testOnly)),
            icon: application?.attribute("icon", id: AttributeID.icon),
            label: application?.attribute("label", id: AttributeID.label),
            features: elements.filter { $0.path == ["manifest", "uses-feature"] }.compactMap {
                text($0.attribute("name", id: AttributeID.name))
            },
            compileSdkVersion: root.attribute("compileSdkVersion", id: AttributeID.compileSdkVersion)?.integer)
    }

    /// The features that make an app a Wear OS, Android TV or Android Automotive OS app, whose target API
    /// requirement is lower.
    static let otherFormFactorFeatures: Set<String> = [
        "android.hardware.type.watch", "android.software.leanback", "android.hardware.type.automotive",
    ]

    /// Whether the app is for Wear OS, Android TV or Android Automotive OS.
    public var isOtherFormFactor: Bool { features.contains(where: Self.otherFormFactorFeatures.contains) }

    /// The target SDK the platform applies: `targetSdkVersion`, else `minSdkVersion`, else 1.
    public var effectiveTargetSdk: Int { targetSdkVersion ?? minSdkVersion ?? 1 }
}
