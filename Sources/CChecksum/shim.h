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
#else
static inline int marfa_crc32c_hardware_available(void) { return 0; }

static inline uint32_t marfa_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}
#endif

#endif
