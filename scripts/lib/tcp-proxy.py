#!/usr/bin/env python3
"""A TCP proxy on loopback for the store's chaos tests: forwards 127.0.0.1:LISTEN to 127.0.0.1:TARGET.

Freeze it with SIGSTOP (connections stay open, nothing moves: what a hung network or a frozen
middlebox looks like to the executor), thaw it with SIGCONT, cut it with SIGKILL (every connection
reset, new ones refused until it is started again). A port of 0 picks a free one; the port it
listens on is printed on the first line of stdout.

Usage: scripts/lib/tcp-proxy.py LISTEN_PORT TARGET_PORT
"""
import asyncio
import sys


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


async def handle(client_reader, client_writer, target):
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))


async def main(listen, target):
    server = await asyncio.start_server(lambda r, w: handle(r, w, target), "127.0.0.1", listen, reuse_address=True)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
