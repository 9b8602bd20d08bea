// The functions are in the header (static inline); this file gives SwiftPM a C target to build.
#include "atomic_word.h"
