/** How a scaffold turns a model's name into words for labels and variable names. */

import { lowerWords, nameWords, sentenceWords } from '@/server/shared';

export { lowerWords };

/** `Line Item` from `LineItem`, `API Key` from `APIKey`. */
export const words = nameWords;

/** `campaign` from `Campaign`: a variable name. */
export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `line items` from `LineItems` or `Line Items`: a name in running text. */
export const runningText = (name: string) => lowerWords(words(name.replace(/ /g, '')));

/**
 * `Due on` from `dueOn`, `Image URL` from `imageURL`: a field's label (form, table header, detail, and the
 * browser test that finds the input by it), in sentence case like the rest of the pages ("API keys").
 */
export const fieldWords = sentenceWords;
