import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  ESTIMATE_SUBURB_KEY,
  saveEmail,
  saveToken,
  sessionKeys,
  watchSessionChanges,
  type SessionChange,
} from './session';

/** Writes as another tab would, then tells this tab the way the browser does: one storage event per key written. */
function inAnotherTab(writes: Record<string, string | null>): void {
  for (const [key, value] of Object.entries(writes)) {
    const oldValue = localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(
      new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }),
    );
  }
}

function signedInHereAs(email: string, token = 'Bearer first'): void {
  localStorage.setItem(sessionKeys.token, token);
  localStorage.setItem(sessionKeys.email, email);
}

let stop: () => void = () => undefined;

function watch() {
  const onChange = vi.fn<(change: SessionChange) => void>();
  stop = watchSessionChanges(onChange);
  return onChange;
}

afterEach(() => stop());

describe('the session other tabs leave', () => {
  it('another tab signing in as another customer is a switch', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    inAnotherTab({ [sessionKeys.token]: 'Bearer ben', [sessionKeys.email]: 'ben@example.test' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('switched');
  });

  it('another tab signing out ends the session here, once for all the keys it removes', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    inAnotherTab({ [sessionKeys.token]: null, [sessionKeys.expiresAt]: null, [sessionKeys.email]: null });
    expect(onChange.mock.calls).toEqual([['ended']]);
  });

  it('a token renewed by another tab for the same customer changes nothing', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    inAnotherTab({ [sessionKeys.token]: 'Bearer renewed' });
    inAnotherTab({ [sessionKeys.expiresAt]: '2030-01-01T00:00:00.000Z' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a sign-in in another tab is reported once its email says whose session it is', () => {
    const onChange = watch();
    inAnotherTab({ [sessionKeys.token]: 'Bearer ben' });
    expect(onChange).not.toHaveBeenCalled();
    inAnotherTab({ [sessionKeys.email]: 'ben@example.test' });
    expect(onChange.mock.calls).toEqual([['switched']]);
  });

  it('signing out and in again as the same customer in another tab is reported twice', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    inAnotherTab({ [sessionKeys.token]: null, [sessionKeys.email]: null });
    inAnotherTab({ [sessionKeys.token]: 'Bearer again', [sessionKeys.email]: 'ann@example.test' });
    expect(onChange.mock.calls).toEqual([['ended'], ['switched']]);
  });

  it("this tab's own sign-in is not taken for another tab's when the token is renewed later", () => {
    const onChange = watch();
    saveToken('ben-token');
    saveEmail('ben@example.test');
    inAnotherTab({ [sessionKeys.token]: 'Bearer ben-renewed' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("this tab's own sign-out is not reported when another tab clears what is left", () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    clearSession();
    inAnotherTab({ [sessionKeys.token]: null });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keys that are not the session are ignored', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    localStorage.setItem(sessionKeys.email, 'ben@example.test');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'storefront.guestCart', storageArea: localStorage }),
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('another tab clearing all of localStorage ends the session here', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(onChange.mock.calls).toEqual([['ended']]);
  });

  it('stops watching when asked', () => {
    signedInHereAs('ann@example.test');
    const onChange = watch();
    stop();
    inAnotherTab({ [sessionKeys.token]: null });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('clearing the session', () => {
  it('forgets the suburb the product page quoted delivery to', () => {
    signedInHereAs('ann@example.test');
    localStorage.setItem(ESTIMATE_SUBURB_KEY, '17');
    clearSession();
    expect(localStorage.getItem(ESTIMATE_SUBURB_KEY)).toBeNull();
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();
  });
});
