/**
 * What a visitor typed into the server's first view before the app replaced it (app.tsx): the app
 * renders the page anew, so without this a search box filled in the first few hundred milliseconds
 * would come back empty. Fields are matched by id, else by form position and name.
 */
export interface TypedFields {
  values: Map<string, string>;
  /** The key of the field that had focus, to give it back. */
  focused: string | undefined;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', '']);

function fieldsOf(container: ParentNode): Field[] {
  return [...container.querySelectorAll<Field>('input, textarea')].filter((field) => field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type));
}

function keyOf(field: Field, index: number): string {
  return field.id !== '' ? `#${field.id}` : `${index}:${field.name}`;
}

/** The fields whose value the visitor changed, and the focused one. */
export function captureTypedFields(container: ParentNode, active: Element | null): TypedFields {
  const values = new Map<string, string>();
  let focused: string | undefined;
  fieldsOf(container).forEach((field, index) => {
    if (field.value !== field.defaultValue) values.set(keyOf(field, index), field.value);
    if (field === active) focused = keyOf(field, index);
  });
  return { values, focused };
}

/** Puts the typed values and the focus back into the app's fields of the same keys. */
export function restoreTypedFields(container: ParentNode, typed: TypedFields): void {
  fieldsOf(container).forEach((field, index) => {
    const key = keyOf(field, index);
    const value = typed.values.get(key);
    if (value !== undefined) field.value = value;
    if (key === typed.focused) field.focus();
  });
}
