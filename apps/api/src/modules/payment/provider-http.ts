import type { z } from 'zod';
import { decimalToCents, MoneyFormatError } from './money.js';
import { PaymentProviderError, type PaymentProviderName } from './payment-provider.js';

export interface ProviderResponse {
  status: number;
  body: unknown;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** One outbound call with a hard timeout; network failures and timeouts become typed provider errors. */
export async function sendProviderRequest(
  provider: PaymentProviderName,
  request: ProviderRequest,
): Promise<ProviderResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal,
      redirect: 'error',
    });
    const text = await response.text();
    return { status: response.status, body: parseBody(text) };
  } catch (error) {
    if (signal.aborted) {
      throw new PaymentProviderError(provider, 'timeout', `no answer within ${request.timeoutMs} ms`);
    }
    const reason = error instanceof Error ? (errorCause(error) ?? error.message) : 'request failed';
    throw new PaymentProviderError(provider, 'unavailable', `could not reach the provider (${reason})`);
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorCause(error: Error): string | undefined {
  const cause: unknown = error.cause;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return undefined;
}

/** Reads a provider answer through a schema; an answer we cannot read is treated like an outage, not a crash. */
export function readBody<T>(
  provider: PaymentProviderName,
  schema: z.ZodType<T>,
  response: ProviderResponse,
): T {
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw new PaymentProviderError(
      provider,
      'unavailable',
      `unexpected answer (HTTP ${response.status}): ${parsed.error.issues[0]?.message ?? 'unreadable'}`,
      { httpStatus: response.status },
    );
  }
  return parsed.data;
}

export function assertChargeableAmount(provider: PaymentProviderName, amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentProviderError(provider, 'rejected', `amount must be a positive number of cents`);
  }
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A provider's decimal amount in cents; a malformed one is an unreadable answer. */
export function readCents(provider: PaymentProviderName, value: string): number {
  try {
    return decimalToCents(value);
  } catch (error) {
    if (error instanceof MoneyFormatError) {
      throw new PaymentProviderError(provider, 'unavailable', `unreadable amount ${JSON.stringify(value)}`);
    }
    throw error;
  }
}
