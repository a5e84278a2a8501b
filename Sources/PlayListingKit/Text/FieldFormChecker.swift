import Diagnostics
import Foundation

/// Checks the form of a field's text: app-name policy red flags in the title (TXT012), the video URL (TXT013,
/// TXT014) and GPP contact details (TXT015). Play's app-name policy covers the title (with the icon and developer
/// name); in descriptions the same words are promotion guidelines, enforced by nobody at upload.
struct FieldFormChecker: Sendable {
    func check(_ text: String, field: TextField) -> [Finding] {
        switch field {
        case .title: policy(text, field: field)
        case .video: video(text)
        case .contactEmail, .contactWebsite, .contactPhone: contact(text, field: field)
        default: []
        }
    }

    static let claimWords: Set<String> = ["best", "free", "top", "new", "sale"]

    private func policy(_ text: String, field: TextField) -> [Finding] {
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
            words.intersection(Self.claimWords).sorted() + (words.contains("#1") ? ["#1"] : [])
            + (lower.contains("% off") ? ["% off"] : [])
        if !claims.isEmpty { problems.append("ranking or price words (\(claims.joined(separator: ", ")))") }
        if lower.contains("http://") || lower.contains("https://") || lower.contains("www.") {
            problems.append("a URL")
        }
        if Self.hasPhoneNumber(text) { problems.append("a phone number") }
        guard !problems.isEmpty else { return [] }
        return [
            Finding(
                TextRules.metadataPolicy,
                "\(field.label) has \(problems.joined(separator: ", ")); Play's app-name policy forbids these and review may reject the listing",
                hint: "describe the app plainly")
        ]
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

    private func video(_ text: String) -> [Finding] {
        guard !text.isEmpty else { return [] }
        let invalid = { (reason: String) in
            [Finding(TextRules.videoURL, "video URL \(reason)", hint: "use https://www.youtube.com/watch?v=<id>")]
        }
        guard !text.contains("\n") else { return invalid("has more than one line") }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            let host = url.host?.lowercased()
        else { return invalid("'\(text)' is not a URL") }
        guard scheme == "http" || scheme == "https" else { return invalid("uses '\(scheme):', not http or https") }
        guard Self.youTubeHosts.contains(host) else {
            return invalid("is on \(host), not YouTube: Play shows only YouTube videos")
        }
        let items = url.queryItems ?? []
        let path = url.path.split(separator: "/").map(String.init)
        if path.first == "playlist" || ["channel", "c", "user"].contains(path.first ?? "")
            || path.first?.hasPrefix("@") == true
            || path.first == "shorts"
        {
            return [
                Finding(
                    TextRules.videoURLForm,
                    "video URL is a \(path.first == "shorts" ? "Shorts" : "playlist or channel") link, not a plain video",
                    hint: "link one video: https://www.youtube.com/watch?v=<id>")
            ]
        }
        let id =
            host == "youtu.be"
            ? path.first : (path.first == "watch" ? items.first { $0.name == "v" }?.value : path.dropFirst().first)
        guard let id, !id.isEmpty else { return invalid("has no video id") }
        let extra = items.map(\.name).filter { ["t", "list", "feature", "start", "index"].contains($0) }
        guard extra.isEmpty else {
            return [
                Finding(
                    TextRules.videoURLForm,
                    "video URL carries \(extra.map { "\($0)=" }.joined(separator: ", ")); Play asks for a plain video URL",
                    hint: "remove the extra parameters")
            ]
        }
        return []
    }

    private func contact(_ text: String, field: TextField) -> [Finding] {
        let valid: Bool
        switch field {
        case .contactEmail:
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            valid =
                parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasSuffix(".")
                && !text.contains(where: \.isWhitespace)
        case .contactWebsite:
            let url = URLComponents(string: text)
            valid = ["http", "https"].contains(url?.scheme?.lowercased() ?? "") && !(url?.host ?? "").isEmpty
        default:
            valid =
                text.contains(where: \.isNumber)
                && text.allSatisfy { $0.isASCII && $0.isNumber || " +-()".contains($0) }
        }
        guard !valid, !text.isEmpty else { return [] }
        return [
            Finding(
                TextRules.contactDetails, "\(field.label) '\(text)' is not valid",
                hint: field == .contactWebsite ? "use an absolute URL such as https://example.org" : nil)
        ]
    }
}
