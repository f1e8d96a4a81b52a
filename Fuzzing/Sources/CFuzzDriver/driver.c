// Declarations only: LLVMFuzzerRunDriver comes from the libFuzzer runtime that -sanitize=fuzzer links.
#include "CFuzzDriver.h"
