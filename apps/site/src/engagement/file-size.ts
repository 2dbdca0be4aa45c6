/** A file's kind and size as the site writes them in Catalan, e.g. "PDF, 120 kB", "WEBM, 1,2 MB". */
const KB = 1000;
const MB = 1000 * KB;

export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} kB`;
  const mb = bytes / MB;
  return `${new Intl.NumberFormat('ca', { maximumFractionDigits: mb < 10 ? 1 : 0 }).format(mb)} MB`;
}

/** The extension of a path or file name, in capitals ('PDF'); undefined without one. */
export function fileKind(pathOrName: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,8})(?:[?#].*)?$/.exec(pathOrName);
  return match?.[1]?.toUpperCase();
}

export function fileDescription(pathOrName: string, bytes?: number): string {
  return [fileKind(pathOrName), bytes === undefined ? undefined : formatBytes(bytes)].filter(Boolean).join(', ');
}
