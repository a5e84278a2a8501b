import AndroidBuild

/// A module's release values given in `playprep.yml` (`modules: {':app': {applicationId: …, versionCode: …}}`)
/// where playprep cannot read them from the build: a convention plugin published elsewhere, a function call.
struct SuppliedModule: Sendable, Hashable {
    var applicationID: String?
    var versionCode: Int?
    /// Where `playprep.yml` gives them (the file and the line of the module's entry): findings on the supplied
    /// applicationId point there.
    var file: String
    var line: Int

    init(applicationID: String? = nil, versionCode: Int? = nil, file: String, line: Int) {
        self.applicationID = applicationID
        self.versionCode = versionCode
        self.file = file
        self.line = line
    }
}

/// Puts the values `playprep.yml` supplies into the build as playprep read it: each release variant of a named
/// module whose applicationId or versionCode is unknown gets the supplied one; a named module with no release
/// variant playprep could read (its plugin is not read) becomes an application with one `release` variant.
/// Values the build files give are kept: the configuration fills gaps, it does not contradict the build.
struct SuppliedBuildValues: Sendable {
    var modules: [String: SuppliedModule]

    func applied(to build: AndroidBuildModel) -> AndroidBuildModel {
        var build = build
        for index in build.modules.indices {
            guard let supplied = modules[build.modules[index].name] else { continue }
            var module = build.modules[index]
            if module.releaseVariants.isEmpty {
                module.kind = .application
                module.variants.append(
                    BuildVariant(
                        name: "release", flavors: [], buildType: "release", isDebuggable: false,
                        applicationID: .unknown(
                            UnresolvedExpression(
                                expression: "",
                                location: SourceLocation(
                                    file: module.buildFile ?? module.directory, line: 1, column: 1),
                                reason: .notInBuildFile)),
                        versionCode: nil, sourceSets: ["main", "release"]))
            }
            let location = SourceLocation(file: supplied.file, line: supplied.line, column: 1)
            for variant in module.variants.indices where module.variants[variant].isRelease {
                if let id = supplied.applicationID, module.variants[variant].applicationID.value == nil {
                    module.variants[variant].applicationID = .known(id, at: location)
                }
                if let code = supplied.versionCode, module.variants[variant].versionCode?.value == nil {
                    module.variants[variant].versionCode = .known(code, at: location)
                }
            }
            build.modules[index] = module
        }
        return build
    }

    /// One line for each `modules:` entry that names no module of `build`: its values were not used, which must
    /// not pass in silence (a typo such as `':ap'`).
    func unmatchedEntries(in build: AndroidBuildModel) -> [String] {
        let found = Set(build.modules.map(\.name))
        let known = found.sorted().prefix(8).joined(separator: ", ")
        return modules.filter { !found.contains($0.key) }.sorted { $0.value.line < $1.value.line }.map { key, module in
            "\(module.file):\(module.line): modules: '\(key)' is no module playprep found, so its values were not "
                + "used" + (found.isEmpty ? "" : " (modules found: \(known)\(found.count > 8 ? ", …" : ""))")
        }
    }
}
