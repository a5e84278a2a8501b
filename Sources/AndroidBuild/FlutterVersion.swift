/// A Flutter app's version as `pubspec.yaml` gives it (`version: 1.4.0+57`): Flutter's tool writes it into
/// `android/local.properties` (`flutter.versionName`, `flutter.versionCode`) before Gradle runs, and the
/// `flutter` extension's `versionName` and `versionCode` read it there, so the build number is the versionCode.
struct FlutterVersion: Sendable, Hashable {
    var name: String
    /// The part after `+`; nil when the version has none (Flutter then leaves the versionCode to the build).
    var code: Int?

    /// The top-level `version:` of a pubspec; nil when there is none.
    init?(pubspec: ScriptSource) {
        let text = String(decoding: pubspec.bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("version:") }) else {
            return nil
        }
        var value = line.dropFirst("version:".count).prefix { $0 != "#" }.trimmingBlanks
        if let quote = value.first, quote == "\"" || quote == "'", value.count >= 2, value.last == quote {
            value = value.dropFirst().dropLast()
        }
        guard !value.isEmpty else { return nil }
        let parts = value.split(separator: "+", maxSplits: 1)
        name = String(parts[0])
        code = parts.count > 1 ? Int(parts[1]) : nil
    }

    /// The keys Flutter's tool writes into `local.properties`.
    var localProperties: [String: String] {
        var keys = ["flutter.versionName": name]
        if let code { keys["flutter.versionCode"] = String(code) }
        return keys
    }

    /// `flutter.versionName` and `flutter.versionCode` as the `flutter` extension gives them.
    var extensionValues: [String: ScriptValue] {
        var values: [String: ScriptValue] = ["versionName": .string(name)]
        if let code { values["versionCode"] = .int(code) }
        return values
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: Substring {
        drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            .reduce(into: Substring()) { $0.append($1) }
    }
}
