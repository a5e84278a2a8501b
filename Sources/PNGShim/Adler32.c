// zlib's Adler-32 checksum, computed 16 bytes at a time with SSE2 (every x86-64 CPU has it).
//
// Decoding a PNG, zlib checks the Adler-32 of every inflated byte. Debian's zlib 1.2.13 does it a byte at a time,
// which was 9% of all the instructions `ninepatch check` ran on the NinePatch corpus (issue 34). The functions
// below have zlib's names and signatures, so a link that includes this file (playprep's static shipping build)
// takes them instead of libz's adler32.o; every one returns exactly what zlib's returns (the checksum is fully
// defined by RFC 1950), so nothing zlib or libpng decide can change. Tests compare pngshim_adler32 with the
// definition, and a PNG whose checksum is wrong is still refused ("incorrect data check") as libpng refuses it.
#include "PNGShim.h"

#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    ADLER_BASE = 65521,  // the largest prime below 65536
    ADLER_NMAX = 5552,   // the most bytes whose sums fit 32 bits before reducing modulo ADLER_BASE
};

#if defined(__SSE2__)
/// Adds `blocks` 16-byte blocks at `bytes` to the running sums (neither reduced).
static void add_blocks(uint64_t *sum, uint64_t *weighted, const uint8_t *bytes, size_t blocks) {
    const __m128i zero = _mm_setzero_si128();
    // Byte i of a block is counted 16 - i times in `weighted` by the block itself.
    const __m128i first_weights = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i last_weights = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    __m128i byte_sums = zero;     // the bytes so far, in two 64-bit lanes
    __m128i earlier_sums = zero;  // byte_sums as it stood before each block, added up
    __m128i weighted_sums = zero; // each block's own weighted bytes, in four 32-bit lanes
    for (size_t block = 0; block < blocks; block++) {
        __m128i data = _mm_loadu_si128((const __m128i *)(bytes + 16 * block));
        earlier_sums = _mm_add_epi64(earlier_sums, byte_sums);
        byte_sums = _mm_add_epi64(byte_sums, _mm_sad_epu8(data, zero));
        weighted_sums = _mm_add_epi32(weighted_sums, _mm_madd_epi16(_mm_unpacklo_epi8(data, zero), first_weights));
        weighted_sums = _mm_add_epi32(weighted_sums, _mm_madd_epi16(_mm_unpackhi_epi8(data, zero), last_weights));
    }
    uint64_t lanes64[2], lanes32[4];
    uint32_t words[4];
    _mm_storeu_si128((__m128i *)lanes64, byte_sums);
    uint64_t block_bytes = lanes64[0] + lanes64[1];
    _mm_storeu_si128((__m128i *)lanes64, earlier_sums);
    uint64_t earlier = lanes64[0] + lanes64[1];
    _mm_storeu_si128((__m128i *)words, weighted_sums);
    for (int lane = 0; lane < 4; lane++) lanes32[lane] = words[lane];
    // Each byte before a block is counted once more for each of the block's 16 bytes; so is the sum before
    // the first block.
    *weighted += 16 * (blocks * *sum + earlier) + lanes32[0] + lanes32[1] + lanes32[2] + lanes32[3];
    *sum += block_bytes;
}
#endif

uint32_t pngshim_adler32(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint64_t sum = adler & 0xffff, weighted = adler >> 16;
    while (length > 0) {
        size_t chunk = length < ADLER_NMAX ? length : ADLER_NMAX;
        length -= chunk;
#if defined(__SSE2__)
        size_t blocks = chunk / 16;
        add_blocks(&sum, &weighted, bytes, blocks);
        bytes += 16 * blocks;
        chunk -= 16 * blocks;
#endif
        while (chunk-- > 0) {
            sum += *bytes++;
            weighted += sum;
        }
        sum %= ADLER_BASE;
        weighted %= ADLER_BASE;
    }
    // zlib reduces even when there are no bytes (a start value out of range comes back reduced).
    return (uint32_t)(weighted % ADLER_BASE << 16 | sum % ADLER_BASE);
}

uLong ZEXPORT adler32_z(uLong adler, const Bytef *buf, z_size_t len) {
    return buf == Z_NULL ? 1UL : pngshim_adler32((uint32_t)adler, buf, len);
}

uLong ZEXPORT adler32(uLong adler, const Bytef *buf, uInt len) {
    return adler32_z(adler, buf, len);
}

/// The checksum of two pieces joined, from each one's checksum and the second one's length (RFC 1950's sums:
/// the first piece's bytes are counted `length2` more times in the weighted sum, the second piece's start at 1).
uLong ZEXPORT adler32_combine64(uLong adler1, uLong adler2, z_off64_t len2) {
    if (len2 < 0) return 0xffffffffUL;
    uint64_t remainder = (uint64_t)len2 % ADLER_BASE;
    uint64_t sum1 = adler1 & 0xffff, weighted1 = adler1 >> 16 & 0xffff;
    uint64_t sum2 = adler2 & 0xffff, weighted2 = adler2 >> 16 & 0xffff;
    uint64_t sum = (sum1 + sum2 + ADLER_BASE - 1) % ADLER_BASE;
    uint64_t weighted = (weighted1 + weighted2 + remainder * sum1 + ADLER_BASE - remainder) % ADLER_BASE;
    return (uLong)(weighted << 16 | sum);
}

uLong ZEXPORT adler32_combine(uLong adler1, uLong adler2, z_off_t len2) {
    return adler32_combine64(adler1, adler2, (z_off64_t)len2);
}
