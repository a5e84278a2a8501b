// PNGShim: the only code in playprep that calls libpng.
//
// libpng reports errors by longjmp, which Swift cannot survive. Every entry point below arms
// setjmp(png_jmpbuf(...)) before calling libpng, and the error callback copies libpng's message into the
// caller-owned state and jumps back, so callers only ever see a status code and a message.
// Nothing is allocated after setjmp except into the caller-owned structs, which the *_close/*_free
// functions release whatever happened.
#ifndef PNGSHIM_H
#define PNGSHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    PNGSHIM_OK = 0,
    PNGSHIM_ERROR = 1,       // libpng reported an error; see `message`
    PNGSHIM_NOT_PNG = 2,     // the data does not start with the PNG signature
    PNGSHIM_TOO_LARGE = 3,   // the header exceeds the configured width/height limits
    PNGSHIM_NO_MEMORY = 4,   // libpng could not create its structures
    PNGSHIM_MISUSE = 5,      // called in the wrong state (e.g. rows after an error)
    PNGSHIM_TRUNCATED = 6,   // libpng asked for `needed` bytes at `offset`, past the end of the data
    PNGSHIM_BAD_LAYOUT = 7,  // the transforms did not give 4 bytes a pixel
};

#define PNGSHIM_MESSAGE_SIZE 256

/// Decoding state. Zero-initialise, call pngshim_reader_open, then rows/image, finish, and always close.
typedef struct pngshim_reader {
    void *png;                  // png_structp
    void *info;                 // png_infop
    const uint8_t *data;        // the whole file, owned by the caller
    size_t size;
    size_t offset;              // read position of the memory read callback
    size_t needed;              // with PNGSHIM_TRUNCATED: the bytes libpng asked for at `offset`
    // Header as stored in the file (before transforms).
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;             // PNG_COLOR_TYPE_* value
    int interlaced;             // 1 for Adam7
    int has_trns;               // a tRNS chunk is present
    int passes;                 // interlace passes libpng will make (1 when not interlaced)
    uint32_t rows_read;
    int warnings;               // number of libpng warnings seen
    int status;
    char message[PNGSHIM_MESSAGE_SIZE];
} pngshim_reader;

/// Reads the signature and every chunk up to the image data, checks the limits (0 = libpng's default) and
/// configures the transforms that turn any PNG into 8-bit RGBA exactly as aapt2 does: palette -> RGB,
/// grey < 8 bit -> 8 bit, tRNS -> alpha, 16 bit -> high byte, add opaque alpha, grey -> RGB.
int pngshim_reader_open(pngshim_reader *reader, const uint8_t *data, size_t size,
                        uint32_t max_width, uint32_t max_height, size_t max_chunk_bytes);

/// Decodes the next `count` rows of a non-interlaced image into `rows` (count * width * 4 bytes, RGBA).
int pngshim_reader_read_rows(pngshim_reader *reader, uint8_t *rows, uint32_t count);

/// Decodes the whole image (interlaced or not) into `pixels` (height * width * 4 bytes, RGBA).
int pngshim_reader_read_image(pngshim_reader *reader, uint8_t *pixels);

/// Reads the chunks after the image data up to IEND, so truncation and bad CRCs there are reported.
int pngshim_reader_finish(pngshim_reader *reader);

/// Releases libpng's structures. Safe to call in any state, more than once.
void pngshim_reader_close(pngshim_reader *reader);

/// An ancillary chunk to write between IHDR and IDAT, in order.
typedef struct pngshim_chunk {
    char name[5];               // four ASCII letters and a NUL, e.g. "npTc"
    const uint8_t *data;
    size_t length;
} pngshim_chunk;

/// Encoding state. Zero-initialise, call pngshim_write, read `output`/`output_size`, always free.
typedef struct pngshim_writer {
    void *png;
    void *info;
    uint8_t *output;            // malloc'd encoded bytes
    size_t output_size;
    size_t output_capacity;
    int status;
    char message[PNGSHIM_MESSAGE_SIZE];
} pngshim_writer;

/// Encodes an 8-bit, non-interlaced PNG. `pixels` holds `height` rows of `width` pixels with the channel
/// count of `color_type` (0 grey = 1, 4 grey+alpha = 2, 2 RGB = 3, 6 RGBA = 4); `chunks` go before IDAT.
/// `row_filters` is a mask of PNG_FILTER_* values libpng may choose from per row, or 0 for libpng's default.
int pngshim_write(pngshim_writer *writer, const uint8_t *pixels, uint32_t width, uint32_t height,
                  int color_type, const pngshim_chunk *chunks, size_t chunk_count, int compression_level,
                  int row_filters);

/// Releases the encoded bytes and libpng's structures. Safe to call in any state, more than once.
void pngshim_writer_free(pngshim_writer *writer);

/// The Adler-32 checksum (RFC 1950) of `length` bytes, continuing from `adler` (1 to start): what zlib's
/// adler32_z returns. Adler32.c also defines zlib's adler32 functions with it, so the static build's zlib checks
/// inflated PNG data with this SSE2 version (see there).
uint32_t pngshim_adler32(uint32_t adler, const uint8_t *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif
