/* md5.c - the MD5 compression function and DXC's container digest.
 *
 * DXC signs a container with MD5 rounds over the bytes after the digest
 * field, but lays out the final block(s) its own way: the bit count is the
 * first word of the last block (not the last two words), and the last word
 * is (byte count << 1) | 1. The rounds themselves are RFC 1321's. */
#include "md5.h"
#include "common/byteio.h"

#include <string.h>

/* Per-round left-rotate amounts (RFC 1321), four per round. */
static const uint8_t md5_shift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23},
                                        {6, 10, 15, 21}};

/* floor(abs(sin(i + 1)) * 2^32), the RFC 1321 constants. */
static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
    0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
    0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
    0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
    0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
    0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
    0xeb86d391};

static uint32_t md5_rotl(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

/* One 64-byte block into the running state. */
static void md5_block(uint32_t st[4], const uint8_t block[64])
{
    uint32_t x[16], a = st[0], b = st[1], c = st[2], d = st[3];
    for (int i = 0; i < 16; i++)
        x[i] = rd_le32(block + 4 * i);
    for (unsigned i = 0; i < 64; i++) {
        unsigned round = i / 16, g;
        uint32_t f;
        if (round == 0) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (round == 1) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (round == 2) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + md5_rotl(a + f + md5_k[i] + x[g], md5_shift[round][i % 4]);
        a = t;
    }
    st[0] += a;
    st[1] += b;
    st[2] += c;
    st[3] += d;
}

static void md5_init(uint32_t st[4])
{
    st[0] = 0x67452301u;
    st[1] = 0xefcdab89u;
    st[2] = 0x98badcfeu;
    st[3] = 0x10325476u;
}

static void md5_out(const uint32_t st[4], uint8_t digest[16])
{
    for (int i = 0; i < 4; i++)
        wr_le32(digest + 4 * i, st[i]);
}

/* Both digests: the whole 64-byte blocks; returns the tail length. */
static size_t md5_whole_blocks(uint32_t st[4], const uint8_t *data, size_t size)
{
    md5_init(st);
    for (size_t i = 0; i < size / 64; i++)
        md5_block(st, data + 64 * i);
    return size % 64;
}

void md5_digest(const uint8_t *data, size_t size, uint8_t digest[16])
{
    uint32_t st[4];
    uint8_t tail[128] = {0};
    size_t rest = md5_whole_blocks(st, data, size), full = size / 64;
    memcpy(tail, data + 64 * full, rest);
    tail[rest] = 0x80;
    size_t blocks = rest < 56 ? 1 : 2;
    uint64_t bits = (uint64_t)size * 8;
    for (int i = 0; i < 8; i++)
        tail[64 * blocks - 8 + i] = (uint8_t)(bits >> (8 * i));
    for (size_t i = 0; i < blocks; i++)
        md5_block(st, tail + 64 * i);
    md5_out(st, digest);
}

void dxc_digest(const uint8_t *data, size_t size, uint8_t digest[16])
{
    uint32_t st[4];
    uint8_t tail[128] = {0};
    size_t rest = md5_whole_blocks(st, data, size), full = size / 64;
    /* Short tail: count word, tail bytes, 0x80, zeros, marker word in one
     * block. Long tail: tail bytes and 0x80 fill a block of their own, the
     * count and marker words go in a last block of zeros. */
    uint8_t *last = tail;
    if (rest < 56) {
        memcpy(tail + 4, data + 64 * full, rest);
        tail[4 + rest] = 0x80;
    } else {
        memcpy(tail, data + 64 * full, rest);
        tail[rest] = 0x80;
        last = tail + 64;
    }
    wr_le32(last, (uint32_t)(size << 3));
    wr_le32(last + 60, (uint32_t)(size << 1) | 1u);
    if (last != tail)
        md5_block(st, tail);
    md5_block(st, last);
    md5_out(st, digest);
}
