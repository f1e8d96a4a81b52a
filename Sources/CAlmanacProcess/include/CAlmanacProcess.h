// The few system calls the executor needs that Swift's Glibc module does not export: a descriptor
// for a child process (pidfd_open, Linux 5.3) and an epoll set to wait on many of them from one
// thread (elsewhere, or on an older kernel, each returns -1 with errno set, and the caller falls back
// to a thread per child); and a spawned command that keeps only its standard descriptors.
#ifndef C_ALMANAC_PROCESS_H
#define C_ALMANAC_PROCESS_H

#include <errno.h>
#include <spawn.h>
#include <sys/types.h>

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// Arranges that a process spawned with `actions` (and the spawn flags `flags`, which it may add to)
/// keeps descriptors 0, 1 and 2 only, whatever the spawning process holds without close-on-exec (the
/// sockets of an HTTP server or a database connection, which SwiftNIO opens so): file actions added
/// before this one (a dup2 onto 0) still apply. 0, or an errno value: ENOSYS where the C library
/// cannot (glibc before 2.34).
int almanac_spawn_keep_standard_only(posix_spawn_file_actions_t *actions, short *flags);

/// A close-on-exec descriptor that becomes readable when process `pid` ends; -1 and errno otherwise.
static inline int almanac_pidfd_open(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    // pidfd_open's descriptors are always close-on-exec.
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

/// A close-on-exec epoll set; -1 and errno otherwise.
static inline int almanac_epoll_create(void) {
#ifdef __linux__
    return epoll_create1(EPOLL_CLOEXEC);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// Adds `fd` to the set, watched for reading, reported by its number; 0 or -1 and errno.
static inline int almanac_epoll_add(int epfd, int fd) {
#ifdef __linux__
    struct epoll_event event = {0};
    event.events = EPOLLIN;
    event.data.fd = fd;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
#else
    (void)epfd;
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

/// Removes `fd` from the set; 0 or -1 and errno. (Closing it is not enough: a child between its
/// spawn and its exec holds a copy of the descriptor, and the set watches the file, not the number.)
static inline int almanac_epoll_remove(int epfd, int fd) {
#ifdef __linux__
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
#else
    (void)epfd;
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

/// Waits until descriptors of the set are readable (`timeout_ms` -1: no limit) and writes up to
/// `capacity` of their numbers to `fds`; returns how many, or -1 and errno.
static inline int almanac_epoll_wait(int epfd, int *fds, int capacity, int timeout_ms) {
#ifdef __linux__
    struct epoll_event events[64];
    int n = epoll_wait(epfd, events, capacity < 64 ? capacity : 64, timeout_ms);
    for (int i = 0; i < n; i++) fds[i] = events[i].data.fd;
    return n;
#else
    (void)epfd;
    (void)fds;
    (void)capacity;
    (void)timeout_ms;
    errno = ENOSYS;
    return -1;
#endif
}

#endif
