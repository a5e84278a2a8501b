import Foundation
import TestSupport
import Testing

/// What `playprep artifact check` says an artifact is (the identity line, the JSON `artifact` object) against
/// what `aapt2 dump badging` and `apksigner verify --print-certs` print for the same files, and the signing
/// failures that stop a check.
@Suite struct ArtifactIdentityCLITests {
    static let folder = Fixtures.testImage("artifacts")

    /// `name='value'` on badging's `package:` line, or `key:'value'` on its own line.
    static func badging(_ key: String, in text: String) -> String? {
        let lines = text.split(separator: "\n")
        if let own = lines.first(where: { $0.hasPrefix(key + ":'") }) {
            return String(own.dropFirst(key.count + 2).dropLast())
        }
        guard let package = lines.first(where: { $0.hasPrefix("package:") }),
            let start = package.range(of: " \(key)='")
        else { return nil }
        return String(package[start.upperBound...].prefix { $0 != "'" })
    }

    /// The first signer's certificate SHA-256 as apksigner prints it (lower-case hex), or nil when unsigned; APKs
    /// that verify only below API 30 (v1 alone) are verified for that range.
    static func apksignerFingerprint(_ apksigner: URL, _ path: String) throws -> String? {
        for extra in [[], ["--max-sdk-version", "29"]] {
            let text = try Fixtures.standardOutput(of: apksigner, ["verify", "--print-certs"] + extra + [path])
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Signer #1 certificate SHA-256") }) {
                return line.split(separator: " ").last.map(String.init)
            }
        }
        return nil
    }

    @Test func everyAPKsIdentityAndSignerMatchAapt2AndApksigner() throws {
        guard let aapt2 = Fixtures.executable(named: "aapt2"), let apksigner = Fixtures.executable(named: "apksigner")
        else {
            print("skipped: aapt2 or apksigner is not installed (Debian: aapt, apksigner)")
            return
        }
        let apks = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".apk") }
            .sorted()
        let run = try PlayprepBinary.run(
            ["artifact", "check", "--format", "json"] + apks.map { "TestImages/artifacts/\($0)" })
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let factsByFile = Dictionary(
            files.compactMap { file -> (String, [String: Any])? in
                guard let name = file["file"] as? String, let facts = file["artifact"] as? [String: Any] else {
                    return nil
                }
                return (name, facts)
            }, uniquingKeysWith: { first, _ in first })
        // Every APK that aapt2 reads: playprep reads it too, with aapt2's identity and apksigner's signer. An APK
        // aapt2 refuses proves nothing here either way (MalformedBinaryTests judge those).
        var compared = 0
        for apk in apks {
            let name = "TestImages/artifacts/\(apk)"
            let path = Fixtures.packageRoot.appendingPathComponent(name).path
            let badging = try ChildProcess.run(aapt2, ["dump", "badging", path])
            guard badging.status == 0 else { continue }
            compared += 1
            let facts = try #require(
                factsByFile[name], "aapt2 reads \(name) but playprep does not: \(run.standardError)")
            let aapt2Says = { (field: String) in Self.badging(field, in: badging.standardOutput) }
            #expect(facts["applicationId"] as? String == aapt2Says("name"), "\(name)")
            #expect((facts["versionCode"] as? Int).map(String.init) ?? "" == aapt2Says("versionCode") ?? "", "\(name)")
            #expect((facts["minSdk"] as? Int).map(String.init) == aapt2Says("sdkVersion"), "\(name)")
            #expect((facts["targetSdk"] as? Int).map(String.init) == aapt2Says("targetSdkVersion"), "\(name)")
            let signers = facts["signers"] as? [[String: Any]] ?? []
            let ours = (signers.first?["sha256"] as? String)?.replacingOccurrences(of: ":", with: "").lowercased()
            #expect(ours == (try Self.apksignerFingerprint(apksigner, path)), "\(name)")
        }
        #expect(compared > 0, "aapt2 read none of the APK fixtures")
    }

    @Test func aCleanArtifactStillSaysWhatItIs() throws {
        let run = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/release.apk"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardOutput.hasPrefix(
                "TestImages/artifacts/release.apk: com.playprep.sample 3 (1.2.0) min 24 target 36 compile 29 · "
                    + "armeabi-v7a, arm64-v8a 16 KB ok · v2+v3 signed by CN=playprep upload,O=playprep "
                    + "(SHA-256 9E:6E:51…) · "), "\(run.standardOutput)")
        // The identity line, then the one finding a clean API 33+ release still has: the Advertising ID answer
        // Play asks of every such app (DCL001, a note, so the run passes).
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasSuffix(" KB") == true, "\(run.standardOutput)")
        #expect(
            lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }.map { $0.prefix(14) } == ["  note[DCL001]"])
        #expect(run.standardOutput.hasSuffix("\n1 file checked: 0 errors, 0 warnings, 1 note\n"))
    }

    @Test func theJSONArtifactObjectHasTheSignerAndSchemes() throws {
        let run = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/release.aab", "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let facts = try #require(file["artifact"] as? [String: Any])
        #expect(facts["kind"] as? String == "aab")
        #expect(facts["signatureSchemes"] as? [String] == ["v1"])
        let signer = try #require((facts["signers"] as? [[String: Any]])?.first)
        #expect(signer["subject"] as? String == "CN=playprep upload,O=playprep")
        #expect(signer["schemes"] as? [String] == ["v1"])
        #expect((signer["validUntil"] as? String ?? "") > "2033-10-22")
        #expect(
            facts["sizeBytes"] as? Int
                == (try FileManager.default.attributesOfItem(
                    atPath: Self.folder.appendingPathComponent("release.aab").path)[.size] as? Int))
    }

    /// A signing block or certificate cut short: the identity line still (aapt2 reads the manifest), ART013 naming
    /// the cause once, exit 1, without Swift type names or source paths.
    @Test(arguments: [
        ("truncated-signing-block.apk", "the APK Signing Block is malformed: a "),
        (
            "truncated-certificate.apk",
            "META-INF/UPLOAD.RSA is malformed: not a PKCS#7 SignedData (596 bytes): an ASN.1 field is cut short"
        ),
    ])
    func aTruncatedSignatureKeepsTheIdentity(name: String, cause: String) throws {
        let run = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/\(name)"])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.hasPrefix("TestImages/artifacts/\(name): com.playprep.sample 3 (1.2.0)"),
            "\(run.standardOutput)")
        #expect(run.standardOutput.contains("error[ART013]: the APK's signature cannot be read (\(cause)"))
        #expect(run.standardOutput.components(separatedBy: cause).count == 2)
        #expect(!run.standardOutput.contains(".swift:") && !run.standardOutput.contains("ASN1Error"))
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test func theUploadCertificateIsCheckedFromTheCommandLine() throws {
        let upload = "9e6e51dde94e46108ac2447822205732e9ba13acd4dd283b38e304c8edb97488"
        let good = try PlayprepBinary.run([
            "artifact", "check", "TestImages/artifacts/release.apk", "--upload-certificate", upload,
        ])
        #expect(good.status == 0, "\(good.standardOutput)")
        let wrong = try PlayprepBinary.run([
            "artifact", "check", "TestImages/artifacts/short-lived.apk", "--upload-certificate", upload,
        ])
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput.contains("error[ART015]: signed by CN=playprep short-lived,O=playprep"))
        let malformed = try PlayprepBinary.run([
            "artifact", "check", "TestImages/artifacts/release.apk", "--upload-certificate", "12:34",
        ])
        #expect(malformed.status != 0)
        #expect(malformed.standardError.contains("--upload-certificate 12:34: expected a SHA-256 fingerprint"))
    }

    @Test func theProjectCheckReadsTheUploadCertificateFromPlayprepYml() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-upload-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: project)
        defer { try? FileManager.default.removeItem(at: project) }
        try
            "artifact:\n  uploadCertificate: \"12:FC:F2:1D:64:7A:7D:77:60:7E:47:8C:D8:86:D0:72:0E:42:89:7E:24:6A:6D:AD:D8:50:F8:47:02:79:EB:3E\"\n"
            .write(to: project.appendingPathComponent("playprep.yml"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run([
            "check", project.path, "--artifact", Self.folder.appendingPathComponent("release.apk").path,
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[ART015]: signed by CN=playprep upload,O=playprep"))
        #expect(run.standardError.contains("release.apk: com.playprep.sample 3 (1.2.0) min 24 target 36"))
    }
}
