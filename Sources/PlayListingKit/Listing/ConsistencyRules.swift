import Diagnostics

/// The cross-tree rules CON001, CON002 and CON004, each one entry with its examples and its check on the tree
/// (``ListingTree``). (CON003, fastlane and GPP trees side by side, needs both trees and is not checked yet.)
enum ConsistencyRules {
    static let changelogCoverage = ListingTreeRule(
        Rule(
            "CON001", "changelog-missing-in-locale", .warning,
            "Opt-in: fastlane: a locale with changelogs has one for the version being released (or the newest), or a default.txt.",
            why: "Older changelogs are never sent again, so a gap is often intended; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("one locale")],
            failing: [
                .fastlane(
                    "de-DE lags behind",
                    [
                        "de-DE/title.txt": .text("Binary Eye"),
                        "de-DE/short_description.txt": .text("Strichcodes lesen"),
                        "de-DE/changelogs/99.txt": .text("Fehler behoben"),
                    ])
            ])
    ) { tree, finding in
        // A locale with changelogs but none uploaded for the version being released (or, when that is not known, the
        // newest one in the tree).
        guard tree.classified.layout == .fastlane, tree.uploads.contains(.changelogs) else { return [] }
        var versions: [String: Set<String>] = [:]
        for file in tree.classified.files {
            if case .text(.releaseNotes(let name)) = file.role, let locale = file.locale {
                versions[locale, default: []].insert(name)
            }
        }
        guard let wanted = tree.options.versionCode ?? versions.values.flatMap({ $0 }).compactMap(Int.init).max() else {
            return []
        }
        return versions.sorted(by: { $0.key < $1.key }).compactMap { locale, names in
            guard !names.contains(String(wanted)), !names.contains("default") else { return nil }
            return TreeFinding(
                tree.classified.localeFolder(locale),
                finding(
                    "\(locale) has changelogs but none for version \(wanted) and no default.txt; it gets no release notes",
                    hint: "add \(locale)/changelogs/\(wanted).txt or default.txt"))
        }
    }

    static let releaseNotesForVersion = ListingTreeRule(
        Rule(
            "CON002", "release-notes-missing-for-version", .warning,
            "The default language has release notes for the version code named as the one being released.",
            why: "Users see no release notes for the version being released.",
            examples: ListingExample.self, passing: [.fastlane("changelog 100 for version 100").releasing(100)],
            failing: [.fastlane("no changelog for version 101").releasing(101)])
    ) { tree, finding in
        guard tree.options.requiresReleaseNotes, tree.uploads.contains(.changelogs) else { return [] }
        let listing = tree.classified
        let language = tree.defaultLanguage
        return tree.options.versionCodes.compactMap { versionCode in
            let wanted: Set<String> = listing.layout == .fastlane ? [String(versionCode), "default"] : []
            let found = listing.files.contains { file in
                guard file.locale == language, case .text(.releaseNotes(let name)) = file.role else { return false }
                return wanted.isEmpty || wanted.contains(name)
            }
            guard !found else { return nil }
            return TreeFinding(
                listing.localeFolder(language),
                finding(
                    "no release notes for version \(versionCode) in the default language \(language)",
                    hint: listing.layout == .fastlane
                        ? "add \(language)/changelogs/\(versionCode).txt"
                        : "add release-notes/\(language)/default.txt"))
        }
    }

    static let untranslatedTitle = ListingTreeRule(
        Rule(
            "CON004", "untranslated-title", .note,
            "Opt-in: a translated locale's title differs from the default title, or is left out to fall back to it.",
            why: "A translated title that equals the default is often the brand; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("one locale")],
            failing: [
                .fastlane(
                    "copied title",
                    ["de-DE/title.txt": .text("Binary Eye"), "de-DE/short_description.txt": .text("Strichcodes")])
            ])
    ) { tree, finding in
        guard tree.uploads.contains(.text) else { return [] }
        let language = tree.defaultLanguage
        let defaultTitle = tree.texts(of: language)[.title]?.text
        return tree.translations.compactMap { locale in
            guard let title = tree.texts(of: locale)[.title], !title.isEmpty, title.text == defaultTitle,
                let path = tree.path(of: .title, locale: locale)
            else { return nil }
            return TreeFinding(
                path,
                finding(
                    "title is the same as the \(language) title",
                    hint: "translate it, or delete the file to fall back to the default"))
        }
    }

    /// Every consistency rule, in id order.
    static let all: [Rule] = [changelogCoverage.rule, releaseNotesForVersion.rule, untranslatedTitle.rule]

    /// The entries, in the order their findings are reported.
    static let treeChecks: [ListingTreeRule] = [untranslatedTitle, changelogCoverage, releaseNotesForVersion]
}
