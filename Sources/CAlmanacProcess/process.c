// Everything is in include/CAlmanacProcess.h (static inline); SwiftPM needs a source file.
#include "CAlmanacProcess.h"
