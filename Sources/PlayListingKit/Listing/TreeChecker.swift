import Diagnostics

/// The rules that compare files and locales: required default-language content (TXT009–TXT011, IMG020), locale
/// names and fallback (LOC001–LOC006, LAY009), image sets (IMG015–IMG018, IMG022) and consistency (CON001, CON002,
/// CON004). Findings are keyed by root-relative path.
struct TreeChecker: Sendable {
    var limits: ListingLimits
    var resolver: LocaleResolver

    func check(_ facts: ListingFacts, options: ListingOptions) -> [String: [Finding]] {
        var log = FindingLog()
        let listing = facts.classified
        // A GPP tree without listings/ (release notes only, say) publishes no listing to judge.
        let hasListings = listing.layout == .fastlane || listing.files.contains { $0.path.hasPrefix("listings/") }
        let uploads = listing.layout == .gpp ? (hasListings ? UploadedParts.all : [.changelogs]) : options.uploads
        let defaultLanguage = self.defaultLanguage(facts, options: options, log: &log)
        let localeChecker = LocaleChecker(resolver: resolver)
        // A locale name reaches Play only with a file that is uploaded for it.
        let sent = listing.locales.filter { locale in listing.files.contains { $0.locale == locale && $0.isUploaded } }
        let names = localeChecker.check(sent, layout: listing.layout)
        for locale in sent {
            let folder = folder(of: locale, in: facts)
            for finding in names[locale] ?? [] { log.add(folder, finding) }
            if !uploads.isDisjoint(with: [.images, .screenshots]) {
                imageSet(facts, locale: locale, folder: folder, isDefault: locale == defaultLanguage, log: &log)
            }
        }
        if uploads.contains(.text) {
            requiredText(facts, defaultLanguage: defaultLanguage, log: &log)
            translations(facts, defaultLanguage: defaultLanguage, log: &log)
        }
        if listing.layout == .fastlane, uploads.contains(.changelogs) {
            changelogCoverage(facts, options: options, log: &log)
        }
        if options.requiresReleaseNotes, uploads.contains(.changelogs) {
            for versionCode in options.versionCodes {
                releaseNotes(for: versionCode, facts, defaultLanguage: defaultLanguage, log: &log)
            }
        }
        return log.findings
    }

    /// GPP: `default-language.txt` (checked as a locale); fastlane: the option, or `en-US`.
    private func defaultLanguage(_ facts: ListingFacts, options: ListingOptions, log: inout FindingLog) -> String {
        let fallback = options.defaultLanguage ?? "en-US"
        guard facts.classified.layout == .gpp else { return fallback }
        let file = "default-language.txt"
        guard let declared = facts.texts[file]?.text, !declared.isEmpty else {
            guard facts.classified.files.contains(where: { $0.path.hasPrefix("listings/") }) else { return fallback }
            log.add(
                file,
                Finding(
                    LayoutRules.defaultLanguageFile,
                    "no default-language.txt; GPP cannot fill missing translations from a default",
                    hint: "add default-language.txt holding e.g. en-US"))
            return fallback
        }
        for finding in LocaleChecker(resolver: resolver).check(declared, layout: .gpp) { log.add(file, finding) }
        if !facts.classified.locales.contains(declared) {
            log.add(
                file,
                Finding(
                    LayoutRules.defaultLanguageFile, "default language '\(declared)' has no listings/\(declared) folder"
                ))
        }
        return declared
    }

    private func folder(of locale: String, in facts: ListingFacts) -> String {
        let listingFolder = facts.classified.localeFolder(locale)
        guard facts.classified.layout == .gpp,
            !facts.classified.files.contains(where: { $0.path.hasPrefix(listingFolder + "/") })
        else {
            return listingFolder
        }
        return "release-notes/\(locale)"
    }

    private func requiredText(_ facts: ListingFacts, defaultLanguage: String, log: inout FindingLog) {
        let folder = facts.classified.localeFolder(defaultLanguage)
        guard facts.classified.locales.contains(defaultLanguage) else {
            log.add(
                folder,
                Finding(
                    LocaleRules.missingTranslation,
                    "the default language \(defaultLanguage) has no folder; Play falls back to it for every missing translation",
                    hint: "add \(folder)/ with the title and descriptions"))
            return
        }
        let texts = facts.texts(of: defaultLanguage)
        // A file that exists but is not UTF-8 has its own TXT008 error; it is not reported missing as well.
        let isMissing = { (field: TextField) in
            self.path(of: field, locale: defaultLanguage, in: facts) == nil || texts[field]?.isEmpty == true
        }
        for (field, name) in [
            (TextField.shortDescription, "short description"), (.fullDescription, "full description"),
        ]
        where isMissing(field) {
            log.add(
                folder,
                Finding(
                    TextRules.descriptionsRequired,
                    "the default language \(defaultLanguage) has no \(name); it is required to publish (a missing file keeps the one on Play)"
                ))
        }
        let nearLimits = [
            (TextField.title, limits.titleMaxCharacters.value),
            (.shortDescription, limits.shortDescriptionMaxCharacters.value),
        ]
        for (field, limit) in nearLimits {
            guard let text = texts[field], let path = path(of: field, locale: defaultLanguage, in: facts) else {
                continue
            }
            let count = text.scalarCount
            if count <= limit, count * 100 > limit * limits.nearLimitPercent.value {
                log.add(
                    path,
                    Finding(
                        TextRules.nearLimit,
                        "\(field.label) uses \(count) of \(limit) characters; translations often grow 20–30% and then fail",
                        hint: "keep the default text under \(limit * limits.nearLimitPercent.value / 100) characters"))
            }
        }
    }

    private func translations(_ facts: ListingFacts, defaultLanguage: String, log: inout FindingLog) {
        let defaults = facts.texts(of: defaultLanguage)
        for locale in facts.classified.locales where locale != defaultLanguage {
            let texts = facts.texts(of: locale)
            let listingText = texts.keys.filter { [.title, .shortDescription, .fullDescription].contains($0) }
            guard !listingText.isEmpty else { continue }
            let missing = [TextField.title, .shortDescription].filter { defaults[$0] != nil && texts[$0] == nil }
            if !missing.isEmpty {
                log.add(
                    facts.classified.localeFolder(locale),
                    Finding(
                        LocaleRules.missingTranslation,
                        "\(locale) has no \(missing.map(\.label).joined(separator: " or ")); Play shows the \(defaultLanguage) text instead"
                    ))
            }
            if facts.imageCounts(of: locale).isEmpty {
                log.add(
                    facts.classified.localeFolder(locale),
                    Finding(
                        LocaleRules.noLocalGraphics,
                        "\(locale) has text but no graphics; Play shows the \(defaultLanguage) graphics"))
            }
            if let title = texts[.title], !title.isEmpty, title.text == defaults[.title]?.text,
                let path = path(of: .title, locale: locale, in: facts)
            {
                log.add(
                    path,
                    Finding(
                        ConsistencyRules.untranslatedTitle, "title is the same as the \(defaultLanguage) title",
                        hint: "translate it, or delete the file to fall back to the default"))
            }
        }
    }

    private func path(of field: TextField, locale: String, in facts: ListingFacts) -> String? {
        facts.classified.files.first { $0.locale == locale && $0.role == .text(field) }?.path
    }

    private func imageSet(_ facts: ListingFacts, locale: String, folder: String, isDefault: Bool, log: inout FindingLog)
    {
        let counts = facts.imageCounts(of: locale)
        let images = facts.images(of: locale)
        for (type, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let maximum = type.isScreenshot ? limits.screenshotsPerTypeMax.value : 1
            if count > maximum, type.isScreenshot || facts.classified.layout == .gpp {
                log.add(
                    folder,
                    Finding(
                        ImageRules.count, "\(count) \(type.label)s in \(locale); Play takes at most \(maximum)",
                        hint: "remove \(count - maximum)"))
            }
        }
        let phones = counts[.phoneScreenshots] ?? 0
        if phones == 1 {
            log.add(
                folder,
                Finding(
                    ImageRules.tooFewPhoneScreenshots,
                    "1 phone screenshot in \(locale): supply and GPP replace Play's set with it, and Play needs at least "
                        + "\(limits.phoneScreenshotsMin.value) ('This app has too few screenshots')",
                    hint: "add phone screenshots"))
        }
        if let shots = images[.phoneScreenshots] {
            let promotable = shots.count {
                min($0.image.info.width, $0.image.info.height) >= limits.promotionMinShortSide.value
                    && ImageChecker.isSixteenByNine($0.image.info)
            }
            if promotable < limits.promotionScreenshotsMin.value {
                log.add(
                    folder,
                    Finding(
                        ImageRules.promotion,
                        "\(promotable) of \(shots.count) phone screenshots in \(locale) are 9:16 or 16:9 at 1080 px or more; promotion needs \(limits.promotionScreenshotsMin.value)",
                        hint: "add 1080x1920 screenshots"))
            }
        }
        for type in [ImageType.sevenInchScreenshots, .tenInchScreenshots] {
            guard let shots = images[type] else { continue }
            let good = shots.count {
                ImageChecker.isSixteenByNine($0.image.info)
                    && limits.largeTabletSide.value.contains(min($0.image.info.width, $0.image.info.height))
            }
            if shots.count < limits.tabletScreenshotsRecommended.value || good < shots.count {
                log.add(
                    folder,
                    Finding(
                        ImageRules.tablets,
                        "\(shots.count) \(type.label)s in \(locale), \(good) of them 16:9 with sides of 1080 to 7680; Play recommends \(limits.tabletScreenshotsRecommended.value)"
                    ))
            }
        }
        if isDefault {
            for type in [ImageType.icon, .featureGraphic] where counts[type] == nil {
                log.add(
                    folder,
                    Finding(
                        ImageRules.requiredGraphics,
                        "no \(type.label) in the default language \(locale); Play requires one to publish (a missing file keeps the one on Play)"
                    ))
            }
        }
        var seen: [[Int]: String] = [:]
        for (_, shots) in images.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for shot in shots {
                if let first = seen[shot.image.digest] {
                    log.add(
                        shot.path, Finding(ImageRules.duplicates, "same image as \(first)", hint: "remove the copy"))
                } else {
                    seen[shot.image.digest] = shot.path
                }
            }
        }
    }

    /// CON001: a locale with changelogs but none uploaded for the version being released (or, when that is not
    /// known, the newest one in the tree).
    private func changelogCoverage(_ facts: ListingFacts, options: ListingOptions, log: inout FindingLog) {
        var versions: [String: Set<String>] = [:]
        for file in facts.classified.files {
            if case .text(.releaseNotes(let name)) = file.role, let locale = file.locale {
                versions[locale, default: []].insert(name)
            }
        }
        guard let wanted = options.versionCode ?? versions.values.flatMap({ $0 }).compactMap(Int.init).max() else {
            return
        }
        for (locale, names) in versions.sorted(by: { $0.key < $1.key })
        where !names.contains(String(wanted)) && !names.contains("default") {
            log.add(
                facts.classified.localeFolder(locale),
                Finding(
                    ConsistencyRules.changelogCoverage,
                    "\(locale) has changelogs but none for version \(wanted) and no default.txt; it gets no release notes",
                    hint: "add \(locale)/changelogs/\(wanted).txt or default.txt"))
        }
    }

    private func releaseNotes(
        for versionCode: Int, _ facts: ListingFacts, defaultLanguage: String, log: inout FindingLog
    ) {
        let wanted: Set<String> = facts.classified.layout == .fastlane ? [String(versionCode), "default"] : []
        let found = facts.classified.files.contains { file in
            guard file.locale == defaultLanguage, case .text(.releaseNotes(let name)) = file.role else { return false }
            return wanted.isEmpty || wanted.contains(name)
        }
        if !found {
            log.add(
                facts.classified.localeFolder(defaultLanguage),
                Finding(
                    ConsistencyRules.releaseNotesForVersion,
                    "no release notes for version \(versionCode) in the default language \(defaultLanguage)",
                    hint: facts.classified.layout == .fastlane
                        ? "add \(defaultLanguage)/changelogs/\(versionCode).txt"
                        : "add release-notes/\(defaultLanguage)/default.txt"))
        }
    }
}
