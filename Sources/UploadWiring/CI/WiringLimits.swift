/// The bounds of the CI and script readers. Each is far above what real repositories hold (the largest real
/// input seen is in `docs/performance.md`, "Limits"); past one, the reader stops and says so in
/// `ContinuousIntegration.unread`, never silently.
public enum WiringLimits {
    /// Bytes of one CI configuration, included file, loaded Groovy file, script, `package.json` or Makefile.
    public static let maxFileBytes = 1 << 20
    /// YAML nodes of one CI file once every alias is expanded (a mapping, a sequence and a scalar count one
    /// each): an alias bomb (a billion leaves from a few hundred bytes) is refused before it is built.
    public static let maxYAMLNodes = 200_000
    /// Steps (jobs' commands and action steps) read from one CI file.
    public static let maxStepsPerFile = 10_000
    /// `env:`/`variables:` entries read from one CI file, all levels together.
    public static let maxEnvironmentEntriesPerFile = 10_000
    /// Files a CI configuration brings in (GitLab `include:`, Jenkins `load`, Azure `template:`), per CI system.
    public static let maxIncludedFiles = 150
    /// Levels of GitLab `extends:` (GitLab's own limit is 11).
    public static let maxExtendsDepth = 11
    /// Scripts deep a chain is followed (a CI step running `make`, the Makefile running a script, … ).
    public static let maxChainDepth = 8
    /// Commands read from scripts, Makefiles and `package.json` across the whole repository.
    public static let maxCommandsFollowed = 20_000
    /// Commands kept for the whole repository, CI steps and followed commands together.
    public static let maxCommands = 100_000
}
