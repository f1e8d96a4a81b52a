// The header's functions are static inline; this file holds the one that needs glibc's GNU
// extensions (posix_spawn_file_actions_addclosefrom_np is declared only under _GNU_SOURCE).
#define _GNU_SOURCE
#include <spawn.h>
#include "CAlmanacProcess.h"
#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif

int almanac_spawn_keep_standard_only(posix_spawn_file_actions_t *actions, short *flags) {
#if defined(__APPLE__) && !TARGET_OS_WATCH && !TARGET_OS_TV
    // Every descriptor not named by a file action is closed; 0 is the target of a dup2.
    *flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
    int result = posix_spawn_file_actions_addinherit_np(actions, 1);
    return result != 0 ? result : posix_spawn_file_actions_addinherit_np(actions, 2);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // After the dup2 onto 0 (actions run in order): close_range(3, ~0) in the child.
    (void)flags;
    return posix_spawn_file_actions_addclosefrom_np(actions, 3);
#else
    (void)actions;
    (void)flags;
    return ENOSYS;
#endif
}
