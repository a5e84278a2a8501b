import FileAccess

/// How a project's XML resources and Java or Kotlin sources refer to its drawables, read as text: enough to tell a
/// NinePatch that is never stretched, so that NP107's smear never shows (`check` drops its NP107 findings).
///
/// A drawable is drawn only at its own size when the project refers to it at least once, and every reference is
/// the `android:src` of a `<bitmap>` whose `android:gravity` does not fill (`center`, `top|left`: Android draws
/// the bitmap unscaled there). Any other reference — a layout's background, a style, `R.drawable.x` in code — may
/// stretch it; a drawable nothing refers to is kept too (its use is unknown: the project may be trimmed).
struct DrawableUses {
    /// The largest file read; a larger one counts as a reference that may stretch.
    static let maximumFileBytes = 4 << 20

    /// The files searched: every XML, Java and Kotlin file of the walk.
    let files: [String]

    /// The NinePatches among `ninePatches` (paths ending in `.9.png`) that are drawn only at their own size.
    func drawnAtOwnSize(_ ninePatches: [String]) -> Set<String> {
        guard !ninePatches.isEmpty else { return [] }
        let byName = Dictionary(grouping: ninePatches) { path in
            String((path.split(separator: "/").last ?? "").prefix { $0 != "." })
        }
        var stretched = Set<String>()
        var bitmapOnly = Set<String>()
        let reader = FileReader(maxBytes: Self.maximumFileBytes)
        for file in files where [".xml", ".java", ".kt"].contains(where: { file.hasSuffix($0) }) {
            guard let bytes = try? reader.read(file) else {
                stretched.formUnion(byName.keys)
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for name in byName.keys where !stretched.contains(name) && text.contains(name) {
                for use in Self.references(to: name, in: text) {
                    if use { bitmapOnly.insert(name) } else { stretched.insert(name) }
                }
            }
        }
        return Set(bitmapOnly.subtracting(stretched).flatMap { byName[$0] ?? [] })
    }

    /// Each reference to drawable `name` in `text`, `true` when it is a `<bitmap>`'s source drawn unscaled.
    static func references(to name: String, in text: String) -> [Bool] {
        var found = [Bool]()
        for prefix in ["@drawable/", "@mipmap/", "R.drawable.", "R.mipmap."] {
            var rest = text[...]
            while let range = rest.range(of: prefix + name) {
                let after = rest[range.upperBound...].first
                if after == nil || !(after!.isLetter || after!.isNumber || after == "_") {
                    found.append(prefix.hasPrefix("@") && isUnscaledBitmapSource(text, at: range.lowerBound))
                }
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    /// Whether the XML reference at `position` is `android:src` of a `<bitmap>` tag whose gravity does not fill.
    private static func isUnscaledBitmapSource(_ text: String, at position: String.Index) -> Bool {
        guard let open = text[..<position].lastIndex(of: "<"),
            let close = text[position...].firstIndex(of: ">")
        else { return false }
        let tag = text[open...close]
        guard tag.hasPrefix("<bitmap"), text[..<position].hasSuffix("android:src=\"") else { return false }
        guard let gravity = tag.range(of: "android:gravity=\"") else { return false }
        let value = tag[gravity.upperBound...].prefix { $0 != "\"" }
        return !value.isEmpty && !value.contains("fill")
    }
}
