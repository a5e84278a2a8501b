import Testing

@testable import UploadWiring

/// Every CI system's passing examples, through the same readers a repository on disk goes through: one test
/// over all entries of `CISystem.all`, as the rule book runs every rule's examples.
@Suite struct CISystemTests {
    @Test(arguments: CISystem.all.map(\.name))
    func examplesYieldTheirCommands(system name: String) throws {
        let system = try #require(CISystem.all.first { $0.name == name })
        #expect(!system.examples.isEmpty, "\(name) has no example")
        for example in system.examples {
            let ci = ContinuousIntegration(repository: MemoryRepository(example.files), systems: [system])
            #expect(ci.commands.map(\.summary) == example.commands, "\(name)")
        }
    }

    /// Each system finds only its own files: another system's example yields none of its commands.
    @Test func systemsReadOnlyTheirOwnFiles() {
        for system in CISystem.all {
            for other in CISystem.all where other.name != system.name {
                for example in other.examples {
                    let files = MemoryRepository(example.files)
                    let located = system.locate(files).filter { example.files[$0] != nil }
                    #expect(located.isEmpty, "\(system.name) reads \(located) of \(other.name)'s example")
                }
            }
        }
    }

    @Test func namesAreUnique() {
        #expect(Set(CISystem.all.map(\.name)).count == CISystem.all.count)
    }
}
