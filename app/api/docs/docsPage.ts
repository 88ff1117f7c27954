/**
 * The HTML of /api/docs: Scalar's API reference on /api/openapi.json, with
 * the script served by the app itself (/api/docs/scalar.js), so the page works
 * offline and under a Content-Security-Policy that allows scripts from this
 * origin only. No inline script: Scalar reads its configuration from the
 * `data-*` attributes of a `type="application/json"` element, which browsers
 * never execute. Change the look or behaviour in `SCALAR_CONFIGURATION`
 * (https://github.com/scalar/scalar, "Configuration").
 */

/** Options Scalar reads at start-up; everything that would reach another origin is off. */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false, // fonts.scalar.com
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true, // "open in Scalar's hosted client"
};

/** Scripts and connections from this origin only; styles inline (Scalar's components set style attributes). */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function docsPage(openApiUrl: string, scriptUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${attribute(openApiUrl)}" data-configuration="${attribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
    <script src="${attribute(scriptUrl)}"></script>
  </body>
</html>
`;
}
