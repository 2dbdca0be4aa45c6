/**
 * The preposition "de" before a word, as Catalan writes it: "d'" before a vowel sound ("d'Audiència",
 * "d'entrades", "d'admin@…", "d'hores") and "de " otherwise ("de Contingut"). An i or u before
 * another vowel sounds as a consonant and keeps "de" ("de iogurt").
 */
const VOWEL = /^[aàáeèéiíïoòóuúü]/i;
const SEMIVOWEL = /^[iu][aàáeèéiíoòóuú]/i;

export function deBefore(word: string): string {
  const sound = /^h/i.test(word) ? word.slice(1) : word;
  return VOWEL.test(sound) && !SEMIVOWEL.test(sound) ? `d'${word}` : `de ${word}`;
}
