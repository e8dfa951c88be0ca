import { describe, expect, it, vi } from 'vitest';
import { callApi, getData } from '../../lib/http/client';
import { listProducts, uploadProductImage } from './api';

vi.mock('../../lib/http/client', () => ({
  callApi: vi.fn(),
  getData: vi.fn(),
  postData: vi.fn(),
  putData: vi.fn(),
}));

describe('the catalogue API calls', () => {
  it('sends an image as the raw body, typed as the file is', async () => {
    const file = new File(['png'], 'milk.png', { type: 'image/png' });
    await uploadProductImage(12, file);
    expect(callApi).toHaveBeenCalledWith({
      method: 'PUT',
      url: '/products/12/image',
      data: file,
      headers: { 'Content-Type': 'image/png' },
    });
  });

  it('asks for low stock only when it is wanted', async () => {
    await listProducts({ status: 'active', lowStock: true, page: 1, pageSize: 50 });
    await listProducts({ q: 'milk', status: 'all', lowStock: false, page: 2, pageSize: 25 });
    expect(vi.mocked(getData).mock.calls).toEqual([
      ['/products', { status: 'active', lowStock: 'true', page: 1, pageSize: 50 }],
      ['/products', { q: 'milk', status: 'all', page: 2, pageSize: 25 }],
    ]);
  });
});
