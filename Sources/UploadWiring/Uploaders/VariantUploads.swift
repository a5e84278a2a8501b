public import AndroidBuild

/// One release variant an upload sends to Play, and how strongly the repository shows it: what the target API
/// level and versionCode rules judge by.
public struct VariantUpload: Sendable, Hashable {
    /// The application module, as reports name it (``AndroidModule/name``).
    public var module: String
    /// The variant's name (`prodRelease`).
    public var variant: String
    /// As ``UploadEvidence`` decides for the upload that sends it.
    public var proof: PlayProof
    /// In a few words: `supply (lane deploy)`, `GPP`, `r0adkll/upload-google-play@v1`.
    public var what: String
    /// The lines that show it, the CI step (or the line that applies GPP) first.
    public var evidence: [Evidence]
    /// Why the variant is this upload's: `the lane's gradle builds bundleProdRelease`; for a partial proof, why
    /// it is only partial.
    public var why: String
    /// What the uploading lane does to the versionCode before the upload (`increment_version_code`), if anything.
    public var versionCodeChange: VersionCodeChange? = nil

    /// How the variant reaches Play, in the words TGT and REL findings end with: `Play receives it: supply (lane
    /// deploy) at .github/workflows/release.yml:12 (the lane's gradle builds bundleRelease)`.
    public var sentence: String {
        let place = evidence.first.map { " at \($0.file):\($0.line)" } ?? ""
        switch proof {
        case .shown, .live: return "Play receives it: \(what)\(place) (\(why))"
        case .partial: return "it may reach Play: \(what)\(place) (\(why))"
        case .none: return "nothing in the repository sends it to Play"
        }
    }
}

extension UploadEvidence {
    /// The release variants of the application modules that the repository's uploads send to Play, each with
    /// its strongest upload: a fastlane lane's `gradle` tasks (or the `aab`/`apk` it names), GPP's published
    /// variants of a module GPP is applied to, outright or under a condition (`gpp`: that module's readers, as its
    /// listing is judged), and its
    /// variant tasks, an upload action's `releaseFiles`/`releaseFile` (or the `bundle…`/`assemble…` task a step of
    /// its job runs first). An upload whose variant cannot be told is partial for every release variant of the
    /// app it sends. A variant no upload sends is absent; so is a variant of a module whose GPP tasks the
    /// repository runs for other variants only (its `amazonRelease` beside CI's `publishPlayReleaseApk`).
    public func variantUploads(gpp: (AndroidModule) -> ListingReaders) -> [VariantUpload] {
        var found = [VariantUpload]()
        // The variants whose GPP tasks the repository runs (`publishPlayReleaseApk`), by module: of such a module,
        // what those tasks publish reaches Play, not every variant the plugin could publish.
        var publishedByTask = [String: Set<String>]()
        for upload in uploads {
            let proof = senders(upload, tree: "", locales: [], treeSigns: []).map(\.sender.proof).max() ?? .none
            guard proof != .none else { continue }
            switch upload.uploader {
            case "supply":
                guard !sendsNoBinary(upload) else { continue }
                let change = laneVersionCodeChange(upload)
                found += sent(by: upload, proof: proof, variants: laneVariants(upload)).map { sent in
                    var sent = sent
                    sent.versionCodeChange = change
                    return sent
                }
            case "Gradle Play Publisher":
                let task = upload.what.dropFirst("GPP ".count)
                // The listing's and the notes' own tasks send no artifact.
                guard !task.hasSuffix("Listing"), !task.hasSuffix("ReleaseNotes") else { continue }
                let built = input.liveness.variantsBuilt(by: String(task)).map { ($0.variants, "task \($0.name)") }
                for (module, variant) in pairs(built?.0.filter(\.isRelease) ?? []) {
                    publishedByTask[module.name, default: []].insert(variant.name)
                }
                found += sent(
                    by: upload, proof: proof,
                    variants: built ?? (gppModules.flatMap { Self.published($0) }, "GPP publishes every variant"))
            case "r0adkll/upload-google-play":
                continue  // judged with every upload action step below
            default:
                found += sent(by: upload, proof: proof, variants: nil)
            }
        }
        for module in gppModules {
            let readers = gpp(module)
            guard readers.store == .play, readers.proof != .none else { continue }
            let byTask = publishedByTask[module.name]
            for variant in Self.published(module) where byTask?.contains(variant.name) ?? true {
                found.append(
                    VariantUpload(
                        module: module.name, variant: variant.name, proof: readers.proof, what: "GPP",
                        evidence: readers.evidence, why: readers.reason))
            }
        }
        found += actionUploads()
        return Self.strongest(found)
    }

    /// The application modules that apply GPP, outright or under a condition (its readers decide how strongly).
    private var gppModules: [AndroidModule] {
        input.build.applications.filter { module in
            module.plugins.contains { $0.id == Self.gradlePlayPublisherID }
                || module.guardedPlugins.contains { $0.id == Self.gradlePlayPublisherID }
        }
    }

    private static func published(_ module: AndroidModule) -> [BuildVariant] {
        module.releaseVariants.filter(\.isPublishedByGPP)
    }

    /// The variants a supply call in a lane sends: what the lanes run with it build (`gradle(task: "bundle",
    /// flavor: "prod", build_type: "Release")`), else the `aab`/`apk` it names; `nil` when neither tells.
    private func laneVariants(_ upload: PlayUpload) -> (variants: [BuildVariant], why: String)? {
        for fastlane in input.fastlane {
            guard let call = fastlane.uploads.first(where: { $0.evidence == upload.evidence.last }) else { continue }
            for option in ["aab", "apk"] {
                if let path = call.arguments[option]?.literal, let written = input.liveness.variantsWriting(path),
                    !written.isEmpty
                {
                    return (written, "supply's \(option) is \(path)")
                }
            }
            let lanes = Set(fastlane.lanesRun(from: call.lane.map { fastlane.entryLanes(reaching: $0) + [$0] } ?? []))
            var built = [BuildVariant]()
            var tasks = [String]()
            for build in fastlane.builds where build.lane.map(lanes.contains) == true {
                for task in build.tasks ?? [] {
                    guard let found = input.liveness.variantsBuilt(by: task),
                        ["assemble", "bundle"].contains(found.verb)
                    else { continue }
                    built += found.variants.filter { !built.contains($0) }
                    tasks.append(found.name)
                }
            }
            return built.isEmpty ? nil : (built, "the lane's gradle builds " + tasks.joined(separator: ", "))
        }
        return nil
    }

    /// The last versionCode step (`increment_version_code`, a `gradle` call's versionCode property) in the lanes a
    /// run of this supply call goes through: what Play sees is the build's code as that step leaves it.
    private func laneVersionCodeChange(_ upload: PlayUpload) -> VersionCodeChange? {
        for fastlane in input.fastlane {
            guard let call = fastlane.uploads.first(where: { $0.evidence == upload.evidence.last }) else { continue }
            let lanes = Set(fastlane.lanesRun(from: call.lane.map { fastlane.entryLanes(reaching: $0) + [$0] } ?? []))
            return fastlane.versionCodeSteps.last { $0.lane.map(lanes.contains) == true }?.change
        }
        return nil
    }

    /// Each upload action step (`r0adkll/upload-google-play`) with the variants its `releaseFiles` (or
    /// `releaseFile`) names, else those a `bundle…`/`assemble…` task run earlier in its job builds: a CI step, shown.
    private func actionUploads() -> [VariantUpload] {
        var found = [VariantUpload]()
        let commands = input.ci.commands
        for (index, action) in commands.enumerated()
        where action.action.map({ $0.contains("upload-google-play") }) == true {
            let files = (action.inputs["releaseFiles"] ?? action.inputs["releaseFile"] ?? "")
                .split(separator: ",").map { String($0).trimmingWhitespace }
            var variants = [BuildVariant]()
            var why = [String]()
            for file in files {
                guard let written = input.liveness.variantsWriting(file), !written.isEmpty else { continue }
                variants += written.filter { !variants.contains($0) }
                why.append("its releaseFiles is \(file)")
            }
            var evidence = action.fullChain
            if variants.isEmpty {
                for step in commands[..<index].reversed() where step.job == action.job {
                    let words = step.words + step.expandedWords
                    guard words.contains(where: { $0.hasSuffix("gradlew") || $0 == "gradle" }) else { continue }
                    for word in words {
                        guard let built = input.liveness.variantsBuilt(by: word),
                            ["assemble", "bundle"].contains(built.verb), !built.variants.isEmpty
                        else { continue }
                        variants += built.variants.filter { !variants.contains($0) }
                        why.append("a step of its job runs \(built.name)")
                        evidence.insert(contentsOf: step.fullChain, at: 0)
                    }
                    if !variants.isEmpty { break }
                }
            }
            let what = action.action ?? "upload action"
            if variants.isEmpty {
                // Its packageName still names the app: another app's variants (`….fdroid`) are not this upload's.
                found += everyReleaseVariant(
                    what: what, evidence: evidence, why: "the step does not say which variant it uploads",
                    package: action.inputs["packageName"].flatMap { $0.contains("$") ? nil : $0 })
                continue
            }
            found += pairs(variants).map { module, variant in
                VariantUpload(
                    module: module.name, variant: variant.name, proof: .shown, what: what, evidence: evidence,
                    why: why.joined(separator: "; "))
            }
        }
        return found
    }

    /// The upload's variants at its proof; without them, partial for every release variant of its app.
    private func sent(by upload: PlayUpload, proof: PlayProof, variants: (variants: [BuildVariant], why: String)?)
        -> [VariantUpload]
    {
        guard let (variants, why) = variants, !variants.isEmpty else {
            return everyReleaseVariant(
                what: upload.what, evidence: upload.evidence, why: "playprep cannot tell which variant it uploads",
                package: upload.uploader == "supply" ? uploadedPackage(of: upload) : nil)
        }
        return pairs(variants.filter(\.isRelease)).map { module, variant in
            VariantUpload(
                module: module.name, variant: variant.name, proof: proof, what: upload.what,
                evidence: upload.evidence, why: why)
        }
    }

    /// Partial for every release variant (of the app `package` when it is known).
    private func everyReleaseVariant(what: String, evidence: [Evidence], why: String, package: String? = nil)
        -> [VariantUpload]
    {
        input.build.applications.flatMap { module in
            module.releaseVariants.filter { variant in package.map { variant.applicationID.value == $0 } ?? true }
                .map { variant in
                    VariantUpload(
                        module: module.name, variant: variant.name, proof: .partial, what: what, evidence: evidence,
                        why: why)
                }
        }
    }

    /// A supply call with `skip_upload_apk` and `skip_upload_aab` set sends no artifact.
    private func sendsNoBinary(_ upload: PlayUpload) -> Bool {
        input.fastlane.lazy.compactMap { $0.uploads.first { $0.evidence == upload.evidence.last } }.first.map { call in
            ["skip_upload_apk", "skip_upload_aab"].allSatisfy { call.arguments[$0]?.boolean == true }
        } ?? false
    }

    /// The package name supply sends: its `package_name`, else the Appfile's.
    private func uploadedPackage(of upload: PlayUpload) -> String? {
        for fastlane in input.fastlane {
            guard let call = fastlane.uploads.first(where: { $0.evidence == upload.evidence.last }) else { continue }
            return call.arguments["package_name"]?.literal ?? fastlane.packageName?.value
        }
        return nil
    }

    /// The application module of each variant (variants are found by value in the modules that hold them).
    private func pairs(_ variants: [BuildVariant]) -> [(AndroidModule, BuildVariant)] {
        input.build.applications.flatMap { module in
            module.variants.filter(variants.contains).map { (module, $0) }
        }
    }

    /// One entry per module and variant: the strongest proof, the first upload found at it.
    private static func strongest(_ found: [VariantUpload]) -> [VariantUpload] {
        var result = [VariantUpload]()
        for upload in found {
            if let index = result.firstIndex(where: { $0.module == upload.module && $0.variant == upload.variant }) {
                if upload.proof > result[index].proof { result[index] = upload }
            } else {
                result.append(upload)
            }
        }
        return result
    }
}
