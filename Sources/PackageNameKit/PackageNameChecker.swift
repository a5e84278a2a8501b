public import Diagnostics

/// Checks one package name against PKG001–PKG013 and explains each refusal in plain words, naming the layer
/// that refuses it (aapt2 and the installer, Play at upload, or AGP).
public struct PackageNameChecker: Sendable {
    public var limits: PackageNameLimits

    public init(limits: PackageNameLimits = .play2026) {
        self.limits = limits
    }

    /// The rules in the order their findings are reported: the build's, then the installer's, then Play's, each
    /// by id.
    private static let reportingOrder = PackageNameRule.Judge.allCases.flatMap { judge in
        PackageNameRules.all.filter { $0.judge == judge }.sorted { $0.rule.id < $1.rule.id }
    }

    /// Every finding for `input`, grouped by who refuses the name. An empty result means Play, aapt2 and AGP
    /// accept the name.
    public func check(_ input: PackageNameCase) -> [Finding] {
        let subject = PackageNameSubject(input, limits: limits)
        guard !input.name.isEmpty else { return PackageNameRules.invalidCharacter.entry.findings(on: subject) }
        return Self.reportingOrder.filter { $0.judge.sees(input.role) }.flatMap { $0.entry.findings(on: subject) }
    }
}
