/**
 * The product's name, in one place: page titles (the layout's title template),
 * the header, the home page, the web manifest, mail (layout footer and the
 * default `MAIL_FROM`), better-auth's `appName`, the OpenAPI title and the
 * tracing service name all read it. Renaming the app is this line, plus what
 * a constant cannot reach: `app/icon.svg` and the `name` in package.json
 * (docs/development.md, "Make it yours"). `appName.test.ts` fails on a copy
 * of the name anywhere else.
 */
export const appName = 'Active Controller Starter';
