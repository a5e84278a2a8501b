/// The 87 listing languages Google Play accepts, spelt exactly as Play wants them, and the mapping from common
/// near misses to them.
///
/// Source: Play Console help answer 9844778 ("Translate and localize your app"), read 2026-01; the jenkinsci Google Play Android Publisher plugin's `SUPPORTED_LANGUAGES`
/// agrees code for code. When Play adds a language, add it here (the rules and their messages count this table).
struct PlayLocales: Sendable, Hashable {
    var codes: Set<String>
    /// Wrong spellings people use, mapped to the Play codes they probably mean (`he` → `iw-IL`).
    var nearMisses: [String: [String]]

    /// Play's list as of 2026 with the near misses of the rulebook (LOC003).
    static let play2026 = PlayLocales(
        codes: [
            "af", "am", "ar", "az-AZ", "be", "bg", "bn-BD", "ca", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-AU", "en-CA",
            "en-GB", "en-IN", "en-SG", "en-US", "en-ZA", "es-419", "es-ES", "es-US", "et", "eu-ES", "fa", "fa-AE",
            "fa-AF", "fa-IR", "fi-FI", "fil", "fr-CA", "fr-FR", "gl-ES", "gu", "hi-IN", "hr", "hu-HU", "hy-AM", "id",
            "is-IS", "it-IT", "iw-IL", "ja-JP", "ka-GE", "kk", "km-KH", "kn-IN", "ko-KR", "ky-KG", "lo-LA", "lt", "lv",
            "mk-MK", "ml-IN", "mn-MN", "mr-IN", "ms", "ms-MY", "my-MM", "ne-NP", "nl-NL", "no-NO", "pa", "pl-PL",
            "pt-BR", "pt-PT", "rm", "ro", "ru-RU", "si-LK", "sk", "sl", "sq", "sr", "sv-SE", "sw", "ta-IN", "te-IN",
            "th", "tr-TR", "uk", "ur", "vi", "zh-CN", "zh-HK", "zh-TW", "zu",
        ],
        nearMisses: [
            "en": ["en-US", "en-GB"], "pt": ["pt-PT", "pt-BR"], "de": ["de-DE"], "fr": ["fr-FR", "fr-CA"],
            "es": ["es-ES", "es-419"], "it": ["it-IT"], "ja": ["ja-JP"], "ko": ["ko-KR"], "ru": ["ru-RU"],
            "nl": ["nl-NL"],
            "pl": ["pl-PL"], "tr": ["tr-TR"], "sv": ["sv-SE"], "da": ["da-DK"], "fi": ["fi-FI"], "cs": ["cs-CZ"],
            "el": ["el-GR"], "hu": ["hu-HU"], "hi": ["hi-IN"], "he": ["iw-IL"], "he-IL": ["iw-IL"], "iw": ["iw-IL"],
            "nb": ["no-NO"], "nb-NO": ["no-NO"], "nn": ["no-NO"], "no": ["no-NO"], "zh": ["zh-CN", "zh-TW"],
            "zh-Hans": ["zh-CN"], "zh-Hant": ["zh-TW"], "zh-Hant-TW": ["zh-TW"], "zh-Hans-CN": ["zh-CN"],
            "tl": ["fil"], "fil-PH": ["fil"], "id-ID": ["id"], "in": ["id"],
        ])

    /// Latin-American Spanish regions, which Play folds into `es-419`.
    static let latinAmericanSpanish: Set<String> = [
        "AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI", "PA", "PE", "PR", "PY", "SV", "UY",
        "VE",
    ]
}
