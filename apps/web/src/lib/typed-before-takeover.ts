/**
 * What a visitor typed or ticked in a pre-rendered page before the app took it over (while `#root` is
 * aria-busy), by field name: taking the page over sets every form field to the form's start value, so without
 * this an e-mail typed in the first seconds on a slow phone would vanish.
 */
const typed = new Map<string, string | boolean>();

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
/** A radio button is one of several fields of the same name: it is kept by its value too. */
const keyOf = (field: Field) => (field.type === 'radio' ? `${field.name}=${field.value}` : field.name);

/** Starts noting what is typed in `root`'s fields while `root` is aria-busy. */
export function keepTypedBeforeTakeover(root: HTMLElement) {
  const note = (event: Event) => {
    const field = event.target;
    if (root.getAttribute('aria-busy') !== 'true' || !isField(field) || !field.name) return;
    typed.set(keyOf(field), isToggle(field) ? field.checked : field.value);
  };
  root.addEventListener('input', note, true);
  root.addEventListener('change', note, true);
}

/** The value setter of the field's own kind, which React's change tracking sees (an assignment it would not). */
function setValue(field: Field, value: string) {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * Once the app has taken the page over, puts back what was typed before, as if it were typed now: the app's forms
 * hear it as input. A field the page no longer has is skipped.
 */
export function restoreTypedBeforeTakeover(root: HTMLElement) {
  for (const [key, value] of typed) {
    const [name = '', radioValue] = key.split('=');
    const candidates = [...root.querySelectorAll<Field>('input, textarea')].filter((field) => field.name === name);
    const field = radioValue === undefined ? candidates[0] : candidates.find((f) => f.value === radioValue);
    if (!field) continue;
    if (typeof value === 'boolean') {
      if (isToggle(field) && field.checked !== value) field.click();
    } else if (field.value !== value) {
      setValue(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  typed.clear();
}
