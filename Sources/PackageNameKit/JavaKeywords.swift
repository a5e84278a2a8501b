/// Java reserved words and literals, as `javax.lang.model.SourceVersion.isKeyword` reports them (Java 21).
/// Contextual words such as `var`, `record`, `yield`, `sealed` or `module` are not in it: they are legal package parts.
enum JavaKeywords {
    static let all: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "_",
    ]
}
