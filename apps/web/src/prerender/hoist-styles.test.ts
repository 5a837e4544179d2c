import { describe, expect, it } from 'vitest';
import { hoistStyles } from './hoist-styles';

describe('hoistStyles', () => {
  it('gathers the class styles into one element named by all their classes, and keeps global styles apart', () => {
    const html =
      '<style data-emotion="css-global 1a">body{margin:0}</style><div>' +
      '<style data-emotion="css 2b">.css-2b{color:red}</style><p class="css-2b">a</p>' +
      '<style data-emotion="css 3c 4d">.css-3c{gap:1px}.css-4d{gap:2px}</style><p class="css-3c">b</p></div>';
    expect(hoistStyles(html)).toEqual({
      styles:
        '<style data-emotion="css-global 1a">body{margin:0}</style>' +
        '<style data-emotion="css 2b 3c 4d">.css-2b{color:red}.css-3c{gap:1px}.css-4d{gap:2px}</style>',
      body: '<div><p class="css-2b">a</p><p class="css-3c">b</p></div>',
    });
  });
});
