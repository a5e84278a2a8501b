public import Diagnostics
import NinePatchKit
import PlayListingKit

/// Rules of the whole-project check itself (the NinePatch and listing rules come from their libraries).
public enum ProjectRule: String, Sendable, CaseIterable {
    case unreadable = "PRJ001"

    public var descriptor: RuleDescriptor {
        switch self {
        case .unreadable:
            RuleDescriptor(id: rawValue, name: "unreadable-input", defaultSeverity: .error,
                           summary: "A build file, manifest or listing the project contains could not be read.")
        }
    }

    func diagnostic(file: String, _ message: String) -> Diagnostic {
        Diagnostic(ruleID: rawValue, severity: descriptor.defaultSeverity, file: file, message: message)
    }
}

extension RuleCatalog {
    /// Every rule playprep has: NinePatch, listing and package-name, and project rules.
    public static var playprep: RuleCatalog {
        RuleCatalog(NinePatchRule.allCases.map(\.descriptor) + PlayListingRules.descriptors
            + ProjectRule.allCases.map(\.descriptor))
    }
}
