public import Diagnostics

/// Checks on an accepted NinePatch that aapt2 does not make, computed from the parsed model alone.
public enum NinePatchLints {
    /// NP201 (opt-in): what aapt (v1) rejects although aapt2 accepts it — a border without any stretch tick.
    public static func aapt1Compatibility(_ model: NinePatch, file: String) -> [Diagnostic] {
        var missing = [String]()
        if model.stretchX.isEmpty { missing.append("top") }
        if model.stretchY.isEmpty { missing.append("left") }
        guard !missing.isEmpty else { return [] }
        return [NinePatchRule.aapt1Rejects.diagnostic(
            file: file, at: .pixel(x: missing[0] == "top" ? 1 : 0, y: missing[0] == "top" ? 0 : 1),
            "the \(missing.joined(separator: " and ")) border\(missing.count > 1 ? "s have" : " has") no stretch tick: "
                + "aapt (v1) fails with 'No marked region found along edge', aapt2 accepts it",
            hint: "mark at least one stretchable pixel on the top and left borders if the project still builds with aapt v1")]
    }
}
