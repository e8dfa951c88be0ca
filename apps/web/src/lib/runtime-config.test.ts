import { afterEach, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL } from '@storefront/contract/limits';
import { readRuntimeConfig } from './runtime-config';

function serve(config: unknown) {
  Reflect.set(window, RUNTIME_CONFIG_GLOBAL, config);
}

afterEach(() => {
  Reflect.deleteProperty(window, RUNTIME_CONFIG_GLOBAL);
});

describe('the runtime config', () => {
  it("reads what the server wrote, the shop's ABN included", () => {
    serve({
      apiBaseUrl: 'https://api.example.com.au/',
      debugConsole: true,
      googleClientId: 'client',
      storeAbn: '51824753556',
      contactEmail: 'hello@harbourgrocer.example',
    });
    expect(readRuntimeConfig()).toEqual({
      apiBaseUrl: 'https://api.example.com.au',
      debugConsole: true,
      googleClientId: 'client',
      storeAbn: '51824753556',
      contactEmail: 'hello@harbourgrocer.example',
    });
  });

  it('shows no ABN that is not one, and falls back to same-origin defaults without a config', () => {
    serve({ apiBaseUrl: '', debugConsole: false, googleClientId: null, storeAbn: '12345678901' });
    expect(readRuntimeConfig().storeAbn).toBeNull();
    Reflect.deleteProperty(window, RUNTIME_CONFIG_GLOBAL);
    expect(readRuntimeConfig()).toEqual({
      apiBaseUrl: '',
      debugConsole: false,
      googleClientId: null,
      storeAbn: null,
      contactEmail: null,
    });
  });

  it('gives no contact address that is not a plain address (it becomes a mailto: link)', () => {
    serve({ contactEmail: 'Harbour Grocer <hello@harbourgrocer.example>' });
    expect(readRuntimeConfig().contactEmail).toBeNull();
    serve({ contactEmail: 42 });
    expect(readRuntimeConfig().contactEmail).toBeNull();
  });
});
