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
        "日本/src/main/groovy", "a/\u{301}b",
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
}
