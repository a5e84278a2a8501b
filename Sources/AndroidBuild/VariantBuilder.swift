/// Works out an application module's variants from its build script the way AGP does: one flavour per dimension
/// (dimension order is priority order) × every build type, with merged applicationId, suffixes and versionCode.
struct VariantBuilder {
    let facts: BuildScriptFacts
    /// Where an applicationId that nothing declares is reported.
    let buildFile: String
    /// Build types named as releases besides those the script shows (`playprep.yml`).
    var releaseBuildTypes: Set<String> = []
    /// The most variants built: dimensions multiply (30 dimensions of 3 flavours are 3^30 variants).
    var maximumVariants = AndroidBuildReader.defaultMaximumVariants

    /// The variants in AGP's order (flavour combinations, each with every build type), at most `maximumVariants`
    /// of them, and when that cut some, the note naming the cap and the dimensions.
    func variants() -> (variants: [BuildVariant], limit: BuildReadLimit?) {
        let groups = flavorGroups()
        let buildTypes = orderedBuildTypes()
        var declared: Int? = buildTypes.count
        for group in groups {
            declared = declared.flatMap { count in
                let (product, overflow) = count.multipliedReportingOverflow(by: group.flavors.count)
                return overflow ? nil : product
            }
        }
        var variants: [BuildVariant] = []
        combinations: for flavors in FlavorCombinations(groups.map(\.flavors)) {
            for buildType in buildTypes {
                guard variants.count < maximumVariants else { break combinations }
                variants.append(variant(flavors: flavors, buildType: buildType))
            }
        }
        guard declared.map({ $0 > maximumVariants }) ?? true else { return (variants, nil) }
        let dimensions = groups.map {
            "\($0.dimension.isEmpty ? "(no dimension)" : $0.dimension) (\($0.flavors.count))"
        }
        let limit = BuildReadLimit(
            location: SourceLocation(file: buildFile, line: 1, column: 1),
            message: "\(declared.map(String.init) ?? "more than \(Int.max)") variants (\(groups.count) flavour "
                + "dimensions: \(dimensions.joined(separator: " × ")), × \(buildTypes.count) build types), over "
                + "playprep's cap of \(maximumVariants) variants a module: only the first \(maximumVariants) were read, "
                + "so the others' applicationIds, versionCodes and listings were not judged",
            hint: "raise the cap in playprep.yml (gradle: maxVariants: N, at most "
                + "\(AndroidBuildReader.largestMaximumVariants)) if the build really has that many")
        return (variants, limit)
    }

    /// Build types: `debug` and `release` first, then the others as the script creates them.
    private func orderedBuildTypes() -> [String] {
        let builtIn = ["debug", "release"]
        return builtIn + facts.buildTypes.names.filter { !builtIn.contains($0) }
    }

    /// Each dimension with its flavours, highest priority first; dimensions without flavours are left out.
    private func flavorGroups() -> [(dimension: String, flavors: [String])] {
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
        return groups.filter { !$0.flavors.isEmpty }
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
        variant.targetSdk = flavorStates.lazy.compactMap(\.targetSdk).first ?? facts.defaultConfig.targetSdk
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

    /// Every choice of one flavour per dimension, highest-priority dimension first in each, in AGP's order (the
    /// last dimension varies fastest), made one at a time so a caller can stop early.
    private struct FlavorCombinations: Sequence, IteratorProtocol {
        let groups: [[String]]
        /// The flavour chosen in each dimension; `nil` when every combination has been made.
        private var choice: [Int]?

        init(_ groups: [[String]]) {
            self.groups = groups
            choice = Array(repeating: 0, count: groups.count)
        }

        mutating func next() -> [String]? {
            guard var current = choice else { return nil }
            let flavors = zip(groups, current).map { $0[$1] }
            var position = groups.count - 1
            while position >= 0 {
                current[position] += 1
                if current[position] < groups[position].count { break }
                current[position] = 0
                position -= 1
            }
            choice = position < 0 ? nil : current
            return flavors
        }
    }

    static func lowerCamel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
