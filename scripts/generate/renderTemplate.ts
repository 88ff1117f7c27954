/**
 * Fills a template of templates/scaffold/: `{{key}}` is replaced by the
 * value; a placeholder alone on its line takes a multi-line value and indents
 * every line like the placeholder. An unknown key is an error naming the
 * template (a typo in an edited template must not produce broken code).
 */
import { GeneratorError } from './parseScaffold';

export function renderTemplate(template: string, values: Readonly<Record<string, string>>, name: string): string {
  const value = (key: string) => {
    const found = values[key];
    if (found === undefined) throw new GeneratorError(`template ${name}: unknown placeholder {{${key}}}`);
    return found;
  };
  const lines: string[] = [];
  for (const line of template.split('\n')) {
    const alone = /^(\s*)\{\{(\w+)\}\}\s*$/.exec(line);
    if (alone) {
      const text = value(alone[2] as string);
      if (text === '') continue; // an empty block leaves no blank line
      for (const part of text.split('\n')) lines.push(part === '' ? '' : `${alone[1]}${part}`);
      continue;
    }
    lines.push(line.replace(/\{\{(\w+)\}\}/g, (_, key: string) => value(key)));
  }
  return lines.join('\n');
}
