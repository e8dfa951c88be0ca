import { useEffect } from 'react';
import { recordSessionExpiry } from '../features/account/user-info-slice';
import { onTokenRenewed } from '../lib/http/session';

/** A renewed token lives longer than the one it replaced: the stored expiry marker follows it. */
export function useSessionExpiryKeptCurrent(): void {
  useEffect(() => onTokenRenewed(() => void recordSessionExpiry()), []);
}
