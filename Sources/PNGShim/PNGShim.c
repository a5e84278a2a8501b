#include "PNGShim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_message(char *target, const char *message) {
    snprintf(target, PNGSHIM_MESSAGE_SIZE, "%s", message ? message : "unknown libpng error");
}

// ---------------------------------------------------------------------------------------------------------
// Reading

static void reader_error(png_structp png, png_const_charp message) {
    pngshim_reader *reader = (pngshim_reader *)png_get_error_ptr(png);
    copy_message(reader->message, message);
    png_longjmp(png, 1);
}

static void reader_warning(png_structp png, png_const_charp message) {
    (void)message;
    pngshim_reader *reader = (pngshim_reader *)png_get_error_ptr(png);
    reader->warnings += 1;
}

static void read_from_memory(png_structp png, png_bytep target, png_size_t length) {
    pngshim_reader *reader = (pngshim_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        reader->needed = length;
        png_error(png, "file is truncated");
    }
    memcpy(target, reader->data + reader->offset, length);
    reader->offset += length;
}

/// Marks the reader failed; returns the status for convenience.
static int fail(pngshim_reader *reader, int status) {
    reader->status = status;
    return status;
}

/// Marks the reader failed after libpng jumped back from an error: PNGSHIM_TRUNCATED when it was our read
/// callback running out of bytes, PNGSHIM_ERROR (libpng's own message) otherwise.
static int fail_in_libpng(pngshim_reader *reader) {
    return fail(reader, reader->needed ? PNGSHIM_TRUNCATED : PNGSHIM_ERROR);
}

int pngshim_reader_open(pngshim_reader *reader, const uint8_t *data, size_t size,
                        uint32_t max_width, uint32_t max_height, size_t max_chunk_bytes) {
    reader->data = data;
    reader->size = size;
    reader->offset = 0;
    reader->needed = 0;
    reader->status = PNGSHIM_OK;
    reader->message[0] = 0;

    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        copy_message(reader->message, size == 0 ? "file is empty" : "file does not start with the PNG signature");
        return fail(reader, PNGSHIM_NOT_PNG);
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, reader_error, reader_warning);
    if (!png) {
        copy_message(reader->message, "libpng could not allocate its read structure");
        return fail(reader, PNGSHIM_NO_MEMORY);
    }
    reader->png = png;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        copy_message(reader->message, "libpng could not allocate its info structure");
        return fail(reader, PNGSHIM_NO_MEMORY);
    }
    reader->info = info;

    if (setjmp(png_jmpbuf(png))) {
        return fail_in_libpng(reader);
    }
    png_set_read_fn(png, reader, read_from_memory);
    // Our own limits are checked below with a clearer message; libpng's stop it allocating for huge rows.
    png_set_user_limits(png, max_width ? max_width : PNG_USER_WIDTH_MAX,
                        max_height ? max_height : PNG_USER_HEIGHT_MAX);
    if (max_chunk_bytes) png_set_chunk_malloc_max(png, max_chunk_bytes);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    reader->width = width;
    reader->height = height;
    reader->bit_depth = bit_depth;
    reader->color_type = color_type;
    reader->interlaced = interlace != PNG_INTERLACE_NONE;
    reader->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    // The same normalisation as aapt2's ReadPng (tools/aapt2/compile/PngCrunch.cpp).
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (reader->has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_strip_16(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA)) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    reader->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        copy_message(reader->message, "unexpected row layout after conversion to RGBA");
        return fail(reader, PNGSHIM_BAD_LAYOUT);
    }
    return PNGSHIM_OK;
}

int pngshim_reader_read_rows(pngshim_reader *reader, uint8_t *rows, uint32_t count) {
    if (reader->status != PNGSHIM_OK || !reader->png || reader->interlaced ||
        count > reader->height - reader->rows_read) {
        if (reader->status == PNGSHIM_OK) copy_message(reader->message, "rows requested in the wrong state");
        return reader->status != PNGSHIM_OK ? reader->status : fail(reader, PNGSHIM_MISUSE);
    }
    png_structp png = (png_structp)reader->png;
    if (setjmp(png_jmpbuf(png))) {
        return fail_in_libpng(reader);
    }
    size_t stride = (size_t)reader->width * 4;
    for (uint32_t row = 0; row < count; row++) {
        png_read_row(png, rows + stride * row, NULL);
        reader->rows_read += 1;
    }
    return PNGSHIM_OK;
}

int pngshim_reader_read_image(pngshim_reader *reader, uint8_t *pixels) {
    if (reader->status != PNGSHIM_OK || !reader->png || reader->rows_read != 0) {
        if (reader->status == PNGSHIM_OK) copy_message(reader->message, "image requested in the wrong state");
        return reader->status != PNGSHIM_OK ? reader->status : fail(reader, PNGSHIM_MISUSE);
    }
    png_structp png = (png_structp)reader->png;
    if (setjmp(png_jmpbuf(png))) {
        return fail_in_libpng(reader);
    }
    size_t stride = (size_t)reader->width * 4;
    // With interlace handling on, reading every row once per pass combines the passes in place.
    for (int pass = 0; pass < reader->passes; pass++) {
        for (uint32_t row = 0; row < reader->height; row++) {
            png_read_row(png, pixels + stride * row, NULL);
        }
    }
    reader->rows_read = reader->height;
    return PNGSHIM_OK;
}

int pngshim_reader_finish(pngshim_reader *reader) {
    if (reader->status != PNGSHIM_OK || !reader->png) return reader->status;
    png_structp png = (png_structp)reader->png;
    if (setjmp(png_jmpbuf(png))) {
        return fail_in_libpng(reader);
    }
    png_read_end(png, NULL);
    return PNGSHIM_OK;
}

void pngshim_reader_close(pngshim_reader *reader) {
    if (reader->png) {
        png_structp png = (png_structp)reader->png;
        png_infop info = (png_infop)reader->info;
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    }
    reader->png = NULL;
    reader->info = NULL;
}

// ---------------------------------------------------------------------------------------------------------
// Writing

static void writer_error(png_structp png, png_const_charp message) {
    pngshim_writer *writer = (pngshim_writer *)png_get_error_ptr(png);
    copy_message(writer->message, message);
    png_longjmp(png, 1);
}

static void writer_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void write_to_memory(png_structp png, png_bytep bytes, png_size_t length) {
    pngshim_writer *writer = (pngshim_writer *)png_get_io_ptr(png);
    if (length > writer->output_capacity - writer->output_size) {
        size_t capacity = writer->output_capacity ? writer->output_capacity : 4096;
        while (capacity - writer->output_size < length) capacity *= 2;
        uint8_t *grown = realloc(writer->output, capacity);
        if (!grown) png_error(png, "out of memory while encoding");
        writer->output = grown;
        writer->output_capacity = capacity;
    }
    memcpy(writer->output + writer->output_size, bytes, length);
    writer->output_size += length;
}

static void flush_memory(png_structp png) { (void)png; }

static int channels_of(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 0;
    }
}

int pngshim_write(pngshim_writer *writer, const uint8_t *pixels, uint32_t width, uint32_t height,
                  int color_type, const pngshim_chunk *chunks, size_t chunk_count, int compression_level,
                  int row_filters) {
    writer->status = PNGSHIM_OK;
    writer->message[0] = 0;
    int channels = channels_of(color_type);
    if (channels == 0 || width == 0 || height == 0) {
        copy_message(writer->message, "unsupported colour type or empty image");
        writer->status = PNGSHIM_MISUSE;
        return writer->status;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, writer_error, writer_warning);
    if (!png) {
        copy_message(writer->message, "libpng could not allocate its write structure");
        writer->status = PNGSHIM_NO_MEMORY;
        return writer->status;
    }
    writer->png = png;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        copy_message(writer->message, "libpng could not allocate its info structure");
        writer->status = PNGSHIM_NO_MEMORY;
        return writer->status;
    }
    writer->info = info;
    if (setjmp(png_jmpbuf(png))) {
        writer->status = PNGSHIM_ERROR;
        return writer->status;
    }
    png_set_write_fn(png, writer, write_to_memory, flush_memory);
    png_set_compression_level(png, compression_level);
    if (row_filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, row_filters);
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    // Chunks written right after the header land before IDAT, where aapt2 puts the NinePatch chunks.
    for (size_t index = 0; index < chunk_count; index++) {
        png_write_chunk(png, (png_const_bytep)chunks[index].name, chunks[index].data, chunks[index].length);
    }
    size_t stride = (size_t)width * (size_t)channels;
    for (uint32_t row = 0; row < height; row++) {
        png_write_row(png, pixels + stride * row);
    }
    png_write_end(png, NULL);
    return PNGSHIM_OK;
}

void pngshim_writer_free(pngshim_writer *writer) {
    if (writer->png) {
        png_structp png = (png_structp)writer->png;
        png_infop info = (png_infop)writer->info;
        png_destroy_write_struct(&png, info ? &info : NULL);
    }
    writer->png = NULL;
    writer->info = NULL;
    free(writer->output);
    writer->output = NULL;
    writer->output_size = 0;
    writer->output_capacity = 0;
}
