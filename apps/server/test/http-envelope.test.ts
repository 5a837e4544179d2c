import { connect, type Socket } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { clientErrorHandler } from '../src/plugins/http-envelope';
import { buildTestApp, describeOnDatabase, useTestApp } from './helpers';

const SPANISH = { cookie: 'preferredLanguage=sp' };
const LOGIN = '/common-server/login';
const SURVEY_RESPONSE = '/common-server/survey/response';

const UNREADABLE = {
  en: 'The request could not be read. Please reload the page and try again.',
  sp: 'No se pudo leer la solicitud. Vuelva a cargar la página e inténtelo de nuevo.',
};
const NOT_FOUND = {
  en: 'This address does not exist in the portal. Please check it and try again.',
  sp: 'Esta dirección no existe en el portal. Revísela e inténtelo de nuevo.',
};
const JSON_TYPE = { 'content-type': 'application/json' };

/** Refusals `inject` can produce: the framework's own, each with its texts in both languages. */
const INJECTED: { title: string; request: InjectOptions; statusCode: number; text: { en: string; sp: string } }[] = [
  {
    title: 'a body over the 1 MiB limit',
    request: {
      method: 'POST',
      url: LOGIN,
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: 'a'.repeat(1_048_577) }),
    },
    statusCode: 413,
    text: {
      en: 'The request is too large. Please send less at once, or a smaller file.',
      sp: 'La solicitud es demasiado grande. Envíe menos datos a la vez o un archivo más pequeño.',
    },
  },
  {
    title: 'malformed JSON',
    request: { method: 'POST', url: LOGIN, headers: JSON_TYPE, payload: '{"email":' },
    statusCode: 400,
    text: UNREADABLE,
  },
  {
    title: 'an empty JSON body',
    request: { method: 'POST', url: LOGIN, headers: JSON_TYPE, payload: '' },
    statusCode: 400,
    text: UNREADABLE,
  },
  {
    title: 'a content type the portal does not read',
    request: { method: 'POST', url: LOGIN, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    statusCode: 415,
    text: {
      en: 'The request is in a format the portal does not accept. Please reload the page and try again.',
      sp: 'La solicitud tiene un formato que el portal no acepta. Vuelva a cargar la página e inténtelo de nuevo.',
    },
  },
  {
    title: 'an unknown call',
    request: { method: 'GET', url: '/common-server/no-such-call' },
    statusCode: 404,
    text: NOT_FOUND,
  },
  {
    title: 'a known call with a method it lacks',
    request: { method: 'DELETE', url: LOGIN },
    statusCode: 404,
    text: NOT_FOUND,
  },
  {
    title: 'a path parameter over 100 characters, before routing,',
    request: { method: 'GET', url: `${SURVEY_RESPONSE}/${'7'.repeat(101)}` },
    statusCode: 414,
    text: {
      en: 'The address is too long. Please check it and try again.',
      sp: 'La dirección es demasiado larga. Revísela e inténtelo de nuevo.',
    },
  },
  {
    title: 'an undecodable path parameter, before routing,',
    request: { method: 'GET', url: `${SURVEY_RESPONSE}/%E0%A4%A` },
    statusCode: 400,
    text: UNREADABLE,
  },
];

/** What the HTTP layer answers, read as the browser would: status, the envelope, and two security headers. */
interface Answer {
  statusCode: number;
  body: unknown;
  nosniff: string | undefined;
  cacheControl: string | undefined;
}

/** The refusal every case expects: the envelope, with the security headers of an API reply. */
const answer = (statusCode: number, message: string): Answer => ({
  statusCode,
  body: { status: false, message },
  nosniff: 'nosniff',
  cacheControl: 'no-store',
});

/** Starts the app listening on a free local port, and returns that port. */
async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Everything the server writes to a socket, once it has closed the connection. */
function receivedUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Writes raw bytes to a listening server and reads its whole answer. */
async function rawExchange(port: number, request: string): Promise<Answer> {
  const socket = connect(port, '127.0.0.1', () => socket.end(request));
  return parseAnswer(await receivedUntilClosed(socket));
}

/** Reads a raw HTTP answer, checking that its Content-Length counts the bytes of its (accented) body. */
function parseAnswer(text: string): Answer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  expect(Number(headers.get('content-length'))).toBe(Buffer.byteLength(body));
  return {
    statusCode: Number(statusLine.split(' ')[1]),
    body: JSON.parse(body),
    nosniff: headers.get('x-content-type-options'),
    cacheControl: headers.get('cache-control'),
  };
}

describeOnDatabase('every reply of the HTTP layer keeps the envelope', (target) => {
  const testApp = useTestApp(target, { demo: false });
  const inject = async (options: InjectOptions): Promise<Answer> => {
    const reply = await testApp().app.inject(options);
    return {
      statusCode: reply.statusCode,
      body: reply.json(),
      nosniff: reply.headers['x-content-type-options'] as string | undefined,
      cacheControl: reply.headers['cache-control'] as string | undefined,
    };
  };
  it.each(INJECTED)('answers $title with $statusCode in English and Spanish', async ({ request, statusCode, text }) => {
    expect(await inject(request)).toEqual(answer(statusCode, text.en));
    const spanish = { ...request, headers: { ...request.headers, ...SPANISH } };
    expect(await inject(spanish)).toEqual(answer(statusCode, text.sp));
  });

  it('answers, on a listening server, headers or a URL over the limit with 431 and a broken request line with 400', async () => {
    const port = await listenLocally(testApp().app);
    const filler = 'f'.repeat(20_000);

    expect(
      await rawExchange(port, `GET /common-server/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${filler}\r\n\r\n`),
    ).toEqual(answer(431, "The request is too large to read. Please clear this site's cookies and reload the page."));
    const spanishHeaders = `GET /common-server/health HTTP/1.1\r\nHost: x\r\nCookie: a=1; preferredLanguage=sp\r\nX-Filler: ${filler}\r\n\r\n`;
    expect(await rawExchange(port, spanishHeaders)).toEqual(
      answer(
        431,
        'La solicitud es demasiado grande para leerla. Borre las cookies de este sitio y vuelva a cargar la página.',
      ),
    );
    expect(await rawExchange(port, `GET /common-server/${filler} HTTP/1.1\r\nHost: x\r\n\r\n`)).toEqual(
      answer(431, "The request is too large to read. Please clear this site's cookies and reload the page."),
    );
    expect(await rawExchange(port, 'NOT A REQUEST\r\nHost: x\r\n\r\n')).toEqual(
      answer(400, 'The request could not be read. Please reload the page and try again.'),
    );
  });

  it('answers a request that arrives too slowly with 408', () => {
    const written: string[] = [];
    const socket = { destroyed: false, writable: true, write: (data: string) => written.push(data), destroy: () => {} };
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler.call(testApp().app, timeout, socket as unknown as Socket);
    expect(parseAnswer(written.join(''))).toEqual(
      answer(408, 'The request took too long to arrive. Please check your connection and try again.'),
    );
  });
});

/** A promise and the function that settles it, for steps the test waits on without sleeping. */
function signal() {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { settle, settled };
}

describeOnDatabase('a server that is closing', (target) => {
  it('answers a request still arriving on a busy connection with 503 in the envelope', async () => {
    const slowCallStarted = signal();
    const slowCallMayEnd = signal();
    const closingStarted = signal();
    const t = await buildTestApp(target, {
      demo: false,
      configure: (app) => {
        app.get('/common-server/test-slow', { config: { access: 'public' } }, async () => {
          slowCallStarted.settle();
          await slowCallMayEnd.settled;
          return { status: true };
        });
        app.addHook('preClose', (done) => {
          closingStarted.settle();
          done();
        });
      },
    });
    let closed: Promise<void> | undefined;
    try {
      const socket = connect(await listenLocally(t.app), '127.0.0.1');
      const received = receivedUntilClosed(socket);
      socket.write('GET /common-server/test-slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await slowCallStarted.settled;
      closed = t.app.close();
      await closingStarted.settled;
      // The server hands a request to the app as soon as it is read; its answer waits for the slow call's.
      const secondRequest = signal();
      t.app.server.once('request', secondRequest.settle);
      socket.write('GET /common-server/health HTTP/1.1\r\nHost: x\r\nCookie: preferredLanguage=sp\r\n\r\n');
      await secondRequest.settled;
      slowCallMayEnd.settle();
      const text = await received;
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(parseAnswer(text.slice(text.lastIndexOf('HTTP/1.1 ')))).toEqual(
        answer(503, 'El portal se está reiniciando. Inténtelo de nuevo en un momento.'),
      );
    } finally {
      await (closed ?? t.app.close());
      await t.handle.close();
    }
  });
});
