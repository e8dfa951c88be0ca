import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareToasts, registerToaster, setToasterRequest, toast } from './toast';

/** Mounting the host takes a while: a request that never settles within the test. */
const mountingHost = () => vi.fn(() => new Promise<void>(() => undefined));
const plainToasts = () => [...document.querySelectorAll('[data-testid="plain-toast"]')];
const plainToastTexts = () => plainToasts().map((t) => t.querySelector('.plain-toast__text')?.textContent);

afterEach(() => {
  registerToaster(null);
  setToasterRequest(null);
  vi.useRealTimers();
  document.getElementById('plain-toasts')?.remove();
});

/** Ant Design's toast API: each toast answers a function that closes it, recorded in `closed` by its text. */
function makeToaster() {
  const closed: string[] = [];
  const showing = () =>
    vi.fn((text: string) => () => {
      closed.push(text);
    });
  return { closed, success: showing(), error: showing(), info: showing(), warning: showing() };
}

describe('toast', () => {
  it('a toast asked for before the host is there mounts it, and shows once it is', () => {
    const mountHost = mountingHost();
    setToasterRequest(mountHost);
    toast.error('Please check your network connection and try again.');
    expect(mountHost).toHaveBeenCalledOnce();

    const toaster = makeToaster();
    registerToaster(toaster);
    expect(toaster.error).toHaveBeenCalledExactlyOnceWith(
      'Please check your network connection and try again.',
    );
    toast.success('Saved.');
    expect(toaster.success).toHaveBeenCalledExactlyOnceWith('Saved.');
  });

  it('a form can have the host mounted ahead of its first toast, even before the layout is there', () => {
    prepareToasts();
    const mountHost = mountingHost();
    setToasterRequest(mountHost);
    expect(mountHost).toHaveBeenCalledOnce();
  });

  it('the same toast asked for again while it is on screen shows once; a different one shows', () => {
    vi.useFakeTimers();
    const toaster = makeToaster();
    registerToaster(toaster);
    toast.error('Offline again.');
    toast.error('Offline again.');
    toast.error('Something else.');
    expect(toaster.error.mock.calls).toEqual([['Offline again.'], ['Something else.']]);
    vi.advanceTimersByTime(3001);
    toast.error('Offline again.');
    expect(toaster.error).toHaveBeenCalledTimes(3);
  });

  it('a toast can be closed before its time, and the same message then shows again at once', () => {
    vi.useFakeTimers();
    const toaster = makeToaster();
    registerToaster(toaster);
    const close = toast.error('Closed early.');
    // Asked for again while on screen: not shown twice, and either answer closes the one on screen.
    const closeRepeat = toast.error('Closed early.');
    closeRepeat();
    expect(toaster.closed).toEqual(['Closed early.']);
    close();
    expect(toaster.closed).toEqual(['Closed early.']);

    const closeNext = toast.error('Closed early.');
    expect(toaster.error).toHaveBeenCalledTimes(2);
    // The first showing's close does not close a later one.
    close();
    expect(toaster.closed).toEqual(['Closed early.']);
    closeNext();
    expect(toaster.closed).toEqual(['Closed early.', 'Closed early.']);
  });

  it('a toast closed while it waits for the host is never shown', () => {
    setToasterRequest(mountingHost());
    const close = toast.error('Closed while waiting.');
    toast.success('Kept.');
    close();
    const toaster = makeToaster();
    registerToaster(toaster);
    expect(toaster.error).not.toHaveBeenCalled();
    expect(toaster.success).toHaveBeenCalledExactlyOnceWith('Kept.');
  });

  it('a toast shown plainly can be closed before its time', async () => {
    setToasterRequest(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const close = toast.error('Closed plainly.');
    toast.info('Still here.');
    await vi.waitFor(() => expect(plainToastTexts()).toEqual(['Closed plainly.', 'Still here.']));
    close();
    expect(plainToastTexts()).toEqual(['Still here.']);
  });

  it("a toast whose host's code cannot be fetched shows plainly as an alert, and the next toast asks for the host again", async () => {
    vi.useFakeTimers();
    const mountHost = vi.fn<() => Promise<void>>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    setToasterRequest(mountHost);

    toast.error('Please check your connection.');
    await vi.waitFor(() => expect(plainToasts()).toHaveLength(1));
    const [shown] = plainToasts();
    expect(shown?.getAttribute('role')).toBe('alert');
    expect(shown?.textContent).toContain('Please check your connection.');
    vi.advanceTimersByTime(3001);
    expect(plainToasts()).toHaveLength(0);

    mountHost.mockImplementation(() => new Promise(() => undefined));
    const asked = mountHost.mock.calls.length;
    toast.success('Saved.');
    expect(mountHost).toHaveBeenCalledTimes(asked + 1);
    const toaster = makeToaster();
    registerToaster(toaster);
    expect(toaster.success).toHaveBeenCalledExactlyOnceWith('Saved.');
    expect(plainToasts()).toHaveLength(0);
  });

  it('plain toasts show at most three at once, the newest kept', async () => {
    setToasterRequest(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    for (const text of ['One.', 'Two.', 'Three.', 'Four.']) toast.info(text);
    await vi.waitFor(() => expect(plainToastTexts()).toEqual(['Two.', 'Three.', 'Four.']));
    expect(plainToasts()[0]?.getAttribute('role')).toBe('status');
  });
});
