public import Diagnostics

/// The listing-text rules TXT001–TXT015, each one entry with its examples and its check: on one text file
/// (``ListingTextFile``) or, for what the default language must hold, on the tree (``ListingTree``).
public enum TextRules {
    /// The limits the summaries and examples quote, so they cannot drift from what the checkers enforce.
    private static let limits = ListingLimits.play2026

    private static let title = limits.titleMaxCharacters.value
    private static let short = limits.shortDescriptionMaxCharacters.value
    private static let full = limits.fullDescriptionMaxCharacters.value
    private static let notes = limits.releaseNotesMaxCharacters.value
    private static let releaseName = limits.releaseNameMaxCharacters.value

    public static let titleLength = ListingTextRule(
        Rule(
            "TXT001", "title-too-long", .error, "The title is at most \(title) characters.",
            why: "Play refuses the listing (\"The title for the app is too long\").",
            examples: ListingExample.self,
            passing: [
                .fastlane("short title"),
                .fastlane("\(title) characters", ["en-US/title.txt": .text(String(repeating: "a", count: title))]),
            ],
            failing: [
                .fastlane(
                    "\(title + 1) characters", ["en-US/title.txt": .text(String(repeating: "a", count: title + 1))]),
                .gpp(
                    "\(title + 1) characters after trimming",
                    ["listings/en-US/title.txt": .text(" " + String(repeating: "é", count: title + 1) + "\n")]),
            ])
    ) { file, finding in
        file.field == .title ? overLimit(file, finding) : []
    }

    public static let shortDescriptionLength = ListingTextRule(
        Rule(
            "TXT002", "short-description-too-long", .error, "The short description is at most \(short) characters.",
            why: "Play refuses the listing (\"The short description ... is too long\").",
            examples: ListingExample.self, passing: [.fastlane("short")],
            failing: [
                .fastlane(
                    "\(short + 1) characters",
                    ["en-US/short_description.txt": .text(String(repeating: "b", count: short + 1))])
            ])
    ) { file, finding in
        file.field == .shortDescription ? overLimit(file, finding) : []
    }

    public static let fullDescriptionLength = ListingTextRule(
        Rule(
            "TXT003", "full-description-too-long", .error, "The full description is at most \(full) characters.",
            why: "Play refuses the listing.",
            examples: ListingExample.self, passing: [.gpp("short")],
            failing: [
                .gpp(
                    "\(full + 1) characters",
                    ["listings/en-US/full-description.txt": .text(String(repeating: "c", count: full + 1))])
            ])
    ) { file, finding in
        file.field == .fullDescription ? overLimit(file, finding) : []
    }

    public static let releaseNotesLength = ListingTextRule(
        Rule(
            "TXT004", "release-notes-too-long", .error, "Release notes are at most \(notes) characters per language.",
            why: "Play refuses the release (\"notes ... with length N, which is too long\").",
            examples: ListingExample.self, passing: [.fastlane("short changelog"), .gpp("short notes")],
            failing: [
                .fastlane(
                    "\(notes + 1)-character changelog of the release",
                    ["en-US/changelogs/100.txt": .text(String(repeating: "d", count: notes + 1))]
                )
                .releasing(100),
                .gpp(
                    "\(notes + 1)-character notes",
                    ["release-notes/en-US/beta.txt": .text(String(repeating: "d", count: notes + 1))]),
            ])
    ) { file, finding in
        file.isReleaseNotes ? overLimit(file, finding) : []
    }

    public static let releaseNameLength = ListingTextRule(
        Rule(
            "TXT005", "release-name-too-long", .error, "A GPP release name is at most \(releaseName) characters.",
            why: "Play refuses the release.",
            examples: ListingExample.self, passing: [.gpp("short name", ["release-names/beta.txt": .text("2.0 beta")])],
            failing: [
                .gpp(
                    "\(releaseName + 1) characters",
                    ["release-names/beta.txt": .text(String(repeating: "e", count: releaseName + 1))])
            ])
    ) { file, finding in
        guard case .releaseName = file.field else { return [] }
        return overLimit(file, finding)
    }

    static let utf16Length = ListingTextRule(
        Rule(
            "TXT006", "over-limit-in-utf16", .warning,
            "Text within its limit in code points is also within it in UTF-16 units, which Play may count.",
            why:
                "Play may refuse it: its count of characters above U+FFFF is not documented, so fix it before this release.",
            examples: ListingExample.self,
            passing: [.fastlane("BMP characters only", ["en-US/title.txt": .text(String(repeating: "ü", count: 30))])],
            failing: [
                .fastlane(
                    "16 emoji: 16 code points, 32 UTF-16 units",
                    ["en-US/title.txt": .text(String(repeating: "🚀", count: 16))])
            ])
    ) { file, finding in
        guard let counted = file.playText, let limit = file.limit, counted.scalarCount <= limit,
            counted.sentScalarCount <= limit, counted.sentUTF16Count > limit
        else { return [] }
        let units = counted.sentUTF16Count
        return [
            finding(
                "\(file.field.label) is \(counted.sentScalarCount) characters but \(units) UTF-16 units, over the limit of "
                    + "\(limit) if Play counts UTF-16 (characters above U+FFFF, such as most emoji, count twice)",
                hint: "remove \(units - limit) UTF-16 units (emoji first) to be safe")
        ]
    }

    static let trailingWhitespace = ListingTextRule(
        Rule(
            "TXT007", "whitespace-sent-by-supply", .error,
            "fastlane text is within its limit as supply sends it: trailing whitespace and newlines are sent and counted.",
            why:
                "Play refuses release notes over the limit by their newline (\"length 1004\" for 1,003 characters); "
                + "for a title or description its count of trailing whitespace is unproven, so those are warnings.",
            examples: ListingExample.self,
            passing: [
                .fastlane("one final newline", ["en-US/title.txt": .text("Binary Eye\n")]),
                .fastlane(
                    "blank lines far from the limit", ["en-US/short_description.txt": .text("Scan barcodes\n\n\n")]),
            ],
            failing: [
                .fastlane(
                    "the newline pushes the release notes over",
                    ["en-US/changelogs/100.txt": .text(String(repeating: "d", count: notes) + "\n")]
                )
                .releasing(100),
                .fastlane(
                    "the newline pushes the title over (a warning)",
                    ["en-US/title.txt": .text(String(repeating: "a", count: title) + "\n")]),
                .fastlane(
                    "CRLF pushes the title over (a warning)",
                    ["en-US/title.txt": .text(String(repeating: "a", count: title - 1) + "\r\n")]),
            ])
    ) { file, finding in
        guard let counted = file.playText, let limit = file.limit, counted.scalarCount <= limit,
            counted.sentScalarCount > limit
        else { return [] }
        let over =
            "\(file.field.label) is \(counted.scalarCount) characters, but supply sends \(counted.sentScalarCount) with "
            + "the trailing whitespace, over the limit of \(limit)"
        let place = TextDecoding.location(ofScalarAt: limit, in: counted.sent)
        guard file.isReleaseNotes else {
            // Proven only for release notes: a project has uploaded 30-character titles plus a newline with supply
            // on every metadata push for two years (docs/severity.md).
            return [
                finding(
                    severity: .warning, at: place,
                    over + "; whether Play counts the trailing whitespace of \(file.field.label) is unproven (it does "
                        + "for release notes), so it may refuse it\(file.forLanguage)",
                    hint: "remove the final newline (and any trailing spaces) to be safe")
            ]
        }
        return [
            finding(
                at: place, over + "; Play counts what it receives and refuses it\(file.forLanguage)",
                hint: "remove the final newline (and any trailing spaces)")
        ]
    }

    static let encoding = ListingTextRule(
        Rule(
            "TXT008", "text-encoding", .error,
            "Text files are valid UTF-8 with no NUL or control characters; a byte-order mark is a warning.",
            why: "supply stops on bytes that are not UTF-8; a byte-order mark is sent and counted, so it is a warning.",
            examples: ListingExample.self, passing: [.fastlane("plain UTF-8", ["en-US/title.txt": .text("Éditeur ✓")])],
            failing: [
                .fastlane("Latin-1 byte", ["en-US/title.txt": .bytes([0x43, 0x61, 0x66, 0xE9])]),
                .fastlane("binary data", ["en-US/title.txt": .bytes([0x89, 0x50, 0x4E, 0x47, 0x00, 0x00])]),
                .fastlane("byte-order mark", ["en-US/title.txt": .bytes([0xEF, 0xBB, 0xBF, 0x41])]),
            ])
    ) { file, finding in
        guard file.store == .play else { return [] }
        switch file.decoded {
        case .failure(let failure):
            return [
                finding(
                    at: .text(line: failure.line, column: failure.column),
                    "not valid UTF-8: byte 0x\(String(failure.byte, radix: 16, uppercase: true)) at offset \(failure.byteOffset) "
                        + (file.layout == .fastlane
                            ? "(supply stops with 'Metadata must be UTF-8 encoded')"
                            : "(GPP decodes it as UTF-8 and uploads U+FFFD replacement characters in its place)"),
                    hint: "save the file as UTF-8")
            ]
        case .success(let raw):
            if let (offset, scalar) = file.controlCharacter {
                let what =
                    scalar == "\0"
                    ? "a NUL byte (binary data?)"
                    : "control character U+\(String(scalar.value, radix: 16, uppercase: true))"
                return [
                    finding(
                        at: TextDecoding.location(ofScalarAt: offset, in: raw), "\(what) in \(file.field.label) text",
                        hint: "listing text must be plain text; remove it")
                ]
            }
            guard raw.unicodeScalars.first == "\u{FEFF}" else { return [] }
            return [
                finding(
                    severity: .warning, at: .text(line: 1, column: 1),
                    "the file starts with a byte-order mark, which is sent and counted as a character",
                    hint: "save the file as UTF-8 without BOM")
            ]
        }
    }

    static let titleRequired = ListingTextRule(
        Rule(
            "TXT009", "title-empty", .error,
            "No uploaded title.txt is empty: supply would send an empty app name (a missing file keeps the title on Play).",
            why: "Play refuses an empty app name.",
            examples: ListingExample.self,
            passing: [.fastlane("title present"), .fastlane("no title file", ["en-US/title.txt": nil])],
            failing: [.fastlane("empty title in a translation", ["de-DE/title.txt": .text("\n")])])
    ) { file, finding in
        guard file.field == .title, file.layout == .fastlane, file.playText?.isEmpty == true else { return [] }
        return [
            finding(
                "title.txt is empty: supply would send an empty title",
                hint: "write the app name, or delete the file to keep the title on Play")
        ]
    }

    static let descriptionsRequired = ListingTreeRule(
        Rule(
            "TXT010", "description-missing", .warning,
            "Opt-in: the default language has a short and a full description (required to publish; a missing file keeps Play's).",
            why: "A missing file keeps what Play has, so it is fine whenever Play already has it; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.gpp("both present")],
            failing: [.gpp("no short description", ["listings/en-US/short-description.txt": nil])])
    ) { tree, finding in
        let language = tree.defaultLanguage
        guard tree.uploads.contains(.text), tree.classified.locales.contains(language) else { return [] }
        let texts = tree.texts(of: language)
        // A file that exists but is not UTF-8 has its own TXT008 error; it is not reported missing as well.
        return [(TextField.shortDescription, "short description"), (.fullDescription, "full description")].compactMap {
            field, name in
            guard tree.path(of: field, locale: language) == nil || texts[field]?.isEmpty == true else { return nil }
            return TreeFinding(
                tree.classified.localeFolder(language),
                finding(
                    "the default language \(language) has no \(name); it is required to publish (a missing file keeps the one on Play)"
                ))
        }
    }

    static let nearLimit = ListingTreeRule(
        Rule(
            "TXT011", "near-limit", .warning,
            "Opt-in: the default title and short description stay under \(limits.nearLimitPercent.value)% of their limits, leaving room for translations.",
            why: "Advice for translators; Play accepts the text; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("short title")],
            failing: [.fastlane("25-character title", ["en-US/title.txt": .text(String(repeating: "f", count: 25))])])
    ) { tree, finding in
        let language = tree.defaultLanguage
        guard tree.uploads.contains(.text), tree.classified.locales.contains(language) else { return [] }
        let texts = tree.texts(of: language)
        let percent = tree.limits.nearLimitPercent.value
        return [
            (TextField.title, tree.limits.titleMaxCharacters.value),
            (.shortDescription, tree.limits.shortDescriptionMaxCharacters.value),
        ].compactMap { field, limit in
            guard let text = texts[field], let path = tree.path(of: field, locale: language) else { return nil }
            let count = text.scalarCount
            guard count <= limit, count * 100 > limit * percent else { return nil }
            return TreeFinding(
                path,
                finding(
                    "\(field.label) uses \(count) of \(limit) characters; translations often grow 20–30% and then fail",
                    hint: "keep the default text under \(limit * percent / 100) characters"))
        }
    }

    static let metadataPolicy = ListingTextRule(
        Rule(
            "TXT012", "app-name-policy", .warning,
            "The title (the app name policy) has no emoji, ALL CAPS, ranking or price claims, URLs or phone numbers.",
            why: "Play's reviewers reject app names that break the policy; the upload itself is accepted.",
            examples: ListingExample.self,
            passing: [
                .fastlane("plain title"),
                .fastlane(
                    "'free' in the short description: a guideline there, not the policy",
                    ["en-US/short_description.txt": .text("A free and open source scanner")]),
            ],
            failing: [
                .fastlane("all caps", ["en-US/title.txt": .text("BINARY EYE")]),
                .fastlane("price claim", ["en-US/title.txt": .text("#1 Free Scanner")]),
                .fastlane("emoji", ["en-US/title.txt": .text("Binary Eye 📷")]),
                .fastlane("URL", ["en-US/title.txt": .text("Scanner www.example.org")]),
            ])
    ) { file, finding in
        guard file.field == .title, let text = file.playText?.text else { return [] }
        let problems = FieldForm.policyProblems(in: text)
        guard !problems.isEmpty else { return [] }
        return [
            finding(
                "\(file.field.label) has \(problems.joined(separator: ", ")); Play's app-name policy forbids these and review may reject the listing",
                hint: "describe the app plainly")
        ]
    }

    static let videoURL = ListingTextRule(
        Rule(
            "TXT013", "video-url", .error,
            "The video file is empty or holds one YouTube video URL (http or https, with a video id).",
            why: "Play refuses a video URL that is not a YouTube video.",
            examples: ListingExample.self,
            passing: [
                .fastlane("watch URL", ["en-US/video.txt": .text("https://www.youtube.com/watch?v=dQw4w9WgXcQ\n")]),
                .gpp("short URL", ["listings/en-US/video-url.txt": .text("https://youtu.be/dQw4w9WgXcQ")]),
            ],
            failing: [
                .fastlane("not YouTube", ["en-US/video.txt": .text("https://vimeo.com/123456")]),
                .fastlane("no video id", ["en-US/video.txt": .text("https://www.youtube.com/watch")]),
                .fastlane("not a URL", ["en-US/video.txt": .text("my video")]),
            ])
    ) { file, finding in
        guard file.field == .video, let text = file.playText?.text,
            case .invalid(let reason) = FieldForm.videoProblem(text)
        else { return [] }
        return [finding("video URL \(reason)", hint: "use https://www.youtube.com/watch?v=<id>")]
    }

    static let videoURLForm = ListingTextRule(
        Rule(
            "TXT014", "video-url-form", .warning,
            "The video URL is a plain video link: no playlist, channel or Shorts link, no t=, list= or feature=.",
            why: "Users see no video, or the wrong part of it, on the listing.",
            examples: ListingExample.self,
            passing: [.fastlane("plain link", ["en-US/video.txt": .text("https://youtu.be/dQw4w9WgXcQ")])],
            failing: [
                .fastlane(
                    "start time", ["en-US/video.txt": .text("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s")]),
                .fastlane("playlist", ["en-US/video.txt": .text("https://www.youtube.com/playlist?list=PL123")]),
                .fastlane("Shorts", ["en-US/video.txt": .text("https://youtube.com/shorts/dQw4w9WgXcQ")]),
            ])
    ) { file, finding in
        guard file.field == .video, let text = file.playText?.text,
            case .notPlain(let form, let hint) = FieldForm.videoProblem(text)
        else { return [] }
        return [finding("video URL \(form)", hint: hint)]
    }

    static let contactDetails = ListingTextRule(
        Rule(
            "TXT015", "contact-details", .warning,
            "GPP contact files hold one email address, an absolute http(s) URL, and a phone number.",
            why: "Users and reviewers see contact details that do not work.",
            examples: ListingExample.self,
            passing: [
                .gpp(
                    "valid contacts",
                    [
                        "contact-website.txt": .text("https://example.org"),
                        "contact-phone.txt": .text("+1 (555) 123-4567"),
                    ])
            ],
            failing: [
                .gpp("bad email", ["contact-email.txt": .text("dev at example.org")]),
                .gpp("relative website", ["contact-website.txt": .text("example.org")]),
                .gpp("letters in phone", ["contact-phone.txt": .text("call me")]),
            ])
    ) { file, finding in
        guard [.contactEmail, .contactWebsite, .contactPhone].contains(file.field), let text = file.playText?.text,
            !text.isEmpty, !FieldForm.isValidContact(text, field: file.field)
        else { return [] }
        return [
            finding(
                "\(file.field.label) '\(Excerpt.of(text))' is not valid",
                hint: file.field == .contactWebsite ? "use an absolute URL such as https://example.org" : nil)
        ]
    }

    /// Every text rule, in id order.
    static let all: [Rule] = [
        titleLength.rule, shortDescriptionLength.rule, fullDescriptionLength.rule, releaseNotesLength.rule,
        releaseNameLength.rule, utf16Length.rule, trailingWhitespace.rule, encoding.rule, titleRequired.rule,
        descriptionsRequired.rule, nearLimit.rule, metadataPolicy.rule, videoURL.rule, videoURLForm.rule,
        contactDetails.rule,
    ]

    /// The entries on one text file, in the order their findings are reported: the encoding first, then the
    /// length (at most one of TXT001–TXT007), the empty title and the field's form.
    static let fileChecks: [ListingTextRule] = [
        encoding, titleLength, shortDescriptionLength, fullDescriptionLength, releaseNotesLength, releaseNameLength,
        trailingWhitespace, utf16Length, titleRequired, metadataPolicy, videoURL, videoURLForm, contactDetails,
    ]

    /// The entries on the whole tree, in the order their findings are reported.
    static let treeChecks: [ListingTreeRule] = [descriptionsRequired, nearLimit]

    /// TXT001–TXT005: the text itself is over the field's limit.
    private static func overLimit(_ file: ListingTextFile, _ finding: RuleOutput) -> [Finding] {
        guard let counted = file.playText, let limit = file.limit, counted.scalarCount > limit else { return [] }
        let scalars = counted.scalarCount
        var place = TextDecoding.location(ofScalarAt: limit, in: counted.text)
        place.line = (place.line ?? 1) + counted.leadingLinesRemoved
        let unitsNote =
            counted.sentUTF16Count != counted.sentScalarCount ? " (\(counted.sentUTF16Count) UTF-16 units)" : ""
        return [
            finding(
                at: place,
                "\(file.field.label) is \(scalars) characters\(unitsNote), over the limit of \(limit) by \(scalars - limit); "
                    + "Play refuses it\(file.forLanguage)",
                hint: "shorten it to \(limit) characters; the text from here on is over the limit")
        ]
    }
}
