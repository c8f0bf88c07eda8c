#ifndef MARFA_CCHECKSUM_SHIM_H
#define MARFA_CCHECKSUM_SHIM_H

/* CRC-32C with the SSE 4.2 crc32 instruction, for MarfaStorage's CRC32C (which keeps a table-driven fallback).
   The running value is the raw register: the caller inverts it before the first call and after the last. */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

/* Whether this CPU has the crc32 instruction (CPUID leaf 1, ECX bit 20). */
static inline int marfa_crc32c_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSE4_2) != 0;
}

/* Continues the raw CRC-32C register `crc` over `count` bytes; call only when the instruction is available. */
__attribute__((target("sse4.2")))
static inline uint32_t marfa_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    uint64_t wide = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        wide = __builtin_ia32_crc32di(wide, word);
        bytes += 8;
        count -= 8;
    }
    uint32_t narrow = (uint32_t)wide;
    while (count > 0) {
        narrow = __builtin_ia32_crc32qi(narrow, *bytes);
        bytes += 1;
        count -= 1;
    }
    return narrow;
}

/* The bytes in each of the three lanes `marfa_crc32c_hardware_3way` checksums side by side. */
#define MARFA_CRC32C_LANE_BYTES 4096

/* Moves the raw register `crc` over MARFA_CRC32C_LANE_BYTES zero bytes with `shift` (four 256-entry tables, one per
   byte of the register), as if those bytes had been checksummed after it. */
static inline uint32_t marfa_crc32c_shift_lane(const uint32_t *shift, uint32_t crc) {
    return shift[crc & 0xff] ^ shift[256 + ((crc >> 8) & 0xff)] ^ shift[512 + ((crc >> 16) & 0xff)]
        ^ shift[768 + (crc >> 24)];
}

/* As marfa_crc32c_hardware, but three lanes of MARFA_CRC32C_LANE_BYTES at a time, each its own chain of crc32
   instructions (one chain waits three cycles a step; three keep the unit busy), joined with `shift`; the tail after
   the last whole round goes one lane. */
__attribute__((target("sse4.2")))
static inline uint32_t marfa_crc32c_hardware_3way(uint32_t crc, const uint8_t *bytes, size_t count,
                                                   const uint32_t *shift) {
    while (count >= 3 * MARFA_CRC32C_LANE_BYTES) {
        uint64_t first = crc, second = 0, third = 0;
        const uint8_t *end = bytes + MARFA_CRC32C_LANE_BYTES;
        do {
            uint64_t a, b, c;
            memcpy(&a, bytes, 8);
            memcpy(&b, bytes + MARFA_CRC32C_LANE_BYTES, 8);
            memcpy(&c, bytes + 2 * MARFA_CRC32C_LANE_BYTES, 8);
            first = __builtin_ia32_crc32di(first, a);
            second = __builtin_ia32_crc32di(second, b);
            third = __builtin_ia32_crc32di(third, c);
            bytes += 8;
        } while (bytes < end);
        crc = marfa_crc32c_shift_lane(shift, (uint32_t)first) ^ (uint32_t)second;
        crc = marfa_crc32c_shift_lane(shift, crc) ^ (uint32_t)third;
        bytes += 2 * MARFA_CRC32C_LANE_BYTES;
        count -= 3 * MARFA_CRC32C_LANE_BYTES;
    }
    return marfa_crc32c_hardware(crc, bytes, count);
}
#else
#define MARFA_CRC32C_LANE_BYTES 4096

static inline int marfa_crc32c_hardware_available(void) { return 0; }

static inline uint32_t marfa_crc32c_hardware_3way(uint32_t crc, const uint8_t *bytes, size_t count,
                                                   const uint32_t *shift) {
    (void)bytes;
    (void)count;
    (void)shift;
    return crc;
}

static inline uint32_t marfa_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}
#endif

#endif
