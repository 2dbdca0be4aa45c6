/**
 * The key of a row the activity form lists and can remove (a query parameter, an experience, a
 * change, a style property), given when the row is made: when a row goes, React keeps each other
 * row's inputs, focus and ids with that row instead of with its place. Only the form reads it: the
 * definition sent to the server is built field by field without it.
 */
let made = 0;

export function formKey(): string {
  made += 1;
  return `row-${made}`;
}
