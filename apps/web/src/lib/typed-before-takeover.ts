/**
 * What a visitor typed or ticked in a pre-rendered page before the app took it over (while `#root` is
 * aria-busy): taking the page over sets every form field to the form's start value, so without this an e-mail
 * typed in the first seconds on a slow phone would vanish.
 */
interface TypedEntry {
  name: string;
  /** The text typed, or a tick box's or radio button's own value. */
  value: string;
  /** For a tick box or radio button: whether it was left ticked. */
  checked?: boolean;
}

/** By field name; a tick box or radio button by its value too, as several may share a name. */
const typed = new Map<string, TypedEntry>();
let stopNoting = () => {};

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Starts noting what is typed in the fields of a pre-rendered `root`, until the app has taken it over. */
export function keepTypedBeforeTakeover(root: HTMLElement) {
  const note = (event: Event) => {
    const field = event.target;
    if (!isField(field) || !field.name) return;
    const { name, value } = field;
    if (isToggle(field)) typed.set(JSON.stringify([name, value]), { name, value, checked: field.checked });
    else typed.set(name, { name, value });
  };
  root.addEventListener('input', note, true);
  root.addEventListener('change', note, true);
  stopNoting = () => {
    root.removeEventListener('input', note, true);
    root.removeEventListener('change', note, true);
  };
}

/** The value setter of the field's own kind, which React's change tracking sees (an assignment it would not). */
function setValue(field: Field, value: string) {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * Once the app has taken the page over, stops noting and puts back what was typed before, as if it were typed
 * now: the app's forms hear it as input. A field the page no longer has is skipped.
 */
export function restoreTypedBeforeTakeover(root: HTMLElement) {
  stopNoting();
  const fields = [...root.querySelectorAll<Field>('input, textarea')];
  for (const { name, value, checked } of typed.values()) {
    const named = fields.filter((field) => field.name === name);
    if (checked === undefined) {
      const field = named.find((candidate) => !isToggle(candidate));
      if (field && field.value !== value) {
        setValue(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    } else {
      const toggle = named.filter(isToggle).find((candidate) => candidate.value === value);
      if (toggle && toggle.checked !== checked) toggle.click();
    }
  }
  typed.clear();
}
