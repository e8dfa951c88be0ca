import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as api from '../features/account/api';
import { readExpiresAt, saveEmail, saveExpiresAt, saveRenewedToken, saveToken } from '../lib/http/session';
import { useSessionExpiryKeptCurrent } from './use-session-expiry';

vi.mock('../features/account/api');

describe('useSessionExpiryKeptCurrent', () => {
  it('records the expiry of a renewed token, and stops once the page is gone', async () => {
    saveToken('old-token');
    saveEmail('ann@example.com');
    saveExpiresAt('2026-12-01T00:00:00.000Z');
    vi.mocked(api.retrieveCustomerStatus).mockResolvedValue({
      customerID: 42,
      accountStatus: 'active',
      emailVerified: true,
      sessionExpiresAt: '2026-12-31T00:00:00.000Z',
      signedIn: true,
    });
    const { unmount } = renderHook(() => useSessionExpiryKeptCurrent());

    saveRenewedToken('new-token');
    await waitFor(() => expect(readExpiresAt()).toBe('2026-12-31T00:00:00.000Z'));

    unmount();
    vi.mocked(api.retrieveCustomerStatus).mockClear();
    saveRenewedToken('newer-token');
    expect(api.retrieveCustomerStatus).not.toHaveBeenCalled();
  });
});
