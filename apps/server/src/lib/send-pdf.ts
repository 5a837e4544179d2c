import type { FastifyReply } from 'fastify';

/**
 * A stored PDF leaves only as a download: never shown inline by the browser, never sniffed as something else,
 * never cached, so an uploaded or stored PDF is never served as HTML.
 */
export function sendPdf(response: FastifyReply, bytes: Uint8Array, fileName: string) {
  return response
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}
