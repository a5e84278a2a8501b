public import Diagnostics

/// What the lints on an accepted NinePatch judge (``AcceptedNinePatchRule``): the model aapt2 would store and
/// what the row scan accumulated for it, so no lint reads the rows again.
public struct AcceptedNinePatch: Sendable {
    public let model: NinePatch
    /// NP107's verdicts: the stretchable cells that smear (candidates found while the rows streamed past, see
    /// `BadPatchScanner`; judged by `StretchSmearTest`). Empty when the lint is off.
    let badPatches: [BadPatch]
    /// The visibility threshold the verdicts were drawn with.
    let badPatchThreshold: Int

    /// `model` alone, without bad-patch verdicts.
    public init(_ model: NinePatch) {
        self.init(model, badPatches: [], threshold: NinePatchLints.defaultBadPatchTolerance)
    }

    init(_ model: NinePatch, badPatches: [BadPatch], threshold: Int) {
        self.model = model
        self.badPatches = badPatches
        self.badPatchThreshold = threshold
    }
}

/// A rule on an accepted NinePatch, checking what aapt2 does not.
public typealias AcceptedNinePatchRule = RuleCheck<AcceptedNinePatch, Finding, Never>

/// Checks on an accepted NinePatch that aapt2 does not make (the entries are in `NinePatchRules`).
public enum NinePatchLints {
    /// The NP107 visibility threshold used unless configured otherwise: the largest accepted premultiplied
    /// channel difference between a stretched cell and the same cell stretched cleanly (see `StretchSmearTest`).
    public static let defaultBadPatchTolerance = 16

    /// NP201 (opt-in): what aapt (v1) rejects although aapt2 accepts it — a border without any stretch tick.
    public static func aapt1Compatibility(_ model: NinePatch, file: String) -> [Diagnostic] {
        NinePatchRules.aapt1Rejects.findings(on: AcceptedNinePatch(model)).map { $0.diagnostic(file: file) }
    }

    /// The default lints (``NinePatchRules/onAccepted``) on `accepted`, in their order.
    static func diagnostics(_ accepted: AcceptedNinePatch, file: String) -> [Diagnostic] {
        NinePatchRules.onAccepted.findings(on: accepted).map { $0.diagnostic(file: file) }
    }
}
