import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { INT32_MAX } from '@storefront/contract/common';

type SchemaNode = { [key: string]: unknown };

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An integer's format follows from its bounds: int32 when they fit, int64 otherwise (zod's safe integers do). */
function addIntegerFormats(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(addIntegerFormats);
    return;
  }
  if (!isNode(value)) return;
  if (value.type === 'integer' && value.format === undefined) {
    const { minimum, maximum } = value;
    const fits =
      typeof minimum === 'number' &&
      typeof maximum === 'number' &&
      minimum >= -INT32_MAX - 1 &&
      maximum <= INT32_MAX;
    value.format = fits ? 'int32' : 'int64';
  }
  Object.values(value).forEach(addIntegerFormats);
}

const whole = { type: 'integer', format: 'int32', minimum: 0, maximum: INT32_MAX };

/** What @fastify/rate-limit sends on every answer of a limited route, and on a 429. */
const rateLimitHeaders = {
  'X-RateLimit-Limit': { ...whole, description: 'Requests allowed per window.' },
  'X-RateLimit-Remaining': { ...whole, description: 'Requests left in the current window.' },
  'X-RateLimit-Reset': { ...whole, description: 'Seconds until the window starts again.' },
};
const retryAfter = { 'Retry-After': { ...whole, description: 'Seconds to wait before trying again.' } };
const cors = {
  'Access-Control-Allow-Origin': {
    type: 'string',
    format: 'uri',
    maxLength: 2048,
    description: "The request's Origin when it is one of CORS_ORIGINS; absent otherwise.",
  },
};

function documentHeaders(response: SchemaNode, isRateLimited: boolean): void {
  for (const [status, schema] of Object.entries(response)) {
    if (!isNode(schema)) continue;
    if (!isRateLimited) {
      if (status === '429') delete response[status];
      else schema.headers = cors;
      continue;
    }
    if (status === '429') schema.headers = { ...cors, ...rateLimitHeaders, ...retryAfter };
    else if (/^[24]/.test(status)) schema.headers = { ...cors, ...rateLimitHeaders };
    else schema.headers = cors;
  }
}

/** Every tag a route may carry, with what it covers: the document's table of contents. */
export const API_TAGS = [
  {
    name: 'account',
    description: 'Registering, signing in and out, the profile, password resets and email verification.',
  },
  { name: 'catalog', description: 'The shop: products, their categories, search and related products.' },
  {
    name: 'cart',
    description: "The signed-in customer's cart: lines, selection for checkout and the discount code.",
  },
  { name: 'wishlist', description: 'Products saved for later, and moving them into the cart.' },
  {
    name: 'shopping-list',
    description: 'Named lists of products the customer buys often, put into the cart in one go.',
  },
  { name: 'usuals', description: '"My usuals": the products the customer buys most.' },
  { name: 'shipping', description: 'Delivery costs of the cart or a product to a suburb.' },
  {
    name: 'suburbs',
    description: 'Australian suburbs and postcodes, for address forms and the delivery suburb.',
  },
  {
    name: 'addresses',
    description: "The customer's address book, and the address the cart is delivered to.",
  },
  { name: 'delivery', description: 'Delivery windows of an address, with the places left in each.' },
  { name: 'order', description: "Checkout, the customer's orders, and what may change on an open order." },
  {
    name: 'payment',
    description: 'Paying an order: the methods, starting a payment with a provider and capturing it.',
  },
  {
    name: 'wallet',
    description: 'Store credit, gift vouchers and the discount codes offered to the customer.',
  },
  { name: 'newsletter', description: 'Subscribing to and leaving the weekly newsletter.' },
  { name: 'health', description: 'Whether the API answers.' },
  {
    name: 'staff',
    description:
      'The back office under /api/admin/v1, with staff sessions (staffBearer); each operation names the roles it allows.',
  },
];

function hasHook(route: RouteOptions, hook: unknown): boolean {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  return hooks.includes(hook);
}

export type DocsOptions = {
  /** Where the API is reached: PUBLIC_URL when set, else `/` (the host the document was read from). */
  serverUrl: string;
  /** The shop's one contact address (MAIL_FROM's). */
  contactEmail: string;
};

/** OpenAPI generated from the contract's zod schemas: interactive at /api/docs, the document at /api/docs/json. */
export default fp(
  async function docsPlugin(app: FastifyInstance, { serverUrl, contactEmail }: DocsOptions) {
    // Public (OWASP API9 asks each server to say so): the shop, the back office and anyone else use the same address.
    // An `x-` extension, which OpenAPI allows on a server and openapi-types' ServerObject does not list.
    const server = { url: serverUrl, 'x-internal': false };
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Storefront API',
          version: '1.0.0',
          description:
            'Every response is the envelope { code, msg, data }. code 0 is success; codes above 100000 are errors.',
          contact: { name: 'Harbour Grocer', email: contactEmail },
        },
        servers: [server],
        tags: API_TAGS,
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            // Staff sessions are another table, issued by another sign-in: a customer's token is never one.
            staffBearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'A back office (staff) session token.',
            },
          },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const schema: SchemaNode = { ...out.schema };
        addIntegerFormats(schema);
        if (isNode(schema.response)) {
          documentHeaders(schema.response, input.route.config?.rateLimit !== false);
        }
        // No security on a route means anyone may call it; a route that reads a token when one is sent takes both.
        if (!schema.hide && schema.security === undefined) {
          schema.security = hasHook(input.route, app.optionalAuth) ? [{ bearer: [] }, {}] : [{}];
        }
        return { url: out.url, schema };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
