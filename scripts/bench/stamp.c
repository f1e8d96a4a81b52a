/* The trivial command of scripts/bench/delivery.sh: appends one line saying when it started,
 * "<ALMANAC_AT> <ALMANAC_FIRE_ID> <seconds since the epoch>\n", to the file named by its argument,
 * in one write (O_APPEND), so lines from many processes never mix. Every runner in the benchmark
 * (almanac-exec and its peers) starts this same program, so start-up lateness is measured alike. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (argc < 2) return 64;
    const char *at = getenv("ALMANAC_AT"), *id = getenv("ALMANAC_FIRE_ID");
    char line[512];
    int n = snprintf(line, sizeof line, "%s %s %lld.%09ld\n", at ? at : "-", id ? id : "-", (long long)now.tv_sec, now.tv_nsec);
    int fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0 || n <= 0 || write(fd, line, (size_t)n) != n) return 1;
    return 0;
}
