// Finds the static imports of a built ES module chunk: `import … from "x"`, `import "x"` and
// `export … from "x"` at the top level. A plain regex over the whole file is not enough: minified
// bundles carry source text inside strings (React Router's error messages contain
// `import { RouterProvider } from "react-router/dom"`), and dynamic `import()` calls must not count.
// So this is a small scanner that skips strings, template literals, comments and regular expressions
// and only looks at `import`/`export` keywords at brace depth 0.

const identifierChar = /[\w$\u0080-\uffff]/;
// After these, a `/` starts a regular expression rather than a division.
const regexAfterPunctuation = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const regexAfterKeyword = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** Returns the module specifiers statically imported (or re-exported) by `source`, in order. */
export function staticImports(source) {
  const specifiers = [];
  let i = 0;

  const skipString = (quote) => {
    for (i++; i < source.length && source[i] !== quote; i++) if (source[i] === '\\') i++;
    i++;
  };
  const readString = () => {
    const start = i;
    skipString(source[i]);
    return source.slice(start + 1, i - 1);
  };
  const skipRegex = () => {
    let inClass = false;
    for (i++; i < source.length; i++) {
      const c = source[i];
      if (c === '\\') i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
    }
    for (i++; i < source.length && identifierChar.test(source[i]); i++); // flags
  };
  // Skips whitespace and comments; returns false at the end of the source.
  const skipTrivia = () => {
    while (i < source.length) {
      if (/\s/.test(source[i])) i++;
      else if (source.startsWith('//', i)) i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
      else if (source.startsWith('/*', i))
        i = source.indexOf('*/', i + 2) === -1 ? source.length : source.indexOf('*/', i + 2) + 2;
      else return true;
    }
    return false;
  };
  const readWord = () => {
    const start = i;
    while (i < source.length && identifierChar.test(source[i])) i++;
    return source.slice(start, i);
  };
  // Reads an import/export clause up to its module specifier. `needsFrom`: the string only counts
  // after `from` (an export clause); otherwise a string right after `import` is a side-effect import.
  const readClause = (needsFrom) => {
    let previousWord = needsFrom ? '' : 'from';
    while (skipTrivia()) {
      const c = source[i];
      if (c === '"' || c === "'") {
        const value = readString();
        if (previousWord === 'from') return value;
        previousWord = ''; // a quoted export name such as `{ "a-b" as c }`
      } else if (identifierChar.test(c)) previousWord = readWord();
      else if (c === ';')
        return undefined; // `export { a, b };` with no `from`
      else if ('{},*'.includes(c)) {
        i++;
        previousWord = '';
      } else return undefined; // `export const …`, `export default …`: not a re-export
    }
    return undefined;
  };

  // Scans code until the end, or (inside a template `${…}`) until the closing brace.
  const scanCode = (insideTemplate) => {
    let depth = 0;
    let previous = ''; // last significant token: a punctuation char, a word, or 'value'
    while (skipTrivia()) {
      const c = source[i];
      if (c === '"' || c === "'") {
        skipString(c);
        previous = 'value';
      } else if (c === '`') {
        skipTemplate();
        previous = 'value';
      } else if (c === '/') {
        if (regexAfterPunctuation.has(previous) || regexAfterKeyword.has(previous)) {
          skipRegex();
          previous = 'value';
        } else {
          i++;
          previous = '/';
        }
      } else if (identifierChar.test(c)) {
        const afterDot = previous === '.';
        const word = readWord();
        previous = /^\d/.test(word) ? 'value' : word;
        if (insideTemplate || depth !== 0 || afterDot || (word !== 'import' && word !== 'export')) continue;
        const keywordEnd = i;
        skipTrivia();
        // `import(` is a lazy dynamic import and `import.meta` is not an import at all.
        if (word === 'import' && (source[i] === '(' || source[i] === '.')) {
          i = keywordEnd;
          continue;
        }
        const specifier = readClause(word === 'export');
        if (specifier !== undefined) specifiers.push(specifier);
        else i = keywordEnd; // not an import form; rescan what follows as ordinary code
        previous = ';';
      } else {
        if (c === '{' || c === '(' || c === '[') depth++;
        else if (c === '}' || c === ')' || c === ']') {
          if (insideTemplate && c === '}' && depth === 0) {
            i++;
            return;
          }
          depth--;
        }
        i++;
        previous = c;
      }
    }
  };
  const skipTemplate = () => {
    for (i++; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') break;
      else if (source.startsWith('${', i)) {
        i += 2;
        scanCode(true);
        i--; // the loop's i++ steps past nothing: scanCode already consumed the closing brace
      }
    }
    i++;
  };

  scanCode(false);
  return specifiers;
}
