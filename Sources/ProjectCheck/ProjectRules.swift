public import Diagnostics
import ArtifactKit
import NinePatchKit
import PlayListingKit

/// Rules of the whole-project check itself (the NinePatch and listing rules come from their libraries).
public enum ProjectRule: String, Sendable, CaseIterable {
    case unreadable = "PRJ001"
    case unresolvedBuildValue = "PRJ002"

    public var descriptor: RuleDescriptor {
        switch self {
        case .unreadable:
            RuleDescriptor(id: rawValue, name: "unreadable-input", defaultSeverity: .error,
                           summary: "A build file, manifest or listing the project contains could not be read.")
        case .unresolvedBuildValue:
            RuleDescriptor(
                id: rawValue, name: "unresolved-build-value", defaultSeverity: .note,
                summary: "An applicationId or versionCode a rule needs is an expression playprep cannot evaluate; the note says how to supply it.")
        }
    }

    func diagnostic(file: String, at location: Location? = nil, _ message: String) -> Diagnostic {
        Diagnostic(ruleID: rawValue, severity: descriptor.defaultSeverity, file: file, location: location, message: message)
    }
}

extension RuleCatalog {
    /// Every rule playprep has: NinePatch, resource-name, listing and package-name, project and artifact rules.
    public static var playprep: RuleCatalog {
        RuleCatalog(NinePatchRule.allCases.map(\.descriptor) + ResourceRule.allCases.map(\.descriptor)
            + PlayListingRules.descriptors + ProjectRule.allCases.map(\.descriptor)
            + ArtifactRule.allCases.map(\.descriptor))
    }
}
