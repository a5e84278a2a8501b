/// The bounds of the CI and script readers. Each is far above what real repositories hold (the largest real input
/// seen is in `docs/performance.md`, "Limits"); past one, the reader stops and says so in
/// `ContinuousIntegration.unread`, never silently. `standard` is what playprep uses; tests pass smaller ones.
public struct WiringLimits: Sendable, Hashable {
    /// Bytes of one CI configuration, included file, loaded Groovy file, script, `package.json` or Makefile.
    public var maxFileBytes = 1 << 20
    /// YAML nodes of one CI file once every alias is expanded (a mapping, a sequence and a scalar count one
    /// each): an alias bomb (a billion leaves from a few hundred bytes) is refused before it is built.
    public var maxYAMLNodes = 200_000
    /// Steps (jobs' commands and action steps) read from one CI file.
    public var maxStepsPerFile = 10_000
    /// `env:`/`variables:` entries read from one CI file, all levels together.
    public var maxEnvironmentEntriesPerFile = 10_000
    /// Files a CI configuration brings in (GitLab `include:`, Jenkins `load`, Azure `template:`), per CI system.
    public var maxIncludedFiles = 150
    /// Levels of GitLab `extends:` and `!reference` (GitLab's own limit is 11).
    public var maxExtendsDepth = 11
    /// Scripts deep a chain is followed (a CI step running `make`, the Makefile running a script, …); also the
    /// depth of Makefile prerequisites, Bitrise `before_run` and CircleCI commands.
    public var maxChainDepth = 8
    /// Commands read from scripts, Makefiles and `package.json` across the whole repository.
    public var maxCommandsFollowed = 20_000
    /// Commands kept for the whole repository, CI steps and followed commands together.
    public var maxCommands = 100_000

    public init() {}

    /// The limits playprep reads repositories with.
    public static let standard = WiringLimits()
}
