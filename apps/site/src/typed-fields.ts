/**
 * What a visitor typed into the server's first view before the app replaced it (app.tsx): the app
 * renders the page anew, so without this a search box filled in the first few hundred milliseconds
 * would come back empty. Fields are matched by name and order (keyedFields).
 */
export interface TypedFields {
  /** A text field's value, a box's or option's checked state. */
  values: Map<string, string | boolean>;
  /** The key of the field that had focus, to give it back. */
  focused: string | undefined;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

// A password too: a sign-in submitted before the app starts is sent by the app (early-input/), with it.
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);
const CHECKED_TYPES = new Set(['checkbox', 'radio']);

function fieldsOf(container: ParentNode): Field[] {
  return [...container.querySelectorAll<Field>('input, textarea')].filter((field) => field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type) || CHECKED_TYPES.has(field.type));
}

const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && CHECKED_TYPES.has(field.type);

/**
 * Each field's key: its name (an option's with its value), and which of the fields of that name it
 * is. Not its id: React's generated ids (useId) differ between the server's rendering and the app's.
 */
function keyedFields(container: ParentNode): [key: string, field: Field][] {
  const seen = new Map<string, number>();
  return fieldsOf(container).map((field) => {
    const name = isCheckable(field) ? `${field.name}=${field.value}` : field.name;
    const nth = seen.get(name) ?? 0;
    seen.set(name, nth + 1);
    return [`${name}#${nth}`, field];
  });
}

/** The fields whose value the visitor changed, and the focused one. */
export function captureTypedFields(container: ParentNode, active: Element | null): TypedFields {
  const values = new Map<string, string | boolean>();
  let focused: string | undefined;
  for (const [key, field] of keyedFields(container)) {
    if (isCheckable(field)) {
      if (field.checked !== field.defaultChecked) values.set(key, field.checked);
    } else if (field.value !== field.defaultValue) values.set(key, field.value);
    if (field === active) focused = key;
  }
  return { values, focused };
}

/** Puts the typed values and the focus back into the app's fields of the same keys. */
export function restoreTypedFields(container: ParentNode, typed: TypedFields): void {
  for (const [key, field] of keyedFields(container)) {
    const value = typed.values.get(key);
    if (typeof value === 'boolean' && isCheckable(field)) field.checked = value;
    else if (typeof value === 'string') field.value = value;
    if (key === typed.focused) field.focus();
  }
}
