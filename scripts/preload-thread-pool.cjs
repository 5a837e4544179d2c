// Given to node with --require by `npm start`, so it runs before anything else: libuv starts its thread pool with
// the first file read, which loading the first ES module already does, and reads UV_THREADPOOL_SIZE only then.
// A size set by the operator is kept.
const { availableParallelism } = require('node:os');
const { threadPoolSize } = require('./thread-pool-size.cjs');

if (!process.env.UV_THREADPOOL_SIZE) process.env.UV_THREADPOOL_SIZE = String(threadPoolSize(availableParallelism()));
