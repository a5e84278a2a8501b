import Diagnostics
import PlayListingKit
import UploadWiring

/// One listing as judged: its target and Play's refusals on the parts that only an undecided upload sends (a lane
/// whose signs do not decide, a workflow of another repository), which the tree's UPL001 warning lists.
struct ListingOutcome: Sendable {
    var target: ListingTarget
    var undecidedRefusals: [Diagnostic]
}

extension ProjectRules {
    /// The upload rules, reported on the listing trees they are about.
    static let uploadEntries = [undecidedUpload, deadUpload]

    /// One warning per tree whose upload the repository cannot decide, listing what Play would refuse.
    static let undecidedUpload = ProjectRule(
        .project(
            "UPL001", "undecided-upload", .warning,
            "A listing tree that an upload may send to Play (a lane nobody's CI runs whose signs do not decide, a "
                + "workflow of another repository) holds what Play refuses: one warning per tree lists each refusal.",
            why: "Whether the upload runs is not in the repository: if it does, Play refuses the tree; the "
                + "repository can settle it (playprep.yml `listing.roots` with `store:`).",
            passing: [ProjectFileExample(project: "TestImages/releases/lane-run-by-workflow")],
            failing: [
                ProjectFileExample(
                    project: "TestImages/releases/unreached-deploy-lane", file: "fastlane/metadata/android")
            ])
    ) { project, finding in
        project.listings.compactMap { outcome -> Diagnostic? in
            let refusals = outcome.undecidedRefusals
            guard !refusals.isEmpty else { return nil }
            let target = outcome.target
            let tree = project.inventory.relative(target.displayRoot)
            let named = refusals.prefix(4).map { "\($0.ruleID) \(Self.inside(target.displayRoot, $0.file))" }
            let more = refusals.count > named.count ? " and \(refusals.count - named.count) more" : ""
            // The uploads that cannot be decided are the evidence: they would send what is refused.
            let undecided = target.readers.senders.filter { $0.proof == .partial }
            let reason =
                undecided.isEmpty
                ? target.readers.reason
                : undecided.map { "Play via \($0.what)" + ($0.why.isEmpty ? "" : " (\($0.why))") }.joined(
                    separator: "; ")
            let evidence =
                (undecided.isEmpty ? target.readers.evidence : undecided.flatMap(\.evidence).prefix(6).map { $0 })
                .map(\.description).joined(separator: "; ")
            var diagnostic = finding.diagnostic(
                file: target.displayRoot,
                "if this tree is uploaded to Play as committed, Play refuses it: \(refusals.count) "
                    + (refusals.count == 1 ? "problem" : "problems") + " (\(named.joined(separator: ", "))\(more))",
                hint: "upload evidence: \(reason) (\(evidence)); if it is uploaded, fix each problem "
                    + "listed; either way, say so in playprep.yml: listing: roots: [{ path: \(tree), store: play }] "
                    + "makes them errors, store: fdroid leaves them to F-Droid")
            diagnostic.related = refusals.map { refusal in
                RelatedLocation(
                    file: refusal.file, location: refusal.location, message: "[\(refusal.ruleID)] \(refusal.message)")
            }
            return diagnostic
        }
    }

    /// A note per tree whose only Play uploads cannot run as written: it is not judged by Play's rules.
    static let deadUpload = ProjectRule(
        .project(
            "UPL002", "dead-upload", .note,
            "An upload of a listing tree is dead: it cannot run as written (a lane that builds a task the build no "
                + "longer has, a path Ruby never expands, a binary sent to a package no module builds, …; never a lane "
                + "a CI file names, nor the Play key, which comes at run time): it is not counted, and a tree only "
                + "dead uploads send is not judged by Play's rules; the note says why.",
            why: "Nothing is wrong: the note says why Play's rules are not applied and how to apply them.",
            passing: [ProjectFileExample(project: "TestImages/releases/lane-run-by-workflow")],
            failing: [ProjectFileExample(project: "TestImages/releases/dead-lane", file: "fastlane/metadata/android")])
    ) { project, finding in
        project.listings.compactMap { outcome -> Diagnostic? in
            let readers = outcome.target.readers
            guard !readers.deadSenders.isEmpty else { return nil }
            let tree = project.inventory.relative(outcome.target.displayRoot)
            let dead = readers.deadSenders.map { sender in
                let place = sender.evidence.first.map { " (\($0.file):\($0.line))" } ?? ""
                return "\(sender.what)\(place) is dead: " + sender.why.dropFirst("dead: ".count)
            }
            let judged =
                readers.store == .play ? "not counted as an upload of this tree: " : "not judged by Play's rules: "
            return finding.diagnostic(
                file: outcome.target.displayRoot, judged + dead.joined(separator: "; "),
                hint: readers.store == .play
                    ? "the tree goes to Play by the uploads its listing line names; delete the dead lane or fix it"
                    : "if it does upload the tree, pin the store in playprep.yml: listing: roots: "
                        + "[{ path: \(tree), store: play }]")
        }
    }

    /// `file` relative to the tree `root` it belongs to.
    private static func inside(_ root: String, _ file: String) -> String {
        file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    }
}
