public import Diagnostics

/// The signing and bundle-metadata rules (ART013–ART019): who signed the artifact, with which schemes and
/// certificates, and what a bundle carries for Play's crash reports. Certificates are read, not verified.
extension ArtifactRules {
    /// The SHA-256 fingerprint of `TestImages/artifacts/keys/upload.jks`, the fixtures' upload key.
    static let fixtureUploadCertificate =
        "9E:6E:51:DD:E9:4E:46:10:8A:C2:44:78:22:20:57:32:E9:BA:13:AC:D4:DD:28:3B:38:E3:04:C8:ED:B9:74:88"

    /// The day Play requires a signing certificate to outlive ("If you plan to publish your apps on Google Play,
    /// the key you use to sign these apps must have a validity period ending after 22 October 2033":
    /// https://developer.android.com/studio/publish/app-signing, "Considerations").
    static let certificateValidityEnd = "2033-10-22"

    public static let unsigned = ArtifactRule(
        .artifact(
            "ART013", "unsigned-artifact", .error,
            "The APK or AAB has a readable signature (a JAR signature or an APK Signing Block): Play refuses \"an "
                + "unsigned APK or Android App Bundle\" and one whose signature does not verify.",
            why: "Play refuses an unsigned upload, and one whose signature is cut short or corrupt.",
            failing: ["unsigned.apk", "unsigned.aab", "truncated-signing-block.apk", "truncated-certificate.apk"],
            passing: ["release.apk", "release.aab"])
    ) { artifact, finding throws(ArtifactError) in
        let kind = artifact.layout == .apk ? "APK" : "bundle"
        if let problem = artifact.signing.problem {
            return [
                finding.diagnostic(
                    file: artifact.path,
                    "the \(kind)'s signature cannot be read (\(problem)): Play refuses an upload whose signature does "
                        + "not verify",
                    hint: "sign the release build again (apksigner sign, or the release build type's signingConfig); "
                        + "a copy cut short in transfer shows this too")
            ]
        }
        guard artifact.signing.signatures.isEmpty else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path, "the \(kind) is not signed: Play refuses unsigned uploads",
                hint: "sign it with the upload key (signingConfig in the release build type, or apksigner/jarsigner)")
        ]
    }

    public static let debugCertificate = ArtifactRule(
        .artifact(
            "ART014", "debug-certificate", .error,
            "A signer is the Android debug certificate (CN=Android Debug): Play refuses \"an APK or Android App "
                + "Bundle that was signed in debug mode\".",
            why: "Play refuses an upload signed in debug mode.",
            failing: "debug-signed")
    ) { artifact, finding throws(ArtifactError) in
        artifact.signing.certificates.compactMap { certificate, schemes in
            guard certificate.subject.split(separator: ",").contains("CN=Android Debug") else { return nil }
            return finding.diagnostic(
                file: artifact.path,
                "signed (\(schemes.joined(separator: "+"))) by \(certificate.subject), the debug certificate: Play "
                    + "refuses artifacts signed in debug mode",
                hint: "sign the release build with your upload key, not ~/.android/debug.keystore")
        }
    }

    public static let wrongUploadCertificate = ArtifactRule(
        .artifact(
            "ART015", "wrong-upload-certificate", .error,
            "No signer is the expected upload certificate (--upload-certificate, or artifact.uploadCertificate in "
                + "playprep.yml): Play refuses an upload \"signed with the wrong key\".",
            why: "Play refuses an upload signed with another key than the registered upload key.",
            failing: ["debug-signed.apk"], passing: ["release.apk", "release.aab"],
            uploadCertificate: fixtureUploadCertificate)
    ) { artifact, finding throws(ArtifactError) in
        let signers = artifact.signing.certificates.map(\.certificate)
        guard let expected = artifact.uploadCertificate.flatMap(SignerCertificate.normalizedFingerprint),
            !signers.isEmpty, !signers.contains(where: { $0.sha256 == expected })
        else { return [] }
        let found = signers.map { "\($0.subject) (SHA-256 \($0.sha256))" }.joined(separator: ", ")
        return [
            finding.diagnostic(
                file: artifact.path,
                "signed by \(found), not by the upload certificate \(expected): Play refuses an upload signed "
                    + "with the wrong key",
                hint: "sign with the upload key registered in Play Console (Test and release > App integrity)")
        ]
    }

    public static let certificateExpiresTooSoon = ArtifactRule(
        .artifact(
            "ART016", "certificate-expires-too-soon", .warning,
            "A signer certificate's validity ends on or before \(certificateValidityEnd): Play requires keys valid "
                + "after 22 October 2033 (developer.android.com, Sign your app).",
            why: "Play refuses such a key for a new app; an existing app keeps the key it has, so playprep warns.",
            failing: "short-lived")
    ) { artifact, finding throws(ArtifactError) in
        artifact.signing.certificates.compactMap { certificate, _ in
            let end = SignerCertificate.day(certificate.notAfter)
            guard end <= certificateValidityEnd else { return nil }
            return finding.diagnostic(
                file: artifact.path,
                "\(certificate.subject) is valid until \(end): Play requires a signing key valid after "
                    + "\(certificateValidityEnd)",
                hint: "create a key valid for 25 years or more (keytool -validity 10000) and sign with it")
        }
    }

    public static let v1OnlySignature = ArtifactRule(
        .artifact(
            "ART017", "v1-only-signature", .error,
            "An APK targeting API 30 or higher has only a v1 (JAR) signature: Android 11+ refuses to install it "
                + "(\"No signature found in package of version 2 or newer\").",
            why: "Android 11+ refuses to install the APK, so users cannot install or update it.",
            failing: "v1-only")
    ) { artifact, finding throws(ArtifactError) in
        let target = artifact.manifest.effectiveTargetSdk
        guard artifact.layout == .apk, artifact.signing.schemes == ["v1"], target >= 30 else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path,
                "targetSdkVersion \(target) with only a v1 (JAR) signature: Android 11 and later refuse to install "
                    + "it without a v2 or newer signature",
                hint: "sign with apksigner (v2 and v3 are on by default) after zipalign, not with jarsigner")
        ]
    }

    public static let missingNativeDebugSymbols = ArtifactRule(
        .artifact(
            "ART018", "missing-native-debug-symbols", .note,
            "A bundle with native code has no BUNDLE-METADATA/com.android.tools.build.debugsymbols/: Play Console "
                + "warns \"This App Bundle contains native code, and you've not uploaded debug symbols\".",
            why: "Play accepts the bundle and warns; crash reports lack native symbols.",
            failing: ["no-metadata.aab"], passing: ["release.aab"])
    ) { artifact, finding throws(ArtifactError) in
        let folder = "BUNDLE-METADATA/com.android.tools.build.debugsymbols/"
        guard artifact.layout == .bundle, !artifact.nativeLibraries.isEmpty,
            !artifact.archive.entries.contains(where: { $0.path.hasPrefix(folder) })
        else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path,
                "the bundle has native code but no \(folder): Play cannot symbolicate native crashes and ANRs",
                hint: "set android.buildTypes.release.ndk.debugSymbolLevel = \"SYMBOL_TABLE\" (AGP 4.1+)")
        ]
    }

    public static let missingDeobfuscationFile = ArtifactRule(
        .artifact(
            "ART019", "missing-deobfuscation-file", .note,
            "A bundle has no BUNDLE-METADATA/com.android.tools.build.obfuscation/proguard.map: Play Console warns "
                + "\"There is no deobfuscation file associated with this App Bundle\".",
            why: "Play accepts the bundle and warns; crash reports stay obfuscated.",
            failing: ["no-metadata.aab"], passing: ["release.aab"])
    ) { artifact, finding throws(ArtifactError) in
        let map = "BUNDLE-METADATA/com.android.tools.build.obfuscation/proguard.map"
        guard artifact.layout == .bundle, !artifact.archive.contains(map) else { return [] }
        return [
            finding.diagnostic(
                file: artifact.path,
                "the bundle has no \(map): crashes and ANRs in Play Console show obfuscated names",
                hint: "enable R8 (isMinifyEnabled = true) in the release build type: AGP adds the mapping file")
        ]
    }
}
