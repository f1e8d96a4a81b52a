#!/usr/bin/env python3
"""The durable peer of scripts/bench/delivery.sh: a Python `sched` loop that journals each fire
with its own fsync before delivering it, as almanac-exec did before group commit.

    sched_fsync_peer.py exec|stdout START SECONDS RATE JOURNAL [COMMAND OUT]

At START + s (epoch seconds) for s in 0..SECONDS-1, RATE fires t0..t{RATE-1}: each appends one
line to JOURNAL and fsyncs it, then either starts COMMAND OUT with os.posix_spawn (ALMANAC_AT and
ALMANAC_FIRE_ID set, never waited for) or prints an almanac-exec stdout line. Prints the number of
fsyncs to stderr at the end."""
import os, sched, signal, sys, time

mode, start, seconds, rate, journal = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
command, out = (sys.argv[6], sys.argv[7]) if mode == "exec" else (None, None)
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
fd = os.open(journal, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
stdout = sys.stdout.buffer
syncs = 0


def fire(at, index):
    global syncs
    text = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at))
    fire_id = "t%d@%s" % (index, text[:19])
    os.write(fd, b'{"event": "fire", "id": "%s", "trigger": "t%d", "at": "%s", "now": "%s"}\n'
             % (fire_id.encode(), index, text.encode(), text.encode()))
    os.fsync(fd)
    syncs += 1
    if mode == "exec":
        os.posix_spawn(command, [command, out], {"ALMANAC_AT": text, "ALMANAC_FIRE_ID": fire_id})
    else:
        stdout.write(b'{"id": "%s", "trigger": "t%d", "at": "%s", "local": "%s+00:00", "payload": {"n": %d}}\n'
                     % (fire_id.encode(), index, text.encode(), text[:19].encode(), index))
        stdout.flush()


scheduler = sched.scheduler(time.time, time.sleep)
for s in range(seconds):
    for index in range(rate):
        scheduler.enterabs(start + s, index, fire, (start + s, index))
scheduler.run()
print("fsyncs %d" % syncs, file=sys.stderr)
