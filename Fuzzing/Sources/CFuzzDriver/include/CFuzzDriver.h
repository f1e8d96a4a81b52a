#ifndef ALMANAC_FUZZ_DRIVER_H
#define ALMANAC_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs that keep their own main (SwiftPM renames Swift's `main`, so
// the runtime's own main never reaches LLVMFuzzerTestOneInput). Provided by -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
