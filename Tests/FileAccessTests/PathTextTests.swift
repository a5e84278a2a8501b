import Testing

@testable import FileAccess

/// The byte-level path questions give exactly the answers of the character-level operations they replace.
@Suite struct PathTextTests {
    /// Paths with the part at the ends, in the middle, absent, next to non-ASCII text (where a combining mark
    /// after the match joins the slash into another character) and next to CR LF.
    static let paths = [
        "", "/", "a", "app/src/main/java/Foo.kt", "/src/main/java/", "src/main/java/", "x/src/main/javax/Y.kt",
        "é/src/main/java/É.kt", "a/src/main/java/\u{301}b.kt", "a\u{301}/src/main/java/b.kt", "\r/src/main/java/\n",
        "a/b/", "a//b", "//", "build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt",
        "日本/src/main/groovy", "a/\u{301}b", ".git/config", "a/.hidden/b", "a/b/.c", "a/.\u{301}b/c", "a/b.c/d",
        "root/\r", "root/\r\n", "root/\n", "root\u{212A}/x", "root/K", "root/\u{212A}/x", "root", "root/",
        "root/fastlane/metadata/android/en-US/changelogs/1000.txt", "a/b\u{301}", "\u{301}/b",
    ]

    @Test(arguments: paths)
    func containsPathPartAnswersAsContains(_ path: String) {
        for part in ["/src/main/java/", "/src/main/kotlin/", "/src/main/groovy", "/", "a"] {
            #expect(path.containsPathPart(part) == path.contains(part), "\(path.debugDescription) / \(part)")
        }
    }

    @Test(arguments: paths)
    func lastComponentAnswersAsSplit(_ path: String) {
        #expect(path.lastComponent == path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// Also a slash after a prepended mark (U+0600 joins the character after it).
    @Test(arguments: paths + ["a\u{600}/b", "\u{600}/"])
    func lastSlashIndexAnswersAsLastIndex(_ path: String) {
        #expect(path[...].lastSlashIndex == path.lastIndex(of: "/"), "\(path.debugDescription)")
        // A substring's characters start at its own start.
        let tail = path.dropFirst()
        #expect(tail.lastSlashIndex == tail.lastIndex(of: "/"), "\(path.debugDescription)")
    }

    @Test(arguments: paths)
    func droppingPrefixAnswersAsHasPrefixAndDropFirst(_ path: String) {
        // Folder prefixes, an empty one, a non-ASCII one, one ending in CR (CR LF is one character) and one a
        // Kelvin sign (U+212A, canonically K) stands for.
        for prefix in ["", "root/", "root", "a/", "é/", "/", "root/\r", "rootK/", "root/K/", "a\u{301}/"] {
            let expected = path.hasPrefix(prefix) ? path.dropFirst(prefix.count) : nil
            #expect(path.droppingPrefix(prefix) == expected, "\(path.debugDescription) / \(prefix.debugDescription)")
        }
    }

    @Test(arguments: paths)
    func pathComponentsAnswerAsSplit(_ path: String) {
        #expect(path.pathComponents == path.split(separator: "/"), "\(path.debugDescription)")
        #expect(path.pathComponentCount == path.split(separator: "/").count, "\(path.debugDescription)")
    }

    @Test(arguments: paths)
    func hasHiddenComponentAnswersAsSplit(_ path: String) {
        #expect(path.hasHiddenComponent == path.split(separator: "/").contains { $0.hasPrefix(".") })
    }

    @Test func precedesInByteOrderIsUTF8Order() {
        for path in Self.paths {
            for other in Self.paths {
                #expect(path.precedesInByteOrder(other) == path.utf8.lexicographicallyPrecedes(other.utf8))
            }
        }
    }
}
