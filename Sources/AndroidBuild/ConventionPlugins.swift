import FileAccess

/// Convention plugins whose source is in the repository (`buildSrc/`, `build-logic/`, included builds), read as
/// text: which plugins each one applies, so a module applying `id("org.example.android.application")` is known to
/// be an app (and to use Gradle Play Publisher when the convention plugin applies it).
///
/// Two kinds are read: precompiled script plugins (`src/main/kotlin/<id>.gradle.kts`, `src/main/groovy/<id>.gradle`)
/// and classes registered in `gradlePlugin { plugins { register(…) { id = …; implementationClass = … } } }`. A
/// plugin applies the ids its source names as string literals or catalog aliases (`libs.plugins.x`), among the
/// plugins that matter here and the repository's other convention plugins.
struct ConventionPlugins: Sendable {
    /// Convention plugin id → every plugin id it applies, directly or through other convention plugins.
    private(set) var applied: [String: [String]] = [:]
    /// Convention plugin ids registered in the repository whose class source was not found → the class.
    private(set) var unreadable: [String: String] = [:]
    /// Set when a convention plugin applies others more than ``maximumApplyDepth`` levels deep.
    private(set) var limitReached: BuildReadLimit?

    /// Plugin ids the model cares about when a convention plugin applies them.
    static let interestingIDs: Set<String> = [
        "com.android.application", "com.android.library", "com.android.test", "com.android.dynamic-feature",
        "com.android.kotlin.multiplatform.library", "com.github.triplet.play",
    ]
    /// How many levels of convention plugins applying convention plugins are followed: real builds use two or
    /// three; each plugin's list stays short however long a chain of them is.
    static let maximumApplyDepth = 16

    /// Reads the convention plugins among `files` (root-prefixed paths) with `read`.
    init(files: [String], catalogs: [String: VersionCatalog], read: (String) -> String?) {
        var sources = [String: (path: String, text: String)]()
        let classSources = files.filter { Self.isPluginSource($0) && !Self.isScriptPlugin($0) }
        let classFiles = Dictionary(
            classSources.map { (Self.baseName($0), $0) }, uniquingKeysWith: { first, _ in first })
        // Classes in a file of another name, read only when a registration needs one (each file once).
        var classesInFiles: [String: (path: String, text: String)]?
        for file in files where Self.isScriptPlugin(file) {
            if let text = read(file) { sources[Self.scriptPluginID(file)] = (file, text) }
        }
        for file in files where file.hasSuffix("/build.gradle.kts") || file.hasSuffix("/build.gradle") {
            guard let text = read(file), text.contains("gradlePlugin"), text.contains("implementationClass") else {
                continue
            }
            for (id, className) in Self.registrations(in: text, catalogs: catalogs) {
                let simpleName = String(className.split(separator: ".").last ?? Substring(className))
                if let path = classFiles[simpleName], let body = read(path) {
                    sources[id] = (path, body)
                    continue
                }
                if classesInFiles == nil { classesInFiles = Self.classes(in: classSources, read: read) }
                if let source = classesInFiles?[simpleName] {
                    sources[id] = source
                } else {
                    unreadable[id] = className
                }
            }
        }
        let known = Self.interestingIDs.union(sources.keys)
        var direct = [String: [String]]()
        for (id, source) in sources {
            direct[id] = Self.mentionedIDs(in: source.text, catalogs: catalogs).filter {
                known.contains($0) && $0 != id
            }
        }
        var tooDeep = [String]()
        for id in direct.keys {
            // Breadth first, level by level, each id once.
            var seen: Set<String> = [id]
            var order = [String]()
            var level = direct[id] ?? []
            var depth = 0
            while !level.isEmpty && depth < Self.maximumApplyDepth {
                var next = [String]()
                for plugin in level where seen.insert(plugin).inserted {
                    order.append(plugin)
                    next += direct[plugin] ?? []
                }
                level = next
                depth += 1
            }
            if level.contains(where: { !seen.contains($0) }) { tooDeep.append(id) }
            applied[id] = order
        }
        if let first = tooDeep.min(), let path = sources[first]?.path {
            limitReached = BuildReadLimit(
                location: SourceLocation(file: path, line: 1, column: 1),
                message: "convention plugin \(first)\(tooDeep.count > 1 ? " (and \(tooDeep.count - 1) others)" : "") "
                    + "applies convention plugins more than \(Self.maximumApplyDepth) levels deep, playprep's limit: "
                    + "the plugins applied deeper were not followed")
        }
    }

    /// Each class declared in `files` → its file and text (from its `class` line to the next class of the file),
    /// for plugin classes that share a file or live in one named otherwise.
    private static func classes(in files: [String], read: (String) -> String?) -> [String: (path: String, text: String)]
    {
        var classes: [String: (path: String, text: String)] = [:]
        for file in files {
            guard let text = read(file) else { continue }
            let starts = text.ranges(of: "class ").filter { range in
                range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)].isWhitespace
            }
            for (index, start) in starts.enumerated() {
                let name = text[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let end = index + 1 < starts.count ? starts[index + 1].lowerBound : text.endIndex
                if !name.isEmpty, classes[String(name)] == nil {
                    classes[String(name)] = (file, String(text[start.lowerBound..<end]))
                }
            }
        }
        return classes
    }

    /// A Kotlin, Java or Groovy source file of a Gradle build's main source set. Asked of every file of the
    /// project, so the suffixes come first and the folders are found by bytes (`String.contains` took 40% of a
    /// `check` of NewPipe).
    private static func isPluginSource(_ path: String) -> Bool {
        [".kt", ".java", ".groovy", ".gradle.kts", ".gradle"].contains { path.hasSuffix($0) }
            && ["/src/main/kotlin/", "/src/main/java/", "/src/main/groovy/"].contains { path.containsPathPart($0) }
    }

    private static func isScriptPlugin(_ path: String) -> Bool {
        isPluginSource(path) && (path.hasSuffix(".gradle.kts") || path.hasSuffix(".gradle"))
    }

    /// `org.example.android.application.gradle.kts` → `org.example.android.application`.
    private static func scriptPluginID(_ path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        return name.hasSuffix(".gradle.kts") ? String(name.dropLast(".gradle.kts".count)) : String(name.dropLast(7))
    }

    /// `AndroidApplicationConventionPlugin.kt` → `AndroidApplicationConventionPlugin`.
    private static func baseName(_ path: String) -> String {
        String(path.lastComponent.prefix { $0 != "." })
    }

    /// `(id, implementationClass)` of each registration: each `implementationClass` with the nearest `id` before it.
    private static func registrations(in text: String, catalogs: [String: VersionCatalog]) -> [(String, String)] {
        var found = [(String, String)]()
        for classRange in text.ranges(of: "implementationClass") {
            let blockStart =
                text.index(classRange.lowerBound, offsetBy: -400, limitedBy: text.startIndex) ?? text.startIndex
            let block = text[blockStart..<classRange.lowerBound]
            guard let className = firstString(in: text[classRange.upperBound...]),
                let idRange = block.ranges(of: "id").last(where: { range in
                    range.lowerBound == block.startIndex || !block[block.index(before: range.lowerBound)].isLetter
                })
            else { continue }
            let idLine = block[idRange.upperBound...].prefix { $0 != "\n" }
            if let id = firstString(in: idLine) ?? catalogPlugin(in: idLine, catalogs: catalogs) {
                found.append((id, className))
            }
        }
        return found
    }

    /// The Android Gradle plugin's and GPP's plugin classes, as a plugin class applies them (`apply<AppPlugin>()`,
    /// `pluginManager.apply(AppPlugin::class.java)`).
    private static let pluginClasses: [String: String] = [
        "AppPlugin": "com.android.application", "LibraryPlugin": "com.android.library",
        "TestPlugin": "com.android.test", "DynamicFeaturePlugin": "com.android.dynamic-feature",
        "PlayPublisherPlugin": "com.github.triplet.play",
    ]

    /// Every string literal, catalog plugin alias and plugin class on the lines of `text` that apply a plugin
    /// (`id(…)`, `alias(…)`, `apply(…)`), not those that only ask about one (`hasPlugin`, `withPlugin`,
    /// `pluginManager.findPlugin`); a catalog's `libs.findPlugin("x")` names the catalog's plugin `x`.
    private static func mentionedIDs(in text: String, catalogs: [String: VersionCatalog]) -> [String] {
        var ids = [String]()
        let applying = ["apply", "id(", "id \"", "id '", "alias("]
        let asking = ["hasPlugin", "withPlugin", "findPlugin"]
        for line in text.split(separator: "\n") where applying.contains(where: line.contains) {
            if let id = catalogLookup(in: line, catalogs: catalogs) {
                ids.append(id)
                continue
            }
            guard !asking.contains(where: line.contains) else { continue }
            ids += pluginClasses.filter { line.contains($0.key + "::class") || line.contains("<\($0.key)>") }.map(
                \.value)
            var rest = line[...]
            while let quote = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
                let afterQuote = rest.index(after: quote)
                guard let end = rest[afterQuote...].firstIndex(of: rest[quote]) else { break }
                ids.append(String(rest[afterQuote..<end]))
                rest = rest[rest.index(after: end)...]
            }
            if let id = catalogPlugin(in: line, catalogs: catalogs) { ids.append(id) }
        }
        return ids
    }

    /// `libs.findPlugin("android-application")` → the catalog's plugin id.
    private static func catalogLookup(in line: Substring, catalogs: [String: VersionCatalog]) -> String? {
        for (name, catalog) in catalogs {
            guard let range = line.firstRange(of: name + ".findPlugin("),
                let alias = firstString(in: line[range.upperBound...])
            else { continue }
            if let id = catalog.plugins[VersionCatalog.accessorPath(alias)] { return id }
        }
        return nil
    }

    /// The first quoted string on the first line of `text`; the scan stops at the line's end or the closing
    /// quote, so looking once per registration on a long line stays linear.
    private static func firstString(in text: Substring) -> String? {
        guard let quote = text.firstIndex(where: { $0 == "\"" || $0 == "'" || $0 == "\n" }), text[quote] != "\n"
        else { return nil }
        let rest = text[text.index(after: quote)...]
        guard let end = rest.firstIndex(where: { $0 == text[quote] || $0 == "\n" }), rest[end] != "\n" else {
            return nil
        }
        return String(rest[..<end])
    }

    /// `libs.plugins.a.b` (ending at `.get()`, `.asProvider()`, `)` or the line's end) → the catalog's plugin id.
    private static func catalogPlugin(in text: Substring, catalogs: [String: VersionCatalog]) -> String? {
        for (name, catalog) in catalogs {
            guard let range = text.firstRange(of: name + ".plugins.") else { continue }
            let path = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
            var segments = path.split(separator: ".").map(String.init)
            while let last = segments.last,
                ["get", "pluginId", "getPluginId", "asProvider"].contains(last) || last.isEmpty
            {
                segments.removeLast()
            }
            if let id = catalog.plugins[segments.joined(separator: ".")] { return id }
        }
        return nil
    }
}
