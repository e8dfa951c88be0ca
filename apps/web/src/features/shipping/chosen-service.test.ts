import { describe, expect, it } from 'vitest';
import { readChosenService, saveChosenService } from './chosen-service';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('chosen delivery option', () => {
  it('is standard until one is chosen, then the chosen one', () => {
    const storage = memoryStorage();
    expect(readChosenService(storage)).toBe('standard');
    saveChosenService('express', storage);
    expect(readChosenService(storage)).toBe('express');
    saveChosenService('standard', storage);
    expect(readChosenService(storage)).toBe('standard');
  });

  it('is standard when storage holds something else or is unavailable', () => {
    const storage = memoryStorage();
    storage.setItem('storefront.shippingService', 'overnight');
    expect(readChosenService(storage)).toBe('standard');
    expect(readChosenService(null)).toBe('standard');
  });
});
