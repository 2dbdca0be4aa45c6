/**
 * A page typed or searched for a report's `page` parameter (report-param-page.tsx), found among the
 * period's most viewed pages: by its whole address, its path, or its title (case and accents
 * ignored). Pure.
 */

/** A page the analyst can choose: its address (the parameter's value) and its title. */
export interface PageOption {
  url: string;
  title: string;
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname + new URL(url).search : url);

/**
 * The address of the page the text names: an option whose address, path or title it is; a whole
 * web address not among the options as it is (a page the period's list leaves out); else undefined.
 */
export function choosePage(text: string, options: readonly PageOption[]): string | undefined {
  const wanted = folded(text);
  if (wanted === '') return undefined;
  const found = options.find((option) => folded(option.url) === wanted || folded(pathOf(option.url)) === wanted || folded(option.title) === wanted);
  if (found) return found.url;
  return /^https?:\/\/\S+$/i.test(text.trim()) ? text.trim() : undefined;
}

/** What the field shows for a chosen address: its title when the options know it. */
export function pageText(url: string, options: readonly PageOption[]): string {
  return options.find((option) => option.url === url)?.title ?? url;
}
