import Diagnostics

extension ArtifactFacts {
    /// What `artifact` is: its manifest's identity and SDK levels, its ABIs with their 16 KB status, its signers
    /// and its size in bytes.
    init(_ artifact: ArtifactContents) {
        let manifest = artifact.manifest
        let abis = AndroidABI.allCases.filter { abi in artifact.nativeLibraries.contains { $0.abi == abi } }
        self.init(
            kind: artifact.layout == .apk ? "apk" : "aab", applicationId: manifest.package,
            versionCode: manifest.versionCode, versionName: manifest.versionName, minSdk: manifest.minSdkVersion,
            targetSdk: manifest.targetSdkVersion, compileSdk: manifest.compileSdkVersion,
            abis: abis.map { abi in
                let libraries = artifact.nativeLibraries.filter { $0.abi == abi }
                let status =
                    !abi.is64Bit
                    ? "n/a" : libraries.allSatisfy { $0.fits16KBPages(in: artifact.layout) } ? "ok" : "not aligned"
                return ABI(name: abi.rawValue, pageSize16KB: status)
            },
            signatureSchemes: artifact.signing.schemes,
            signers: artifact.signing.certificates.map { certificate, schemes in
                Signer(
                    schemes: schemes, subject: certificate.subject, sha256: certificate.sha256,
                    validFrom: SignerCertificate.day(certificate.notBefore),
                    validUntil: SignerCertificate.day(certificate.notAfter))
            },
            sizeBytes: artifact.archive.bytes.count)
        signatureProblem = artifact.signing.problem?.description
    }
}

extension NativeLibrary {
    /// Whether the library loads on 16 KB page devices: every `PT_LOAD` segment aligned to 16 KB and, in an APK,
    /// stored on a 16 KB boundary when uncompressed (bundletool aligns a bundle's libraries itself).
    func fits16KBPages(in layout: ArtifactLayout) -> Bool {
        guard case .success(let elf) = elf,
            (elf.minimumLoadAlignment ?? UInt64(ArtifactRules.pageSize))
                >= UInt64(ArtifactRules.pageSize)
        else { return false }
        guard layout == .apk, let storedOffset else { return true }
        return storedOffset % ArtifactRules.pageSize == 0
    }
}
