/**
 * How long the file's object URL stays valid after the click: some browsers read it only once the
 * download starts, so revoking it at once can cancel the download.
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves `value` as a JSON file in the admin's browser: the one place the area touches downloads. */
export function saveJsonFile(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
