internal import PNGShim

/// Decodes PNG files through libpng into 8-bit RGBA, normalising every PNG form the way aapt2 does:
/// palette (+tRNS), grey of any depth, grey+alpha, RGB (+tRNS), RGBA, 16-bit samples reduced to their high
/// byte, Adam7 interlacing undone. Errors never escape as crashes: libpng's longjmps stay inside `PNGShim`.
public struct PNGDecoder: Sendable {
    public var limits: PNGLimits

    public init(limits: PNGLimits = .standard) {
        self.limits = limits
    }

    /// Reads the header (and every chunk before the image data) without decoding pixels.
    public func header(of bytes: [UInt8]) throws(PNGError) -> PNGHeader {
        try withReader(bytes) { reader throws(PNGError) in try Self.header(of: reader) }
    }

    /// Decodes the whole image.
    public func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        try withReader(bytes) { reader throws(PNGError) in
            let header = try Self.header(of: reader)
            var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
            let status = pixels.withUnsafeMutableBufferPointer { buffer in
                pngshim_reader_read_image(reader, buffer.baseAddress)
            }
            try Self.check(status, reader)
            try Self.check(pngshim_reader_finish(reader), reader)
            return RGBAImage(width: header.width, height: header.height, bytes: pixels)
        }
    }

    /// The most bytes of rows decoded in one call into libpng (one row when a row is larger).
    static let rowBlockBytes = 1 << 16

    /// Decodes row by row, handing each RGBA8 row (`width * 4` bytes) to `body` in order, so callers that only
    /// need running state keep memory proportional to the width. Rows are decoded in blocks of up to
    /// `rowBlockBytes` (at least one row) before they are handed over; when decoding fails, the rows of the
    /// failing block are not. Interlaced files are decoded whole first (Adam7 needs every pass before any row is
    /// final), within the same limits.
    ///
    /// An image of at most `keptBytes` bytes (`width * height * 4`) is decoded in place into one buffer, which is
    /// returned after the last row: a caller that looks at the rows twice needs no copy of each. Larger images
    /// return `nil`.
    @discardableResult
    public func decodeRows(
        _ bytes: [UInt8], keepingImagesUpTo keptBytes: Int = 0,
        _ body: (_ header: PNGHeader, _ y: Int, _ row: UnsafeBufferPointer<UInt8>) -> Void
    ) throws(PNGError) -> [UInt8]? {
        try withReader(bytes) { reader throws(PNGError) in
            let header = try Self.header(of: reader)
            let stride = header.width * 4
            let (imageBytes, overflow) = stride.multipliedReportingOverflow(by: header.height)
            let keepsImage = !overflow && imageBytes <= keptBytes
            if header.isInterlaced {
                var pixels = [UInt8](repeating: 0, count: imageBytes)
                let status = pixels.withUnsafeMutableBufferPointer { buffer in
                    pngshim_reader_read_image(reader, buffer.baseAddress)
                }
                try Self.check(status, reader)
                try Self.check(pngshim_reader_finish(reader), reader)
                pixels.withUnsafeBufferPointer { buffer in
                    for y in 0..<header.height {
                        body(header, y, UnsafeBufferPointer(start: buffer.baseAddress! + y * stride, count: stride))
                    }
                }
                return keepsImage ? pixels : nil
            }
            // Rows come from the shim a block at a time: each call arms setjmp for libpng.
            let blockRows = max(1, min(header.height, Self.rowBlockBytes / stride))
            if keepsImage {
                // Every byte is written by its row before it is read; the buffer is dropped on failure.
                var status = Int32(PNGSHIM_OK)
                let pixels = [UInt8](unsafeUninitializedCapacity: imageBytes) { buffer, initializedCount in
                    initializedCount = imageBytes
                    for first in Swift.stride(from: 0, to: header.height, by: blockRows) {
                        let rows = min(blockRows, header.height - first)
                        status = pngshim_reader_read_rows(reader, buffer.baseAddress! + first * stride, UInt32(rows))
                        guard status == Int32(PNGSHIM_OK) else { return }
                        for y in first..<(first + rows) {
                            body(header, y, UnsafeBufferPointer(start: buffer.baseAddress! + y * stride, count: stride))
                        }
                    }
                }
                try Self.check(status, reader)
                try Self.check(pngshim_reader_finish(reader), reader)
                return pixels
            }
            var block = [UInt8](repeating: 0, count: blockRows * stride)
            for first in Swift.stride(from: 0, to: header.height, by: blockRows) {
                let rows = min(blockRows, header.height - first)
                let status = block.withUnsafeMutableBufferPointer { buffer in
                    pngshim_reader_read_rows(reader, buffer.baseAddress, UInt32(rows))
                }
                try Self.check(status, reader)
                block.withUnsafeBufferPointer { buffer in
                    for index in 0..<rows {
                        body(
                            header, first + index,
                            UnsafeBufferPointer(rebasing: buffer[(index * stride)..<((index + 1) * stride)]))
                    }
                }
            }
            try Self.check(pngshim_reader_finish(reader), reader)
            return nil
        }
    }

    // MARK: - Shim plumbing

    /// Opens a reader over `bytes` (kept alive and pinned for the whole call) and always closes it.
    private func withReader<T>(
        _ bytes: [UInt8],
        _ body: (UnsafeMutablePointer<pngshim_reader>) throws(PNGError) -> T
    ) throws(PNGError) -> T {
        if bytes.isEmpty { throw .empty }
        if bytes.count > limits.maxFileBytes { throw .fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes) }
        try checkDeclaredSize(bytes)
        try checkChunkLengths(bytes)
        // libpng keeps pointers to the reader state, so it lives at a fixed heap address.
        let reader = UnsafeMutablePointer<pngshim_reader>.allocate(capacity: 1)
        reader.initialize(to: pngshim_reader())
        defer {
            pngshim_reader_close(reader)
            reader.deallocate()
        }
        let result: Result<T, PNGError> = bytes.withUnsafeBufferPointer { buffer in
            let status = pngshim_reader_open(
                reader, buffer.baseAddress, buffer.count, UInt32(clamping: limits.maxWidth + 1),
                UInt32(clamping: limits.maxHeight + 1), limits.maxChunkBytes)
            do throws(PNGError) {
                try Self.check(status, reader)
                let header = try Self.header(of: reader)
                guard limits.admits(width: header.width, height: header.height) else {
                    throw PNGError.tooLarge(width: header.width, height: header.height, limits: limits)
                }
                return .success(try body(reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Refuses a chunk whose declared length does not fit in the file, or an ancillary chunk (lower-case first
    /// letter) over `limits.maxChunkBytes`, before libpng sees it: libpng allocates a text chunk's declared size before
    /// reading it, so a 1 KiB file declaring a 2 GB `iTXt` cost 2 GB and seconds (found by fuzzing).
    private func checkChunkLengths(_ bytes: [UInt8]) throws(PNGError) {
        guard var chunks = PNGChunkIterator(bytes) else { return }
        while let chunk = try chunks.next(orThrow: { overrun in
            PNGError.chunkPastEnd(
                chunk: overrun.type.name, offset: overrun.offset, length: overrun.length, fileBytes: bytes.count)
        }) {
            guard !chunk.type.isAncillary || chunk.data.count <= limits.maxChunkBytes else {
                throw .chunkTooLarge(chunk: chunk.type.name, length: chunk.data.count, limit: limits.maxChunkBytes)
            }
        }
    }

    /// Refuses a header whose declared size is zero or over the limits straight from the IHDR bytes, before libpng
    /// allocates anything, with a clearer message than libpng's "Invalid IHDR data".
    private func checkDeclaredSize(_ bytes: [UInt8]) throws(PNGError) {
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
        guard bytes.count >= 24, bytes[12...15].elementsEqual("IHDR".utf8) else { return }
        let width = Int(PNGChunk.bigEndian32(bytes, at: 16))
        let height = Int(PNGChunk.bigEndian32(bytes, at: 20))
        if width == 0 || height == 0 {
            throw .zeroSize(width: width, height: height)
        }
        if !limits.admits(width: width, height: height) {
            throw .tooLarge(width: width, height: height, limits: limits)
        }
    }

    private static func header(of reader: UnsafeMutablePointer<pngshim_reader>) throws(PNGError) -> PNGHeader {
        let state = reader.pointee
        guard let colorType = PNGColorType(rawValue: Int(state.color_type)) else {
            throw .unknownColorType(Int(state.color_type))
        }
        return PNGHeader(
            width: Int(state.width), height: Int(state.height), bitDepth: Int(state.bit_depth),
            colorType: colorType, isInterlaced: state.interlaced != 0, hasTransparencyChunk: state.has_trns != 0)
    }

    private static func check(_ status: Int32, _ reader: UnsafeMutablePointer<pngshim_reader>) throws(PNGError) {
        switch Int(status) {
        case Int(PNGSHIM_OK):
            return
        case Int(PNGSHIM_NOT_PNG):
            throw reader.pointee.size == 0 ? .empty : .notPNG
        case Int(PNGSHIM_NO_MEMORY):
            throw .outOfMemory
        case Int(PNGSHIM_TRUNCATED):
            let state = reader.pointee
            throw .truncated(needed: state.needed, offset: state.offset, fileBytes: state.size)
        case Int(PNGSHIM_BAD_LAYOUT):
            throw .unexpectedRowLayout
        case Int(PNGSHIM_MISUSE):
            throw .misuse(message(of: reader))
        default:
            throw .libpng(message(of: reader))
        }
    }

    private static func message(of reader: UnsafeMutablePointer<pngshim_reader>) -> String {
        withUnsafeBytes(of: reader.pointee.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
