const count = new Intl.NumberFormat('ca-ES');

/** The results heading of the search page: "Cap resultat", "1 resultat", "3 resultats". */
export function resultsSummary(resultCount: number): string {
  if (resultCount === 0) return 'Cap resultat';
  return `${count.format(resultCount)} ${resultCount === 1 ? 'resultat' : 'resultats'}`;
}
