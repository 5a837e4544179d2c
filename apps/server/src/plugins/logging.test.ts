import { describe, expect, it } from 'vitest';
import { errorWithoutQueryValues } from './logging';

describe('errorWithoutQueryValues', () => {
  it('keeps what went wrong and leaves out the values of a failed query, in the error and its cause', () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const failed = new Error(
      'Failed query: insert into "email_messages" ("recipient", "payload") values ($1, $2)\n' +
        'params: ana@example.org,{"code":"482913"}',
      { cause },
    );
    const logged = errorWithoutQueryValues(failed);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "email_messages" ("recipient", "payload") values ($1, $2)\nparams: [hidden]',
      cause: { type: 'Error', message: 'terminating connection due to administrator command', code: '57P01' },
    });
    expect(JSON.stringify(logged)).not.toContain('ana@example.org');
    expect(JSON.stringify(logged)).not.toContain('482913');
  });
});
