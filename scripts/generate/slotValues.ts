/**
 * The template values of a resource's file slots (`photo:image`, `manual:attachment`, the lists
 * `photos:images`, `files:attachments`): the model's `attachments`, the controller's `attach` and
 * `detach` and what its `get` loads, the record page's upload widgets. Slots are not columns (nothing
 * of fieldTypes.ts applies to them), so they have a file of their own and scaffoldFiles.ts stays
 * about the columns. A resource without slots gets no attach, detach or widget.
 */
import { attachmentLabel, isImageSlot, isListSlot, pickerRules, slotDeclaration } from './attachmentTypes';
import { lines, quoteList } from './lines';
import type { Resource } from './parseScaffold';

/** `include`: the associations the controller's `get` loads (the references), before the slots. */
export function slotValues(resource: Resource, include: readonly string[]): Record<string, string> {
  const { name: Name } = resource;
  const rec = resource.camel;
  // File slots: loaded (and their URLs signed) for one record, not for every row of the list.
  const slots = resource.attachments.map((attachment) => attachment.name);
  const getInclude = [...include, ...slots];
  const slotWords = slots.length > 1 ? `${slots.slice(0, -1).join("', '")}' or '${slots.at(-1)}` : slots[0];
  const slotEnum = `z.enum([${quoteList(slots)}], "must be '${slotWords}'")`;
  // List slots (`photos:images`): attach appends, and detach names the file to remove.
  const listSlots = resource.attachments.filter(isListSlot).map((attachment) => attachment.name);
  const oneSlots = resource.attachments.filter((attachment) => !isListSlot(attachment)).map((a) => a.name);
  const attachInputs =
    slots.length === 0
      ? ''
      : lines([
          'const attachInput = z.object({',
          `  slot: ${slotEnum},`,
          '  assetId: z.number().int().positive(),',
          '});',
          listSlots.length === 0
            ? `const detachInput = z.object({ slot: ${slotEnum} });`
            : lines([
                'const detachInput = z.object({',
                `  slot: ${slotEnum},`,
                '  /** The file to remove from a list slot; without it the slot is emptied. */',
                '  assetId: z.number().int().positive().optional(),',
                '});',
              ]),
        ]);
  // The image job makes thumbnails after the upload: the page asks for the record again (every 2 s) while
  // an image slot's file waits for it, and stops when each is ready or failed (the original is shown).
  const imageSlots = resource.attachments.filter(isImageSlot).map((attachment) => attachment.name);
  const getOptions =
    imageSlots.length === 0
      ? ''
      : `, {\n  // The image job makes thumbnails in the background: look again until it ran (ready or failed).\n  refetchInterval: (query) => (variantsPending(${imageSlots.map((slot) => `query.state.data?.${slot}`).join(', ')}) ? 2_000 : false),\n}`;
  const attachActions =
    slots.length === 0
      ? ''
      : lines([
          '/**',
          ...(listSlots.length === 0
            ? [
                ` * Attaches an uploaded, confirmed file to a slot (${slots.map((slot) => `\`${slot}\``).join(', ')}), replacing the one`,
                ' * it held.',
              ]
            : [
                ` * Attaches an uploaded, confirmed file to a slot (${slots.map((slot) => `\`${slot}\``).join(', ')}): a list`,
                " * slot gains it (up to the slot's `max` in the model, else 422), a single-file slot replaces its file.",
              ]),
          ` * \`load\` finds the record through \`this.relation\` (another team's is a 404); the`,
          ` * asset must have been presigned for this team (else 404) and for \`${Name}.<slot>\` (else 422).`,
          ' */',
          "@action('POST', undefined, { load: true, input: attachInput, output: 'record', summary: 'Attach an uploaded file' })",
          `async attach(${rec}: ${Name}, input: z.infer<typeof attachInput>): Promise<${Name}> {`,
          `  await ${rec}.attach(input.slot, input.assetId);`,
          `  return ${rec}.load(${quoteList(getInclude)});`,
          '}',
          '',
          ...(listSlots.length === 0
            ? [
                '/** Empties a slot; the asset cleanup deletes the detached file after its usual delay. */',
                "@action('POST', undefined, { load: true, input: detachInput, output: 'record', summary: 'Remove an attached file' })",
                `async detach(${rec}: ${Name}, input: z.infer<typeof detachInput>): Promise<${Name}> {`,
                `  await ${rec}.detach(input.slot);`,
              ]
            : [
                '/**',
                " * Removes a file: `{slot, assetId}` that one (a file the slot does not hold, another team's",
                ' * included, is a 404), `{slot}` every file of the slot. The asset cleanup deletes detached files',
                ' * after its usual delay.',
                ' */',
                "@action('POST', undefined, { load: true, input: detachInput, output: 'record', summary: 'Remove an attached file' })",
                `async detach(${rec}: ${Name}, input: z.infer<typeof detachInput>): Promise<${Name}> {`,
                `  const removed = await ${rec}.detach(input.slot, input.assetId);`,
                "  if (input.assetId !== undefined && removed === 0) throw new NotFound('File');",
              ]),
          `  return ${rec}.load(${quoteList(getInclude)});`,
          '}',
        ]);

  return {
    attachments:
      resource.attachments.length === 0
        ? ''
        : lines(['attachments: {', ...resource.attachments.map((a) => `  ${slotDeclaration(a)}`), '},']),
    attachInputs,
    attachActions,
    getInclude: quoteList(getInclude),
    getOptions,
    slotUnion: oneSlots.map((slot) => `'${slot}'`).join(' | '),
    listSlotUnion: listSlots.map((slot) => `'${slot}'`).join(' | '),
    uploads: lines(
      resource.attachments.map((attachment) => {
        const rules = pickerRules(attachment);
        return [
          `<${Name}${isListSlot(attachment) ? 'FilesUpload' : 'FileUpload'}`,
          '  teamId={teamId}',
          '  id={id}',
          `  slot="${attachment.name}"`,
          `  label="${attachmentLabel(attachment)}"`,
          `  accept="${rules.accept}"`,
          `  hint="${rules.hint}"`,
          `  image={${isImageSlot(attachment)}}`,
          isListSlot(attachment)
            ? `  files={${rec}.${attachment.name}.map(toAssetView)}`
            : `  file={${rec}.${attachment.name} ? toAssetView(${rec}.${attachment.name}) : null}`,
          '/>',
        ].join('\n');
      }),
    ),
  };
}
