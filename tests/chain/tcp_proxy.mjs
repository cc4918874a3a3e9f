#!/usr/bin/env node
// For the chain tests: a TCP proxy on a loopback port to another, each connection piped both
// ways, so that a test can cut a client's connection mid-stream (a WebSocket to the node) by
// ending this process, and let it connect again by starting another on the same port.
//
//   node tests/chain/tcp_proxy.mjs --listen PORT --to PORT
import net from 'node:net';
import { die, parseArgs } from '../../chain/lib.mjs';

const usage = 'node tests/chain/tcp_proxy.mjs --listen PORT --to PORT';
const args = parseArgs(process.argv.slice(2), ['listen', 'to'], usage);
if (!args.listen || !args.to) die(`usage: ${usage}`);
const server = net.createServer((client) => {
  const node = net.connect(Number(args.to), '127.0.0.1');
  client.pipe(node).on('error', () => client.destroy());
  node.pipe(client).on('error', () => node.destroy());
  client.on('error', () => node.destroy());
  node.on('error', () => client.destroy());
});
server.on('error', (e) => die(`tcp_proxy.mjs: ${e.message}`));
server.listen(Number(args.listen), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
