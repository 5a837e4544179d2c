// Raw Argon2 in a process of its own, for `npm run bench`: how many verifications of one password hash a second
// this machine makes when nothing else runs in the process, with `concurrency` verifications under way at once
// (on libuv's thread pool, as the portal runs them: give it the portal's UV_THREADPOOL_SIZE).
//
//   node argon2-rate.mjs <hash> <password> <concurrency> <warm-up seconds> <seconds>
//     prints {"verifications":…,"perSecond":…}
import { verify } from '@node-rs/argon2';

const [hash, password, concurrency, warmupSeconds, seconds] = process.argv.slice(2);
const warmupEnd = performance.now() + Number(warmupSeconds) * 1000;
const end = warmupEnd + Number(seconds) * 1000;
let counted = 0;

async function worker() {
  while (performance.now() < end) {
    if (!(await verify(hash, password))) throw new Error('the password does not match its hash');
    if (performance.now() > warmupEnd) counted++;
  }
}

await Promise.all(Array.from({ length: Number(concurrency) }, worker));
process.stdout.write(`${JSON.stringify({ verifications: counted, perSecond: counted / Number(seconds) })}\n`);
