/** How a scaffold turns a model's name into words for labels and variable names. */

/** `Line Item` from `LineItem`, `API Key` from `APIKey`. */
export const words = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');

/** `line item` from `Line Item`, in running text ("New line item"); an acronym keeps its capitals (`API key`). */
export const lowerWords = (text: string) =>
  text
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');

/** `campaign` from `Campaign`: a variable name. */
export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `line items` from `LineItems` or `Line Items`: a name in running text. */
export const runningText = (name: string) => lowerWords(words(name.replace(/ /g, '')));

/**
 * `Due on` from `dueOn`, `Image URL` from `imageURL`: a field's label (form, table header, detail, and the
 * browser test that finds the input by it), in sentence case like the rest of the pages ("API keys").
 */
export const fieldWords = (name: string) => {
  const text = lowerWords(words(name));
  return text.charAt(0).toUpperCase() + text.slice(1);
};
