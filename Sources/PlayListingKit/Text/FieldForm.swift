import Diagnostics
import Foundation

/// The form of a field's text, as typed facts for the entries that judge it: app-name policy red flags in the
/// title (TXT012), what is wrong with a video URL (TXT013, TXT014) and whether a GPP contact detail is valid
/// (TXT015). Play's app-name policy covers the title (with the icon and developer name); in descriptions the same
/// words are promotion guidelines, enforced by nobody at upload.
enum FieldForm {
    static let claimWords: Set<String> = ["best", "free", "top", "new", "sale"]

    /// What the app-name policy forbids in `text`, in words for the message (empty when nothing).
    static func policyProblems(in text: String) -> [String] {
        var problems: [String] = []
        if text.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
            problems.append("emoji in the title")
        }
        let letters = text.filter(\.isLetter)
        if letters.count >= 4, letters.allSatisfy(\.isUppercase) {
            problems.append("an all-caps title")
        }
        let lower = text.lowercased()
        let words = Set(lower.split { !$0.isLetter && !$0.isNumber && $0 != "#" && $0 != "%" }.map(String.init))
        let claims =
            words.intersection(claimWords).sorted() + (words.contains("#1") ? ["#1"] : [])
            + (lower.contains("% off") ? ["% off"] : [])
        if !claims.isEmpty { problems.append("ranking or price words (\(claims.joined(separator: ", ")))") }
        if lower.contains("http://") || lower.contains("https://") || lower.contains("www.") {
            problems.append("a URL")
        }
        if hasPhoneNumber(text) { problems.append("a phone number") }
        return problems
    }

    /// Seven or more digits in a run of digits, spaces, `-`, `(`, `)`, `+`, `.`.
    private static func hasPhoneNumber(_ text: String) -> Bool {
        var digits = 0
        for character in text {
            if character.isASCII, character.isNumber {
                digits += 1
                if digits >= 7 { return true }
            } else if !" -()+.".contains(character) {
                digits = 0
            }
        }
        return false
    }

    static let youTubeHosts: Set<String> = ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"]

    /// What is wrong with a video URL: the first problem found, or `nil`.
    enum VideoProblem: Equatable {
        /// Not one YouTube video URL (TXT013): why, in words.
        case invalid(String)
        /// A YouTube link, but not a plain video (TXT014): what it is, and how to fix it.
        case notPlain(String, hint: String)
    }

    static func videoProblem(_ text: String) -> VideoProblem? {
        guard !text.isEmpty else { return nil }
        guard !text.contains("\n") else { return .invalid("has more than one line") }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            let host = url.host?.lowercased()
        else { return .invalid("'\(Excerpt.of(text))' is not a URL") }
        guard scheme == "http" || scheme == "https" else {
            return .invalid("uses '\(Excerpt.of(scheme)):', not http or https")
        }
        guard youTubeHosts.contains(host) else {
            return .invalid("is on \(host), not YouTube: Play shows only YouTube videos")
        }
        let items = url.queryItems ?? []
        let path = url.path.split(separator: "/").map(String.init)
        if path.first == "playlist" || ["channel", "c", "user"].contains(path.first ?? "")
            || path.first?.hasPrefix("@") == true
            || path.first == "shorts"
        {
            return .notPlain(
                "is a \(path.first == "shorts" ? "Shorts" : "playlist or channel") link, not a plain video",
                hint: "link one video: https://www.youtube.com/watch?v=<id>")
        }
        let id =
            host == "youtu.be"
            ? path.first : (path.first == "watch" ? items.first { $0.name == "v" }?.value : path.dropFirst().first)
        guard let id, !id.isEmpty else { return .invalid("has no video id") }
        let extra = items.map(\.name).filter { ["t", "list", "feature", "start", "index"].contains($0) }
        guard extra.isEmpty else {
            return .notPlain(
                "carries \(extra.map { "\($0)=" }.joined(separator: ", ")); Play asks for a plain video URL",
                hint: "remove the extra parameters")
        }
        return nil
    }

    /// Whether `text` is a valid contact detail of `field` (email, website or phone).
    static func isValidContact(_ text: String, field: TextField) -> Bool {
        switch field {
        case .contactEmail:
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasSuffix(".")
                && !text.contains(where: \.isWhitespace)
        case .contactWebsite:
            let url = URLComponents(string: text)
            return ["http", "https"].contains(url?.scheme?.lowercased() ?? "") && !(url?.host ?? "").isEmpty
        default:
            return text.contains(where: \.isNumber)
                && text.allSatisfy { $0.isASCII && $0.isNumber || " +-()".contains($0) }
        }
    }
}
