import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A CSV file as a download, sent as its lines come (a slow reader holds the producer back): never shown inline,
 * never sniffed as something else, never cached.
 */
export function sendCsv(response: FastifyReply, lines: AsyncIterable<string>, fileName: string) {
  return response
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(lines));
}
