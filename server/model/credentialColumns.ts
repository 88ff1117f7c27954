/**
 * Columns named like credentials must be `hidden`. `toJSON()` sends every
 * attribute that is not, in every answer and every `include` of another
 * model, so a `webhookSecret` added to a model one afternoon would reach every
 * reader of its records. Declaring such a model fails at boot instead: hide
 * the column, or, when its value really is meant to be read (a public key,
 * a CSRF token the page needs), list it in `exposed`.
 */

/**
 * The last camelCase word of the attribute names a credential (`passwordHash`, `accessToken`, `secret`),
 * or its last two do (`apiKey`, `stripeApiKey`, `privateKey`): a `Key` alone is too often a storage or
 * sort key (`stagingKey`) to count.
 */
const CREDENTIAL =
  /(?:^|[a-z0-9])(?:Password|Secret|Token|Hash|Salt)$|^(?:password|secret|token|hash|salt)$|(?:^(?:api|private|access|signing|secret|encryption)|[a-z0-9](?:Api|Private|Access|Signing|Secret|Encryption))Key$/;

export function looksLikeCredential(attribute: string): boolean {
  return CREDENTIAL.test(attribute);
}

export function assertCredentialsHidden(
  model: string,
  attributes: readonly string[],
  hidden: ReadonlySet<string>,
  exposed: ReadonlySet<string>,
): void {
  for (const attribute of attributes) {
    if (!looksLikeCredential(attribute) || hidden.has(attribute) || exposed.has(attribute)) continue;
    throw new Error(
      `Model ${model}: "${attribute}" looks like a credential, and toJSON() would send it in every answer ` +
        `and every include of ${model}; add it to \`hidden\`, or to \`exposed\` if it is meant to be read.`,
    );
  }
}
