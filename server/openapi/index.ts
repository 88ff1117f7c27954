export { generateOpenApi, type OpenApiDocument, type OpenApiOptions } from './generateOpenApi';
export type { JsonSchema } from './jsonSchema';
