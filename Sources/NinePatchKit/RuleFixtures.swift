/// Files in playprep's repository (paths from its root) that show what a rule means: checking a `failing` one
/// reports the rule, checking a `passing` one does not. `Tests/NinePatchKitTests/RuleFixtureTests.swift` keeps
/// them true.
public struct RuleFixtures: Sendable, Hashable {
    public var failing: [String]
    public var passing: [String]
    /// Whether the files show the rule only when checked as part of a project (`playprep check`), because it
    /// compares files or looks at where a file lies.
    public var needsProject: Bool

    public init(failing: [String], passing: [String] = [], needsProject: Bool = false) {
        self.failing = failing
        self.passing = passing
        self.needsProject = needsProject
    }
}

extension NinePatchRule {
    /// The fixtures that demonstrate the rule; `nil` when none is recorded.
    public var fixtures: RuleFixtures? {
        let crafted = { (names: [String]) in names.map { "TestImages/crafted/\($0).9.png" } }
        let problems = { (names: [String]) in names.map { "TestImages/problems/\($0).9.png" } }
        let valid = crafted(["basic"])
        return switch self {
        case .imageTooSmall: RuleFixtures(failing: crafted(["size_2x2", "size_1x1"]), passing: valid)
        case .invalidCorner: RuleFixtures(failing: crafted(["corner_tl_black", "corner_tl_semi_white"]), passing: crafted(["basic", "basic_white"]))
        case .invalidFrameColor:
            RuleFixtures(failing: problems(["three_problems"]) + crafted(["alpha254_black_top"]), passing: valid)
        case .redTickOnTop: RuleFixtures(failing: crafted(["red_top"]), passing: valid)
        case .redTickOnLeft: RuleFixtures(failing: crafted(["red_left"]), passing: valid)
        case .multiplePaddingRuns:
            RuleFixtures(failing: crafted(["padding_gap_bottom", "padding_gap_right"]), passing: crafted(["padding_explicit"]))
        case .tooManyLayoutBoundRuns: RuleFixtures(failing: crafted(["lb_bottom_three"]), passing: crafted(["lb_bottom_end_only"]))
        case .layoutBoundNotAtEdge: RuleFixtures(failing: crafted(["lb_bottom_middle", "lb_right_middle"]), passing: valid)
        case .tooManyRegions: RuleFixtures(failing: crafted(["regions_15x9"]), passing: crafted(["multi_stretch"]))
        case .notProcessedExtension, .aapt1Rejects: nil
        case .notProcessedRaw:
            RuleFixtures(failing: ["TestImages/BrokenApp/app/src/main/res/raw/splash.9.png"])
        case .endOnlyLayoutBound: RuleFixtures(failing: problems(["end_only_layout_bound"]), passing: valid)
        case .stretchCountOverflow: RuleFixtures(failing: crafted(["many_x_130_no_y"]), passing: valid)
        case .resourceNameClash:
            RuleFixtures(failing: ["TestImages/BrokenApp/app/src/main/res/drawable/badge.9.png"], needsProject: true)
        case .densityMismatch:
            RuleFixtures(failing: ["TestImages/density/unscaled_copy", "TestImages/density/visible_offset"],
                         passing: ["TestImages/density/invisible_offset"], needsProject: true)
        case .badPatch:
            RuleFixtures(failing: problems(["bad_patch", "detail_in_stretch"]),
                         passing: problems(["smooth_gradient_stretch", "linear_ramp_stretch", "pill_edge_stretch"]))
        case .contentOutsideLayoutBounds:
            RuleFixtures(failing: problems(["content_outside_layout_bounds"]), passing: problems(["content_inside_layout_bounds"]))
        case .unreadablePNG:
            RuleFixtures(failing: ["TestImages/malformed/bad_crc.9.png", "TestImages/malformed/truncated_idat.9.png"], passing: valid)
        case .pngTooLarge: RuleFixtures(failing: ["TestImages/malformed/huge_ihdr.9.png"], passing: valid)
        }
    }
}
