import Diagnostics

/// Native libraries under a `lib/<abi>/` folder: a 64-bit variant beside every 32-bit one, and 16 KB pages for
/// the 64-bit ones (each `PT_LOAD` segment's alignment, and in APKs the entry's offset when stored uncompressed).
struct NativeLibraryCheck {
    static let pageSize = 16_384

    /// Whether 16 KB findings are errors (the app targets Android 15+) or warnings.
    var requires16KB: Bool
    /// Whether the zip offset of stored libraries matters (APKs; bundletool aligns a bundle's).
    var checksZipAlignment: Bool

    func diagnostics(_ archive: SafeArchive, libraryFolder: String, artifact: String) throws(ArtifactError)
        -> [Diagnostic]
    {
        var librariesByABI = [AndroidABI: [String]]()
        var found = [Diagnostic]()
        let severity: Severity = requires16KB ? .error : .warning
        for entry in archive.entries where entry.path.hasPrefix(libraryFolder) && entry.path.hasSuffix(".so") {
            let parts = entry.path.dropFirst(libraryFolder.count).split(separator: "/")
            guard parts.count == 2, let abi = AndroidABI(rawValue: String(parts[0])) else { continue }
            let name = String(parts[1])
            librariesByABI[abi, default: []].append(name)
            let file = artifact + "!/" + entry.path
            let bytes = try archive.read(entry.path)
            let elf: ELFFile
            do {
                elf = try ELFFile(bytes)
            } catch {
                found.append(
                    ArtifactRules.malformedNativeLibrary.diagnostic(
                        file: file, "not a readable shared library: \(error)", hint: "rebuild it with the NDK"))
                continue
            }
            if elf.is64Bit != abi.is64Bit {
                found.append(
                    ArtifactRules.malformedNativeLibrary.diagnostic(
                        file: file, "a \(elf.is64Bit ? 64 : 32)-bit library in the \(abi.rawValue) folder",
                        hint: "package each ABI's build in its own lib/<abi>/ folder"))
            }
            guard abi.is64Bit else { continue }
            if let alignment = elf.minimumLoadAlignment, alignment < UInt64(Self.pageSize) {
                found.append(
                    ArtifactRules.segmentNot16KBAligned.diagnostic(
                        file: file, severity: severity,
                        "a PT_LOAD segment is aligned to \(alignment) bytes (\(alignment / 1024) KB), under 16 KB: the "
                            + "library does not load on 16 KB page devices",
                        hint:
                            "link with -Wl,-z,max-page-size=16384 (NDK r28+ does by default) or update the SDK that ships it"
                    ))
            }
            if checksZipAlignment, !entry.isCompressed, let offset = archive.storedDataOffsets[entry.path],
                offset % Self.pageSize != 0
            {
                found.append(
                    ArtifactRules.zipEntryNot16KBAligned.diagnostic(
                        file: file, severity: severity,
                        "stored uncompressed at offset \(offset), which is not a multiple of 16384 (\(offset % Self.pageSize) "
                            + "bytes past a 16 KB boundary): 16 KB page devices cannot map it from the APK",
                        hint: "align with zipalign -P 16 (build-tools 35+) or build with AGP 8.5.1 or newer"))
            }
        }
        for (abi, names) in librariesByABI.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let counterpart = abi.sixtyFourBitCounterpart else { continue }
            let missing = names.filter { !(librariesByABI[counterpart] ?? []).contains($0) }.sorted()
            guard !missing.isEmpty else { continue }
            found.append(
                ArtifactRules.missing64BitLibraries.diagnostic(
                    file: artifact,
                    "\(libraryFolder)\(abi.rawValue)/ has \(missing.joined(separator: ", ")) but \(libraryFolder)"
                        + "\(counterpart.rawValue)/ does not: Play requires 64-bit versions of native code",
                    hint: "build \(counterpart.rawValue) too (abiFilters), or drop \(abi.rawValue)"))
        }
        return found
    }
}
