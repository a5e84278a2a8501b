internal import PNGShim

/// An ancillary chunk to store in an encoded PNG, e.g. a NinePatch `npTc`.
public struct PNGChunk: Sendable, Hashable {
    /// Four ASCII letters; the case of each letter carries PNG's chunk property bits.
    public var name: String
    public var data: [UInt8]

    public init(name: String, data: [UInt8]) {
        precondition(
            name.utf8.count == 4 && name.utf8.allSatisfy { (0x41...0x5A).contains($0 & ~0x20) },
            "a PNG chunk name is four ASCII letters")
        self.name = name
        self.data = data
    }
}

/// Encodes RGBA8 images as 8-bit, non-interlaced PNGs through libpng.
public struct PNGEncoder: Sendable {
    /// zlib level 0…9.
    public var compressionLevel: Int
    /// Which row filters libpng may use.
    public var rowFilters: RowFilters

    /// The PNG row filters an encoder may pick from.
    public enum RowFilters: Sendable, Hashable {
        /// libpng's default: the best of all five filters per row (smallest files, slowest).
        case adaptive
        /// Only `Sub` (each byte minus its left neighbour): fast, and near-best on stretched artwork whose rows
        /// repeat pixels.
        case sub
    }

    public init(compressionLevel: Int = 6, rowFilters: RowFilters = .adaptive) {
        self.compressionLevel = compressionLevel
        self.rowFilters = rowFilters
    }

    /// Settings for pictures made to be looked at once (renderings, previews): about three times faster than
    /// the default on a 1000x1000 rendering, for files about 40% larger.
    public static let fast = PNGEncoder(compressionLevel: 2, rowFilters: .sub)

    /// Encodes `image` in `colorType` (palette is not supported), with `chunks` placed between IHDR and IDAT
    /// in the given order. Grey types take the red channel, so pass only images whose pixels are grey.
    public func encode(
        _ image: RGBAImage, as colorType: PNGColorType = .rgba, chunks: [PNGChunk] = []
    ) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw .unencodable("image is \(image.width)x\(image.height); both sides must be at least 1")
        }
        guard colorType != .palette else { throw .unencodable("palette output is not supported") }
        let samples = Self.samples(of: image, as: colorType)
        let writer = UnsafeMutablePointer<pngshim_writer>.allocate(capacity: 1)
        writer.initialize(to: pngshim_writer())
        defer {
            pngshim_writer_free(writer)
            writer.deallocate()
        }
        // Keep every chunk's bytes pinned while libpng writes them.
        let names = chunks.map { Array($0.name.utf8) }
        let payloads = chunks.map(\.data)
        let pinned = payloads.map { payload -> UnsafeMutableBufferPointer<UInt8> in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(payload.count, 1))
            _ = buffer.initialize(from: payload)
            return buffer
        }
        defer { for buffer in pinned { buffer.deallocate() } }
        var shimChunks = [pngshim_chunk]()
        for (index, name) in names.enumerated() {
            var chunk = pngshim_chunk()
            withUnsafeMutableBytes(of: &chunk.name) { raw in
                for (offset, byte) in name.enumerated() { raw[offset] = byte }
                raw[4] = 0
            }
            chunk.data = UnsafePointer(pinned[index].baseAddress)
            chunk.length = payloads[index].count
            shimChunks.append(chunk)
        }
        let status = samples.withUnsafeBufferPointer { pixels in
            shimChunks.withUnsafeBufferPointer { chunkBuffer in
                pngshim_write(
                    writer, pixels.baseAddress, UInt32(image.width), UInt32(image.height),
                    Int32(colorType.rawValue), chunkBuffer.baseAddress, chunkBuffer.count, Int32(compressionLevel),
                    rowFilters == .sub ? 0x10 : 0)
            }
        }
        guard status == PNGSHIM_OK else {
            let message = withUnsafeBytes(of: writer.pointee.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .unencodable(message)
        }
        return Array(UnsafeBufferPointer(start: writer.pointee.output, count: writer.pointee.output_size))
    }

    /// The image's samples laid out for `colorType`.
    private static func samples(of image: RGBAImage, as colorType: PNGColorType) -> [UInt8] {
        let keep: [Int] =
            switch colorType {
            case .rgba, .palette: [0, 1, 2, 3]
            case .rgb: [0, 1, 2]
            case .grayAlpha: [0, 3]
            case .gray: [0]
            }
        if keep.count == 4 { return image.bytes }
        var samples = [UInt8]()
        samples.reserveCapacity(image.width * image.height * keep.count)
        for index in stride(from: 0, to: image.bytes.count, by: 4) {
            for channel in keep { samples.append(image.bytes[index + channel]) }
        }
        return samples
    }
}
