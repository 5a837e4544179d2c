/** REDCap's longest advised variable name: its dictionary upload warns of a longer one. */
export const VARIABLE_LENGTH = 26;

const trimUnderscores = (text: string) => text.replace(/^_+|_+$/g, '');

/**
 * A REDCap name (variable, matrix group, instrument) for a portal code: lower case, only a-z0-9_ (every other run
 * of characters one underscore), starting with a letter (`q_` put before one that does not), at most `max`
 * characters.
 */
function redcapName(code: string, max: number): string {
  const plain = trimUnderscores(code.toLowerCase().replace(/[^a-z0-9]+/g, '_'));
  const lettered = /^[a-z]/.test(plain) ? plain : `q_${plain}`;
  return trimUnderscores(lettered.slice(0, max));
}

/**
 * Gives each code a REDCap name unique among those given before and `reserved`: a name already taken gets the
 * first free suffix `_2`, `_3`, …, the name cut so that it stays within `max`. Codes are named in the order asked,
 * so the same forms always get the same names.
 */
export function uniqueNames(max: number, reserved: Iterable<string> = []): (code: string) => string {
  const taken = new Set(reserved);
  return (code) => {
    const base = redcapName(code, max);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${trimUnderscores(base.slice(0, max - `_${n}`.length))}_${n}`;
    taken.add(name);
    return name;
  };
}

/** A raw choice code REDCap's dictionary upload takes as it is (its MetaData check): letters, digits, `.`, `_`, `-`. */
const CHOICE_CODE = /^[a-zA-Z0-9._-]+$/;

/**
 * The code of a checkbox choice in its column name (`var___code`), as REDCap writes it: `-` and `.` become
 * underscores, letters lower case, anything else dropped.
 */
export const checkboxCode = (code: string) =>
  code
    .replace(/[-.]/g, '_')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '');

/**
 * REDCap choice codes for a field's portal codes, in the same order. A portal code REDCap takes stays as it is, so
 * records keep the portal's codes; in any other, each character REDCap refuses becomes an underscore. Two codes that
 * would then be the same (for a checkbox field: the same in their column names) get the suffixes `_2`, `_3`, …
 */
export function choiceCodes(portalCodes: readonly string[], checkbox: boolean): string[] {
  const taken = new Set<string>();
  const key = (code: string) => (checkbox ? checkboxCode(code) : code);
  return portalCodes.map((portalCode) => {
    const base = CHOICE_CODE.test(portalCode) ? portalCode : portalCode.replace(/[^a-zA-Z0-9._-]/g, '_');
    let code = base;
    for (let n = 2; taken.has(key(code)); n += 1) code = `${base}_${n}`;
    taken.add(key(code));
    return code;
  });
}
