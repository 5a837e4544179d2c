import { describe, expect, it } from 'vitest';
import { returnPathOf, returnStateOf } from './return-path';

describe('the path to return to after signing in', () => {
  it('is the page the guard turned away, with its query', () => {
    expect(returnStateOf({ pathname: '/messages', search: '?page=2' })).toEqual({ from: '/messages?page=2' });
    expect(returnPathOf({ from: '/messages' })).toBe('/messages');
    expect(returnPathOf({ from: '/survey?id=3' })).toBe('/survey?id=3');
  });

  it.each([
    ['no state', undefined],
    ['no path', {}],
    ['not a string', { from: 42 }],
    ['another site', { from: 'https://evil.example/messages' }],
    ['a protocol-relative address', { from: '//evil.example/messages' }],
    ['a backslash a browser reads as a slash', { from: '/\\evil.example' }],
    ['a backslash further on', { from: '/messages\\..' }],
    ['a line break', { from: '/messages\n' }],
    ['a relative path', { from: 'messages' }],
    ['the sign-in page itself', { from: '/login-patient?rsn=iact' }],
  ])('is none for %s', (_, state) => {
    expect(returnPathOf(state)).toBeUndefined();
  });
});
