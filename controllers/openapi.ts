/**
 * The app's OpenAPI description (GET /api/openapi.json, rendered at
 * /api/docs): generated from the same controllers the router serves
 * (docs/openapi.md). Customise here: the title, the version (bump it when
 * the API changes), and the authentication the app accepts.
 */

import { appName } from '@/appName';
import { SESSION_COOKIE } from '@/backend/session';
import { type BuiltRouter, generateOpenApi, type OpenApiDocument } from '@/server';

const API_INFO = {
  title: `${appName} API`,
  version: '1.0.0',
  description: [
    'REST routes of the app, generated from its controllers.',
    'Authenticate with the session cookie of a signed-in browser, or with an API key',
    '(`Authorization: Bearer ak_...`, created by a team owner on the API keys page).',
    'The same procedures are served over tRPC at `/api/trpc` (see `x-trpc-procedure`).',
    'A method a path does not list answers 405.',
  ].join(' '),
};

export function createOpenApiDocument(routers: BuiltRouter): OpenApiDocument {
  return generateOpenApi({
    routers,
    info: API_INFO,
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'Set by POST /api/session (sign-in).',
      },
      apiKey: { type: 'http', scheme: 'bearer', description: 'A team API key: `ak_<prefix>_<secret>`.' },
    },
  });
}
