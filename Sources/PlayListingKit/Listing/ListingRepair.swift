import FileAccess

/// One change `playprep listing fix` makes to a listing tree: only where the refusal has one right answer, so a
/// person never has to undo it. Paths are relative to the source's root.
public struct ListingRepair: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        /// Rename the folder at `path` to this sibling path (a locale folder to the one Play code it means).
        case renameFolder(to: String)
        /// Replace the file's bytes (text without the whitespace Play counts, or re-encoded as UTF-8).
        case rewrite([UInt8])
    }

    public var path: String
    public var change: Change
    /// Where `check` reports the finding it removes: the file, or the locale's folder (GPP's `listings/<locale>`
    /// also for the `release-notes/<locale>` folder renamed with it).
    public var findingPath: String
    /// The rule whose finding it removes (`LOC003`, `TXT007`, `TXT008`).
    public var rule: String
    /// What it does, in a few words: `renamed to de-DE`, `re-encoded from Latin-1 as UTF-8`.
    public var summary: String
}

/// What `listing fix` would do to a tree: the repairs, and the findings of the same rules it leaves for a person.
public struct ListingRepairPlan: Sendable, Hashable {
    /// A finding `listing fix` does not repair, and why (`pt: Play has pt-BR and pt-PT for it`).
    public struct Unrepaired: Sendable, Hashable {
        /// Relative to the source's root.
        public var path: String
        public var rule: String
        public var why: String
    }

    public var repairs: [ListingRepair] = []
    public var left: [Unrepaired] = []
}

extension ListingChecker {
    /// The repairs of the locale names (LOC002, LOC003 with one Play code), the trailing whitespace supply sends
    /// over a limit (TXT007) and the encodings (TXT008: UTF-16, a byte-order mark, Latin-1) that `check` reports on
    /// this tree for `options.store`. Text is never shortened beyond its trailing whitespace; a folder is renamed
    /// only when no other folder is or becomes that code; Latin-1 is assumed only without bytes 0x80–0x9F (which
    /// Windows-1252 reads otherwise) and without control characters.
    public func repairs(_ source: some ListingFileSource, options: ListingOptions) throws(ListingReadError)
        -> ListingRepairPlan
    {
        let paths = try source.filePaths()
        guard let root = ListingRootFinder().root(of: paths, options: options) else { return ListingRepairPlan() }
        let relative = paths.compactMap { $0.droppingPrefix(root.prefix).map(String.init) }
        let classified = UploadFilter(options: options).apply(
            to: root.layout == .fastlane
                ? FastlaneClassifier(store: options.store).classify(relative) : GPPClassifier().classify(relative))
        var plan = ListingRepairPlan()
        if options.store == .play {
            plan.add(localeRepairs(classified, root: root, paths: relative))
        }
        for file in classified.files where file.isUploaded {
            guard case .text(let field) = file.role else { continue }
            let bytes = try source.contents(of: root.prefix + file.path)
            let text = ListingTextFile(
                bytes, field: field, layout: root.layout, store: options.store, locale: file.locale, limits: limits)
            if let repair = Self.textRepair(text), options.store == .play {
                plan.repairs.append(
                    ListingRepair(
                        path: root.prefix + file.path, change: repair.change, findingPath: root.prefix + file.path,
                        rule: repair.rule, summary: repair.summary))
            } else if options.store == .play, case .failure = text.decoded {
                plan.left.append(
                    .init(
                        path: root.prefix + file.path, rule: "TXT008",
                        why: "not UTF-8, UTF-16 or Latin-1 without C1 bytes: which encoding it is cannot be told"))
            }
        }
        return plan
    }

    /// Locale folders renamed to the one Play code each means, and the misnamed ones left for a person.
    private func localeRepairs(_ classified: ClassifiedListing, root: ListingRoot, paths: [String])
        -> ListingRepairPlan
    {
        var plan = ListingRepairPlan()
        let names = Array(Set(classified.locales)).sorted()
        let resolver = LocaleResolver(locales: locales)
        for name in LocaleName.folders(names, layout: classified.layout, resolver: resolver) {
            let rule: String
            switch name.verdict {
            case .misspelt: rule = "LOC002"
            case .nearMiss: rule = "LOC003"
            case .unsupported:
                plan.left.append(
                    .init(
                        path: root.prefix + classified.localeFolder(name.name), rule: "LOC001",
                        why: "Play has no such language: remove the folder, or keep it out of the upload"))
                continue
            case .valid, .notALocale: continue
            }
            // Every folder that holds the locale: fastlane `<locale>`, GPP `listings/<locale>` and
            // `release-notes/<locale>`.
            let folders = Self.localeFolders(of: name.name, layout: classified.layout, paths: paths)
            guard let code = name.renamedTo else {
                if case .nearMiss(let codes) = name.verdict {
                    plan.left.append(
                        .init(
                            path: root.prefix + classified.localeFolder(name.name), rule: rule,
                            why: "Play has \(codes.joined(separator: " and ")) for it: which one is meant is a choice"))
                }
                continue
            }
            guard !name.existing.contains(code), name.otherClaimants.isEmpty else {
                let other = name.existing.contains(code) ? "'\(code)' exists already" : "another folder becomes it"
                plan.left.append(
                    .init(
                        path: root.prefix + classified.localeFolder(name.name), rule: rule,
                        why: "\(other): merge them by hand"))
                continue
            }
            for folder in folders {
                let parent = folder.split(separator: "/").dropLast().map { $0 + "/" }.joined()
                plan.repairs.append(
                    ListingRepair(
                        path: root.prefix + folder, change: .renameFolder(to: root.prefix + parent + code),
                        findingPath: root.prefix + classified.localeFolder(name.name), rule: rule,
                        summary: "renamed to \(code), the Play language '\(name.name)' means"))
            }
        }
        return plan
    }

    /// The folders below the root that are `locale`'s in `layout`.
    private static func localeFolders(of locale: String, layout: ListingLayout, paths: [String]) -> [String] {
        let candidates = layout == .fastlane ? [locale] : ["listings/\(locale)", "release-notes/\(locale)"]
        return candidates.filter { folder in paths.contains { $0.hasPrefix(folder + "/") } }
    }

    /// The one repair of a text file that `check` would report for TXT007 or TXT008, if it has one right answer.
    static func textRepair(_ file: ListingTextFile) -> (change: ListingRepair.Change, rule: String, summary: String)? {
        switch file.decoded {
        case .failure:
            guard let (text, from) = Self.reencoded(file.bytes) else { return nil }
            return (.rewrite(Array(text.utf8)), "TXT008", "re-encoded from \(from) as UTF-8")
        case .success(let raw):
            if raw.unicodeScalars.first == "\u{FEFF}", file.controlCharacter == nil {
                return (.rewrite(Array(file.bytes.dropFirst(3))), "TXT008", "byte-order mark removed")
            }
            guard file.layout == .fastlane, let counted = file.playText, let limit = file.limit,
                counted.scalarCount <= limit, counted.sentScalarCount > limit
            else { return nil }
            return (
                .rewrite(Array(counted.text.utf8)), "TXT007",
                "trailing whitespace removed: \(counted.sentScalarCount) → \(counted.scalarCount) characters "
                    + "(the limit is \(limit))"
            )
        }
    }

    /// UTF-16 with a byte-order mark, else Latin-1 when nothing in it reads otherwise: the text and the encoding's
    /// name; `nil` when it cannot be told.
    private static func reencoded(_ bytes: [UInt8]) -> (String, String)? {
        switch TextEncoding(of: bytes) {
        case .utf16LittleEndian, .utf16BigEndian:
            guard let utf8 = TextEncoding.utf8(bytes), let text = String(validating: utf8, as: UTF8.self),
                TextDecoding.firstControlCharacter(in: text) == nil
            else { return nil }
            return (text, "UTF-16")
        case .utf8WithByteOrderMark:
            return nil
        case .utf8:
            // 0x80–0x9F are C1 controls in Latin-1 but letters and quotes in Windows-1252: either could be meant.
            guard !bytes.contains(where: { (0x80...0x9F).contains($0) }) else { return nil }
            let text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            guard TextDecoding.firstControlCharacter(in: text) == nil else { return nil }
            return (text, "Latin-1")
        }
    }
}

extension ListingRepairPlan {
    fileprivate mutating func add(_ other: ListingRepairPlan) {
        repairs += other.repairs
        left += other.left
    }
}
