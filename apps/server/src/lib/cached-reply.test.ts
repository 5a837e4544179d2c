import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../providers/clock/clock';
import { cachedReply } from './cached-reply';

describe('cachedReply', () => {
  it('answers the JSON envelope, loaded once per period, and at once while it is fresh', async () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const loader = vi.fn().mockResolvedValueOnce(['a']).mockResolvedValueOnce(['b']);
    const cached = cachedReply(loader, 1000, clock);
    const app = Fastify();
    app.get('/list', (_request, reply) => cached.send(reply));
    const first = await app.inject('/list');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ status: true, data: ['a'] });

    // Fresh: sent in the same tick, without waiting for a promise.
    const reply = { type: vi.fn().mockReturnThis(), send: vi.fn() };
    cached.send(reply as unknown as FastifyReply);
    expect(reply.send).toHaveBeenCalledWith('{"status":true,"data":["a"]}');

    clock.advance(1000);
    expect((await app.inject('/list')).json()).toEqual({ status: true, data: ['b'] });
    expect(loader).toHaveBeenCalledTimes(2);
    expect(await cached.data()).toEqual(['b']);
    await app.close();
  });

  it('hands a failed load to the error handler, and loads again on the next call', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(['ok']);
    const cached = cachedReply(loader, 1000, fixedClock('2026-01-01T00:00:00Z'));
    const app = Fastify();
    app.get('/list', (_request, reply) => cached.send(reply));
    expect((await app.inject('/list')).statusCode).toBe(500);
    expect((await app.inject('/list')).json()).toEqual({ status: true, data: ['ok'] });
    await app.close();
  });
});
