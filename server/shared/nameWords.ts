/**
 * A code name (`LineItem`, `dueOn`, `APIKey`) as words people read: the
 * scaffold's labels and the factory's seeded values say the same words.
 * Customise here (and regenerate) to label fields another way.
 */

/** `Line Item` from `LineItem`, `API Key` from `APIKey`. */
export function nameWords(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
}

/**
 * `line item` from `Line Item`, in running text ("New line item"); an acronym keeps its capitals (`API key`),
 * its plural too (`SKUs`).
 */
export function lowerWords(text: string): string {
  return text
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}s?$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** `Due on` from `dueOn`, `Image URL` from `imageURL`, `Line item` from `LineItem`: sentence case, as the pages are. */
export function sentenceWords(name: string): string {
  const text = lowerWords(nameWords(name));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
