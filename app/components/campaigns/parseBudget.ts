// demo:file (npm run demo:remove deletes this file)
/** A budget input's text: '' -> null (no budget); else the number (the model says when it is not a whole number or too big). */
export function parseBudget(text: string): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
}
