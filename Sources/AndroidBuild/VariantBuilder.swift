/// Works out an application module's variants from its build script the way AGP does: one flavour per dimension
/// (dimension order is priority order) × every build type, with merged applicationId, suffixes and versionCode.
struct VariantBuilder {
    let facts: BuildScriptFacts
    /// Where an applicationId that nothing declares is reported.
    let buildFile: String
    /// Build types named as releases besides those the script shows (`playprep.yml`).
    var releaseBuildTypes: Set<String> = []

    func variants() -> [BuildVariant] {
        let combinations = flavorCombinations()
        var variants: [BuildVariant] = []
        for flavors in combinations {
            for buildType in orderedBuildTypes() {
                variants.append(variant(flavors: flavors, buildType: buildType))
            }
        }
        return variants
    }

    /// Build types: `debug` and `release` first, then the others as the script creates them.
    private func orderedBuildTypes() -> [String] {
        let builtIn = ["debug", "release"]
        return builtIn + facts.buildTypes.names.filter { !builtIn.contains($0) }
    }

    /// Every choice of one flavour per dimension, highest-priority dimension first in each.
    private func flavorCombinations() -> [[String]] {
        var groups: [(dimension: String, flavors: [String])] = facts.flavorDimensions.map { ($0, []) }
        for flavor in facts.productFlavors.names {
            let declared = facts.productFlavors.state(flavor)?.dimension
            // A flavour without a dimension belongs to the only one declared.
            let dimension = declared ?? (facts.flavorDimensions.count == 1 ? facts.flavorDimensions[0] : "")
            if let group = groups.firstIndex(where: { $0.dimension == dimension }) {
                groups[group].flavors.append(flavor)
            } else {
                groups.append((dimension, [flavor]))
            }
        }
        var combinations: [[String]] = [[]]
        for group in groups where !group.flavors.isEmpty {
            combinations = combinations.flatMap { prefix in group.flavors.map { prefix + [$0] } }
        }
        return combinations
    }

    private func variant(flavors: [String], buildType: String) -> BuildVariant {
        let flavorStates = flavors.compactMap { facts.productFlavors.state($0) }
        let typeState = facts.buildTypes.state(buildType) ?? BuildTypeState(name: buildType)
        let name = Self.lowerCamel(flavors + [buildType])
        var sourceSets = ["main"] + flavors.reversed()
        if flavors.count > 1 { sourceSets.append(Self.lowerCamel(flavors)) }
        sourceSets += [buildType, name]
        var uniqueSourceSets: [String] = []
        for set in sourceSets where !uniqueSourceSets.contains(set) { uniqueSourceSets.append(set) }
        let versionCode = flavorStates.lazy.compactMap(\.versionCode).first ?? facts.defaultConfig.versionCode
        // GPP's own order: the variant's entry, the flavours' (highest priority first), the build type's, `play {}`.
        let publishing = ([name] + flavors + [buildType]).lazy.compactMap { facts.playPublishing[$0] }.first
        let canShip =
            buildType == "release" || typeState.derivesFromRelease && !typeState.isSignedWithDebugKey
            || releaseBuildTypes.contains(buildType)
        var variant = BuildVariant(
            name: name, flavors: flavors, buildType: buildType, isDebuggable: typeState.isDebuggable,
            isRelease: canShip && !typeState.isDebuggable,
            applicationID: applicationID(flavors: flavorStates, buildType: typeState), versionCode: versionCode,
            sourceSets: uniqueSourceSets)
        variant.isPublishedByGPP = publishing ?? facts.playPublishesByDefault
        return variant
    }

    /// The highest-priority flavour's id, else defaultConfig's, else the namespace; then the suffixes of
    /// defaultConfig, the flavours (lowest priority first) and the build type, each joined with a `.`.
    private func applicationID(flavors: [ProductFlavorState], buildType: BuildTypeState) -> BuildValue<String> {
        let base =
            flavors.lazy.compactMap(\.applicationID).first ?? facts.defaultConfig.applicationID ?? facts.namespace
            ?? .unknown(
                UnresolvedExpression(
                    expression: "", location: SourceLocation(file: buildFile, line: 1, column: 1),
                    reason: .notInBuildFile))
        guard case .known(var id, var location) = base else { return base }
        let suffixes =
            [facts.defaultConfig.applicationIDSuffix] + flavors.reversed().map(\.applicationIDSuffix)
            + [buildType.applicationIDSuffix]
        for suffix in suffixes.compactMap({ $0 }) {
            switch suffix {
            case .unknown(var expression):
                expression.suffixOf = id
                return .unknown(expression)
            case .known(let text, let at):
                guard !text.isEmpty else { continue }
                id += text.hasPrefix(".") ? text : "." + text
                location = at
            }
        }
        return .known(id, at: location)
    }

    static func lowerCamel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
