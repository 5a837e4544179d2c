// How many threads libuv's pool gets when UV_THREADPOOL_SIZE is not set: as many as the machine has cores, at
// least 2 and at most node's own default of 4. The pool runs the password hashes (Argon2id, 19 MiB each), and hashes
// side by side on more threads than cores fight for the same caches: on two cores, two threads verify about 240
// passwords a second where four verify about 200. At least two, so a file read never waits for a lone thread.
const MIN_THREADS = 2;
const NODE_DEFAULT_THREADS = 4;

/** The pool's size for a machine of `cores` cores. */
function threadPoolSize(cores) {
  return Math.max(MIN_THREADS, Math.min(NODE_DEFAULT_THREADS, cores));
}

module.exports = { threadPoolSize };
