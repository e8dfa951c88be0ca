import { describe, expect, it, vi } from 'vitest';
import { prepareToasts, registerToaster, setToasterRequest, toast } from './toast';

function makeToaster() {
  return { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
}

describe('toast', () => {
  it('a toast asked for before the host is there mounts it, and shows once it is', () => {
    const mountHost = vi.fn();
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
    registerToaster(null);
    setToasterRequest(null);
  });

  it('a form can have the host mounted ahead of its first toast, even before the layout is there', () => {
    prepareToasts();
    const mountHost = vi.fn();
    setToasterRequest(mountHost);
    expect(mountHost).toHaveBeenCalledOnce();
    setToasterRequest(null);
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
    registerToaster(null);
    vi.useRealTimers();
  });
});
