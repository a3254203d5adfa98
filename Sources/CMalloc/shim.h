#ifdef __linux__
#include <malloc.h>

/// Has glibc's allocator keep up to `trim` freed bytes at the top of an arena, and serve blocks
/// below `mmap` from the arenas, instead of giving memory back to the system after every large
/// free; mallopt's options are macros Swift cannot import.
static inline void cmalloc_keep_freed_memory(int trim, int mmap) {
    mallopt(M_TRIM_THRESHOLD, trim);
    mallopt(M_MMAP_THRESHOLD, mmap);
}
#else
static inline void cmalloc_keep_freed_memory(int trim, int mmap) {}
#endif
