import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useFormSubmit } from './use-form-submit';

const fieldNames = ['email', 'name'] as const;

describe('useFormSubmit', () => {
  it("shows the browser's problems and calls nothing", async () => {
    const send = vi.fn(async () => undefined);
    const { result } = renderHook(() => useFormSubmit(fieldNames));
    let sent = true;
    await act(async () => {
      sent = await result.current.submit({ email: 'Please enter a valid e-mail address.' }, send);
    });
    expect(sent).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ fields: { email: 'Please enter a valid e-mail address.' } });
  });

  it("places a refusal's problems beside their fields and the rest on the form, and is no longer busy", async () => {
    const { result } = renderHook(() => useFormSubmit(fieldNames));
    let sent = true;
    await act(async () => {
      sent = await result.current.submit({}, async () => {
        throw new ApiError(400, 'Please correct the form.', [
          { field: 'name', message: 'Too long.' },
          { field: 'phone', message: 'Not a phone number.' },
        ]);
      });
    });
    expect(sent).toBe(false);
    expect(result.current.errors).toEqual({ fields: { name: 'Too long.' }, form: 'Not a phone number.' });
    expect(result.current.submitting).toBe(false);
  });

  it('is busy while the call runs, then clears the earlier errors and answers true', async () => {
    const { result } = renderHook(() => useFormSubmit(fieldNames));
    await act(async () => {
      await result.current.submit({ name: 'Please enter your name.' }, async () => undefined);
    });
    let finish: () => void = () => undefined;
    let submitted: Promise<boolean> = Promise.resolve(false);
    act(() => {
      submitted = result.current.submit({}, () => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.submitting).toBe(true);
    expect(result.current.errors).toEqual({ fields: {} });
    await act(async () => {
      finish();
      await expect(submitted).resolves.toBe(true);
    });
    expect(result.current.submitting).toBe(false);
  });
});
