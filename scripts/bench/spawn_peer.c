/* The floor of scripts/bench/delivery.sh: a bare spawn loop with no journal and no durability.
 *   spawn_peer START SECONDS RATE COMMAND OUT
 * At START + s (s = 0 .. SECONDS-1, epoch seconds, CLOCK_REALTIME) it starts RATE copies of
 * COMMAND OUT with posix_spawn (glibc: clone(CLONE_VFORK) + exec, the cheapest way to start a
 * process), each with ALMANAC_AT and ALMANAC_FIRE_ID set as almanac-exec sets them, and never waits
 * for them (SIGCHLD ignored: the kernel reaps them).
 *   spawn_peer --rate COUNT COMMAND OUT
 * starts COUNT copies back to back and prints the machine's spawn rate (processes started per
 * second, and per second until the last one ended). */
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static pid_t start(const char *command, const char *out, long at, int index) {
    char at_text[64], id[96], at_env[96], id_env[128];
    time_t seconds = (time_t)at;
    strftime(at_text, sizeof at_text, "%Y-%m-%dT%H:%M:%SZ", gmtime(&seconds));
    snprintf(id, sizeof id, "t%d@%.19s", index, at_text);
    snprintf(at_env, sizeof at_env, "ALMANAC_AT=%s", at_text);
    snprintf(id_env, sizeof id_env, "ALMANAC_FIRE_ID=%s", id);
    char *envp[] = {at_env, id_env, NULL};
    char *argv[] = {(char *)command, (char *)out, NULL};
    pid_t pid;
    int error = posix_spawn(&pid, command, NULL, NULL, argv, envp);
    if (error != 0) {
        fprintf(stderr, "spawn_peer: %s: %s\n", command, strerror(error));
        return -1;
    }
    return pid;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "--rate") == 0) {
        int count = atoi(argv[2]);
        double begin = now();
        for (int i = 0; i < count; i++) start(argv[3], argv[4], (long)begin, i);
        double started = now();
        while (wait(NULL) > 0) {}
        double ended = now();
        printf("%.0f %.0f\n", count / (started - begin), count / (ended - begin));
        return 0;
    }
    if (argc != 6) {
        fprintf(stderr, "usage: spawn_peer START SECONDS RATE COMMAND OUT | --rate COUNT COMMAND OUT\n");
        return 64;
    }
    long first = atol(argv[1]);
    int seconds = atoi(argv[2]), rate = atoi(argv[3]);
    signal(SIGCHLD, SIG_IGN);
    for (int s = 0; s < seconds; s++) {
        struct timespec due = {.tv_sec = first + s, .tv_nsec = 0};
        while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &due, NULL) != 0) {}
        for (int i = 0; i < rate; i++) start(argv[4], argv[5], first + s, i);
    }
    return 0;
}
