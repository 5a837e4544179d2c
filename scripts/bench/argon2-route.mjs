// The sign-in's reference for `npm run bench`, in a process of its own: a bare Fastify 5 route (no plugins, no
// logger) at `POST <path>` that parses the JSON body, verifies the password hash with Argon2 on libuv's thread
// pool (give it the portal's UV_THREADPOOL_SIZE) and answers the given reply bytes. It is what a sign-in cannot do
// without: the HTTP exchange and the hash. It prints `listening on <port>` once it listens, and stops on SIGTERM.
//
//   node argon2-route.mjs <port> <path> <hash> <password> <reply as base64>
import { createRequire } from 'node:module';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { root } from '../web-build.mjs';

const [port, routePath, hash, password, replyBase64] = process.argv.slice(2);
const reply = Buffer.from(replyBase64, 'base64').toString();
// Fastify as the server workspace resolves it, the version the portal runs.
const Fastify = createRequire(path.join(root, 'apps/server/package.json'))('fastify');

const app = Fastify({ logger: false });
app.post(routePath, async (request, response) => {
  if (typeof request.body !== 'object' || request.body === null) return response.code(400).send();
  if (!(await verify(hash, password))) throw new Error('the password does not match its hash');
  return response.type('application/json; charset=utf-8').send(reply);
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write(`listening on ${port}\n`);
process.once('SIGTERM', () => void app.close());
