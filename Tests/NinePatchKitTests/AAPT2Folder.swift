import Foundation
import PNGKit
import TestSupport

/// The real `aapt2 compile --dir` over NinePatch sources, for the authoring tests' "aapt2 accepts every output".
enum AAPT2Folder {
    /// Writes `images` as `res/drawable/<prefix>_<n>.9.png` in a scratch folder, compiles the folder in one run
    /// and returns aapt2's exit status and what it printed on standard error.
    static func compile(_ images: [RGBAImage], prefix: String) throws -> (status: Int32, message: String) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-\(prefix)-\(UUID())")
        let drawable = work.appendingPathComponent("res/drawable")
        try FileManager.default.createDirectory(at: drawable, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        for (index, image) in images.enumerated() {
            try Data(try PNGEncoder().encode(image))
                .write(to: drawable.appendingPathComponent("\(prefix)_\(index).9.png"))
        }
        guard let aapt2 = Fixtures.executable(named: "aapt2") else { throw CocoaError(.executableNotLoadable) }
        let run = try ChildProcess.run(aapt2, ["compile", "--dir", "res", "-o", "out.zip"], in: work)
        return (run.status, run.standardError)
    }
}
