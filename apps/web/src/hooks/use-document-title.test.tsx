import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDocumentTitle, useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = 'before';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats "Argo | {title}", or the tagline without one', () => {
    expect(formatDocumentTitle('Login')).toBe('Argo | Login');
    expect(formatDocumentTitle(undefined)).toBe('Argo | Business Intelligence and Insights');
  });

  it('writes the title after 50 ms, and only the last of a quick burst', () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Login' as string | undefined },
    });
    vi.advanceTimersByTime(49);
    expect(document.title).toBe('before');
    rerender({ title: 'Results' });
    vi.advanceTimersByTime(49);
    expect(document.title).toBe('before');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('Argo | Results');
    rerender({ title: undefined });
    vi.advanceTimersByTime(50);
    expect(document.title).toBe('Argo | Business Intelligence and Insights');
  });
});
